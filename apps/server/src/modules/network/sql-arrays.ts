import { type SQL, sql } from 'drizzle-orm';

/**
 * A PostgreSQL array literal with NULL support, passed as one parameter and cast by the caller:
 * `${pgArray(values)}::bigint[]`. Several arrays of the same length unnest into rows, so a batch
 * of any size is one statement with a fixed number of parameters.
 */
export function pgArray(items: readonly (string | number | boolean | null | undefined)[]): string {
  return `{${items
    .map((v) => {
      if (v === null || v === undefined) return 'NULL';
      if (typeof v === 'number' || typeof v === 'boolean') return String(v);
      return `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`;
    })
    .join(',')}}`;
}

/** `${arr(values, 'uuid')}` → the array parameter with its cast. */
export function arr(items: readonly (string | number | boolean | null | undefined)[], type: string): SQL {
  return sql`${pgArray(items)}::${sql.raw(type)}[]`;
}
