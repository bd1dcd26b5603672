/** The licence image as stored: its type by content, the rewritten bytes and its size in pixels. */
export type CleanImage = { type: 'image/jpeg' | 'image/png'; data: Buffer; width: number; height: number };

/** Thrown by the parsers for bytes that are not a well-formed image of their format. */
export class NotAnImage extends Error {}

export function fail(why: string): never {
  throw new NotAnImage(why);
}
