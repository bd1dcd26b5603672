import pg from 'pg';

/**
 * How values arrive from a raw statement, the same on PostgreSQL and PGlite and on every path
 * (Database.rows, prepared, ephemeral, the replica): docs/architecture.md "Typing a query".
 *
 * - timestamptz, timestamp, date, interval (and their arrays): PostgreSQL's text, e.g.
 *   `2026-11-29 01:59:02.419393+00` and `2026-03-04`. Drizzle's `execute` already answers them so;
 *   node-postgres would otherwise make a `Date` (cut to milliseconds, a date at local midnight).
 * - bigint (int8: bigserial, count(*), sum of integers) and numeric: text. PGlite would otherwise
 *   answer a number, or a BigInt past 2^53.
 * - integer, smallint, real, double precision: number; boolean; json/jsonb parsed; uuid and text: string.
 */
const TEXT_OIDS = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);

const asText = (v: string) => v;

/** node-postgres type parsers for a pool or a query (int8 and numeric are text there already). */
export const PG_WIRE_TYPES = {
  getTypeParser: ((id: number, format?: 'text' | 'binary') =>
    TEXT_OIDS.has(id) ? asText : pg.types.getTypeParser(id, format)) as typeof pg.types.getTypeParser,
};

/** PGlite parsers added to its own (drizzle's `execute` adds the date ones per statement). */
export const PGLITE_WIRE_PARSERS: Record<number, (v: string) => unknown> = {
  [pg.types.builtins.INT8]: asText,
  ...Object.fromEntries([...TEXT_OIDS].map((oid) => [oid, asText])),
};
