import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Nullable, Row } from '../../db/row.js';

/** The tables partitioned by month (migration 0020) and the column each is partitioned by. */
export const PARTITIONED = [
  { table: 'device_reports', key: sql.raw(`(received_at AT TIME ZONE 'UTC')`) },
  { table: 'device_usage_daily', key: sql.raw('day') },
] as const;

export const PARTITIONS = {
  everyMs: 3_600_000,
  /** months created ahead of the current one */
  ahead: 2,
} as const;

const WATERMARK = 'rollup_watermark';
const firstOfMonth = (ms: number) => `${new Date(ms).toISOString().slice(0, 7)}-01`;

export type PartitionResult = { created: string[]; dropped: string[] };

/**
 * Keeps the monthly partitions (docs/scaling.md "Partitioned time series"): the previous,
 * current and next PARTITIONS.ahead months exist for both tables; a month whose rows landed in a
 * default partition (data older than the partitions, written by hand) gets its partition and
 * the rows move there (`rrp_month_partition`); raw report partitions whose whole month ended more
 * than `rawRetentionDays` ago and whose reports are all rolled up are dropped — a DROP instead of
 * deleting the rows one by one.
 */
export async function maintainPartitions(database: Database, o: { now?: number; rawRetentionDays: number }): Promise<PartitionResult> {
  const now = o.now ?? Date.now();
  const created = new Set<string>();
  // whether it existed is asked first, in its own statement: the order a select list is evaluated in is not defined
  const ensure = async (table: string, month: string) => {
    const name = `${table}_${month.slice(0, 4)}${month.slice(5, 7)}`;
    const [r] = await database.rows<{ existed: boolean }>(sql`SELECT to_regclass(${name}) IS NOT NULL AS existed`);
    if (r.existed) return;
    await database.rows(sql`SELECT rrp_month_partition(${table}, ${month}::date)`);
    created.add(name);
  };
  for (const { table, key } of PARTITIONED) {
    for (let i = -1; i <= PARTITIONS.ahead; i++) {
      const d = new Date(now);
      await ensure(table, firstOfMonth(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + i, 1)));
    }
    const strays = await database.rows<{ month: string }>(
      sql`SELECT DISTINCT to_char(date_trunc('month', ${key}), 'YYYY-MM-01') AS month FROM ${sql.identifier(`${table}_default`)}`,
    );
    for (const s of strays) await ensure(table, s.month);
  }
  const cutoff = now - o.rawRetentionDays * 86_400_000;
  const parts = await database.rows<{ name: string; month: string }>(
    sql`SELECT c.relname AS name, to_char(to_date(right(c.relname, 6), 'YYYYMM'), 'YYYY-MM-DD') AS month
        FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'device_reports'::regclass AND c.relname ~ '^device_reports_[0-9]{6}$' ORDER BY 1`,
  );
  const [wm] = await database.rows<Nullable<Row<'meta', 'value'>>>(sql`SELECT (SELECT value FROM meta WHERE key = ${WATERMARK}) AS value`);
  const dropped: string[] = [];
  const kept = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth() - 1, 1);
  for (const p of parts) {
    const [y, m] = p.month.split('-').map(Number);
    // the month ended before the cutoff, and is older than the months kept ahead of time
    if (Date.UTC(y, m, 1) > cutoff || Date.UTC(y, m - 1, 1) >= kept) continue;
    const [top] = await database.rows<Nullable<Row<'device_reports', 'id'>>>(sql`SELECT max(id)::text AS id FROM ${sql.identifier(p.name)}`);
    if (top.id !== null && (wm.value === null || BigInt(top.id) > BigInt(wm.value))) continue;
    await database.rows(sql`DROP TABLE ${sql.identifier(p.name)}`);
    dropped.push(p.name);
  }
  return { created: [...created], dropped };
}
