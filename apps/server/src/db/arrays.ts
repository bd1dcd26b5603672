/** A PostgreSQL text[] literal, for passing arrays as one parameter (`${textArray(a)}::text[]`). */
export function textArray(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
