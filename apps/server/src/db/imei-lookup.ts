import { SQL, sql } from 'drizzle-orm';
import { textArray } from './arrays.js';
import type { Database, Tx } from './client.js';
import type { Row } from './row.js';

/**
 * A FROM item `wanted(imei)` × `d` (the device holding that IMEI, with the asked columns of
 * `devices`), probing the unique IMEI index once per IMEI of the array (made distinct here), or
 * per row of a query whose first column is `imei` (for a statement that already has them in a
 * CTE; its other columns come along as `wanted.*`).
 *
 * Sets of IMEIs are looked up this way, never by `imei = ANY(…)` or `imei IN (…)`: for those
 * the planner may choose the trigram index of the substring search (migration 0009), whose
 * posting lists for the digit triples all IMEIs share make a thousand lookups take seconds on a
 * large fleet; a join with the array may become a hash join over the whole table. The LIMIT
 * keeps the subquery from being flattened into such a join (docs/performance.md "IMEI sets").
 */
export function devicesByImei(imeis: readonly string[] | SQL, columns: SQL, opts: { keepUnknownUnless?: SQL } = {}): SQL {
  const wanted = imeis instanceof SQL ? sql`(${imeis})` : sql`unnest(${textArray([...new Set(imeis)])}::text[])`;
  const probe = sql`LATERAL (SELECT ${columns} FROM devices WHERE devices.imei = wanted.imei LIMIT 1) AS d`;
  // keepUnknownUnless: every wanted row stays, with `d` NULL where no device matches the condition
  return opts.keepUnknownUnless
    ? sql`${wanted} AS wanted(imei) LEFT JOIN ${probe} ON ${opts.keepUnknownUnless}`
    : sql`${wanted} AS wanted(imei) CROSS JOIN ${probe}`;
}

/**
 * The ids of the devices holding these IMEIs, whichever company holds them, for statements that
 * then lock or change them by id (in id order, as every bulk change of devices does).
 */
export async function deviceIdsByImei(database: Database, imeis: readonly string[], tx?: Tx): Promise<string[]> {
  if (imeis.length === 0) return [];
  const rows = await database.rows<Row<'devices', 'id'>>(sql`SELECT d.id FROM ${devicesByImei(imeis, sql`id`)}`, tx);
  return rows.map((r) => r.id);
}
