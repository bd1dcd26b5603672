import { type SQL, sql } from 'drizzle-orm';
import { pgArray } from '../../db/arrays.js';

/** `${arr(values, 'uuid')}` → the array parameter with its cast (db/arrays.ts pgArray). */
export function arr(items: readonly (string | number | boolean | null | undefined)[], type: string): SQL {
  return sql`${pgArray(items)}::${sql.raw(type)}[]`;
}
