import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/helper.js';
import { type SeededDevice, seedCompany, seedDevice } from '../../../test/network-seed.js';
import type { Database } from '../../db/client.js';
import type { As, Count, Nullable, QueryPlan, Row } from '../../db/row.js';
import { storedSince } from '../ingestion/index.js';
import { maintainPartitions } from './partitions.js';

let database: Database;
let device: SeededDevice;
beforeAll(async () => {
  database = await freshDatabase();
  device = await seedDevice(database, await seedCompany(database));
});
afterAll(() => database.close());

const partitionsOf = async (table: string) =>
  (
    await database.rows<{ name: string }>(
      sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = ${table}::regclass ORDER BY 1`,
    )
  ).map((r) => r.name);
const count = async (table: string) => (await database.rows<Count>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0].n;
const month = (offset: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1)).toISOString().slice(0, 7).replace('-', '');
};
/** The partitions a query reads, from its plan. */
async function scanned(query: ReturnType<typeof sql>): Promise<string[]> {
  const [row] = await database.rows<QueryPlan>(sql`EXPLAIN (FORMAT JSON) ${query}`);
  const plan = JSON.stringify(row['QUERY PLAN']);
  return [...new Set([...plan.matchAll(/"Relation Name":\s*"([a-z_0-9]+)"/g)].map((m) => m[1]))].sort();
}

describe('monthly partitions of raw reports and daily roll-ups', () => {
  it('exist from the previous month to two months ahead, and are created ahead as time goes on', async () => {
    for (const table of ['device_reports', 'device_usage_daily']) {
      const parts = await partitionsOf(table);
      for (const m of [-1, 0, 1, 2]) expect(parts).toContain(`${table}_${month(m)}`);
      expect(parts).toContain(`${table}_default`);
    }
    const inFourMonths = new Date();
    inFourMonths.setUTCMonth(inFourMonths.getUTCMonth() + 4, 1);
    const r = await maintainPartitions(database, { now: inFourMonths.getTime(), rawRetentionDays: 3650 });
    expect(r.created.sort()).toEqual(['device_reports', 'device_usage_daily'].flatMap((t) => [3, 4, 5, 6].map((m) => `${t}_${month(m)}`)).sort());
    expect((await maintainPartitions(database, { now: inFourMonths.getTime(), rawRetentionDays: 3650 })).created).toEqual([]);
  });

  it('reads only the partitions of the days a query asks for', async () => {
    const first = `${month(0).slice(0, 4)}-${month(0).slice(4)}-01`;
    expect(
      await scanned(
        sql`SELECT sum(bytes) FROM device_usage_daily WHERE company_id = ${device.companyId} AND day BETWEEN ${first}::date AND (${first}::date + 20)`,
      ),
    ).toEqual([`device_usage_daily_${month(0)}`]);
    expect(
      await scanned(
        sql`SELECT count(*) FROM device_reports WHERE received_at >= ${`${first}T00:00:00Z`}::timestamptz AND received_at < ${`${first.slice(0, 8)}04T00:00:00Z`}::timestamptz`,
      ),
    ).toEqual([`device_reports_${month(0)}`]);
  });

  it('looks for a report newer than an incoming one by the device index, only in the months received since it', async () => {
    const newer = new Date(Date.now() - 60_000).toISOString();
    await database.rows(sql`INSERT INTO device_reports (device_id, reported_at, bytes, online) VALUES (${device.id}, ${newer}::timestamptz, 1, true)`);
    const probe = (at: string) =>
      sql`SELECT n.at FROM (VALUES (${device.id}::uuid, ${at}::timestamptz)) AS l(device_id, at)
          LEFT JOIN LATERAL (${sql.raw(storedSince('l.device_id', 'l.at', '>'))}) n ON true`;
    const found = async (at: string) => (await database.rows<Nullable<As<'device_reports', { at: 'reported_at' }>>>(probe(at)))[0].at;
    expect(new Date((await found(new Date(Date.now() - 120_000).toISOString())) as string).toISOString()).toBe(newer);
    expect(await found(newer)).toBeNull();
    // the partitions the probe read, from the executed plan: this month's, not last month's
    const [row] = await database.rows<QueryPlan>(sql`EXPLAIN (ANALYZE, FORMAT JSON) ${probe(newer)}`);
    const read = new Set<string>();
    const walk = (node: Record<string, unknown>) => {
      if (typeof node['Relation Name'] === 'string' && Number(node['Actual Loops']) > 0) read.add(node['Relation Name']);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk((row['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0].Plan);
    expect(read).toContain(`device_reports_${month(0)}`);
    // (a report of the first 5 minutes of a month may have been received in the month before)
    if (new Date(Date.parse(newer) - 300_000).getUTCMonth() === new Date(newer).getUTCMonth()) expect(read).not.toContain(`device_reports_${month(-1)}`);
    expect(read).not.toContain(`device_reports_${month(1)}`);
  });

  it('gives rows of a month without a partition their month, moving them out of the default partition', async () => {
    await database.rows(sql`INSERT INTO device_usage_daily (device_id, company_id, day, bytes) VALUES (${device.id}, ${device.companyId}, '2019-03-10', 42)`);
    expect(await count('device_usage_daily_default')).toBe(1);
    const r = await maintainPartitions(database, { rawRetentionDays: 7 });
    expect(r.created).toContain('device_usage_daily_201903');
    expect([await count('device_usage_daily_default'), await count('device_usage_daily_201903')]).toEqual([0, 1]);
    const [row] = await database.rows<Row<'device_usage_daily', 'bytes'>>(
      sql`SELECT bytes FROM device_usage_daily WHERE device_id = ${device.id} AND day = '2019-03-10'`,
    );
    expect(Number(row.bytes)).toBe(42);
  });

  it('drops raw partitions past the retention once rolled up, and keeps one the roll-up has not reached', async () => {
    const report = async (receivedAt: string) =>
      (
        await database.rows<Row<'device_reports', 'id'>>(
          sql`INSERT INTO device_reports (device_id, reported_at, bytes, online, received_at)
              VALUES (${device.id}, ${receivedAt}::timestamptz, 5, true, ${receivedAt}::timestamptz) RETURNING id::text`,
        )
      )[0].id;
    const rolledUp = await report('2019-01-15T08:00:00Z');
    await report('2018-12-15T08:00:00Z'); // a higher id than the roll-up's watermark: not rolled up yet
    await database.rows(sql`INSERT INTO meta (key, value) VALUES ('rollup_watermark', ${rolledUp}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
    const r = await maintainPartitions(database, { rawRetentionDays: 7 });
    expect(r.created).toEqual(expect.arrayContaining(['device_reports_201901', 'device_reports_201812']));
    expect(r.dropped).toEqual(['device_reports_201901']);
    const parts = await partitionsOf('device_reports');
    expect(parts).toContain('device_reports_201812');
    expect(parts).not.toContain('device_reports_201901');
    // the months kept ahead stay, empty or not
    for (const m of [-1, 0, 1]) expect(parts).toContain(`device_reports_${month(m)}`);
    expect(await count('device_reports_default')).toBe(0);
  });
});
