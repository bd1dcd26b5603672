export const FIRMWARE_LIMITS = {
  /** a firmware image's largest size (stored in the database, so every API node serves it) */
  fileBytes: 20 * 1024 * 1024,
  bodyBytes: 20 * 1024 * 1024 + 64 * 1024,
  versionMax: 40,
  moduleModelMax: 40,
  notesMax: 2000,
  fileNameMax: 120,
} as const;

/** File types a firmware image may have (checked by name; the bytes are served as they came). */
export const FIRMWARE_EXTENSIONS = ['.bin', '.zip', '.img', '.hex', '.pac', '.dfu'] as const;
