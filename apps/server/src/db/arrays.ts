import { type SQL, sql } from 'drizzle-orm';

const NEEDS_ESCAPE = /["\\]/;

/**
 * A PostgreSQL array literal with NULL support, passed as one parameter and cast by the caller:
 * `${pgArray(values)}::bigint[]`. Several arrays of the same length unnest into rows, so a batch
 * of any size is one statement with a fixed number of parameters. (Built in one pass: batches of
 * a thousand reports make several of these per call.)
 */
export function pgArray(items: readonly (string | number | boolean | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < items.length; i++) {
    const v = items[i];
    if (i > 0) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v !== 'string') out += String(v);
    else out += `"${NEEDS_ESCAPE.test(v) ? v.replace(/["\\]/g, (c) => `\\${c}`) : v}"`;
  }
  return `${out}}`;
}

/** A PostgreSQL text[] literal, for passing arrays as one parameter (`${textArray(a)}::text[]`). */
export const textArray = (items: readonly string[]): string => pgArray(items);

/** `${arr(values, 'uuid')}` → the array parameter with its cast. */
export function arr(items: readonly (string | number | boolean | null | undefined)[], type: string): SQL {
  return sql`${pgArray(items)}::${sql.raw(type)}[]`;
}
