import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/helper.js';
import { type SeededDevice, seedCompany, seedDevice } from '../../../test/network-seed.js';
import type { Database } from '../../db/client.js';
import type { As, Count, Nullable, Row } from '../../db/row.js';
import { JobRunner } from '../../jobs/runner.js';
import { type ReportRow, writeReports } from '../ingestion/index.js';
import { AREA_REGION_KEYS, AREAS } from '../network/index.js';
import { usageJobs } from './jobs.js';
import { rollup, usageWindows } from './rollup.js';

let database: Database;
let companyId: string;
const log = pino({ level: 'silent' });
beforeAll(async () => {
  database = await freshDatabase();
  companyId = await seedCompany(database);
});
afterAll(() => database.close());

const total = async (ids: string[]) => {
  const rows = await database.rows<Nullable<As<'device_usage_daily', { s: 'bytes' }>>>(
    sql`SELECT sum(bytes)::text AS s FROM device_usage_daily WHERE device_id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return Number(rows[0].s ?? 0);
};
const someReports = (devices: SeededDevice[], n: number, at = new Date()): ReportRow[] =>
  Array.from({ length: n }, (_, i) => ({ deviceId: devices[i % devices.length].id, at, bytes: 1 + i, online: true }));
const sumOf = (rs: ReportRow[]) => rs.reduce((a, r) => a + r.bytes, 0);

describe('usage roll-up', () => {
  it('counts every report exactly once, however often it runs', async () => {
    const ds = [await seedDevice(database, companyId), await seedDevice(database, companyId)];
    const ids = ds.map((d) => d.id);
    const batch1 = someReports(ds, 50);
    await writeReports(database, batch1);
    const r1 = await rollup(database, { lagMs: 0 });
    expect(r1.reports).toBeGreaterThanOrEqual(50);
    await rollup(database, { lagMs: 0 });
    expect(await total(ids)).toBe(sumOf(batch1));
    // the second batch is of yesterday: only it counts in the T+1 figures, today's wait for tomorrow
    const w = usageWindows(Date.now());
    const batch2 = someReports(ds, 30, new Date(`${w.yesterday}T12:00:00.000Z`));
    await writeReports(database, batch2);
    await rollup(database, { lagMs: 0 });
    await rollup(database, { lagMs: 0 });
    expect(await total(ids)).toBe(sumOf(batch1) + sumOf(batch2));
    const [d] = await database.rows<Row<'devices', 'usage_yesterday' | 'usage_month'>>(
      sql`SELECT usage_yesterday, usage_month FROM devices WHERE id = ${ds[0].id}`,
    );
    const yesterdays = batch2.filter((r) => r.deviceId === ds[0].id).reduce((a, r) => a + r.bytes, 0);
    expect(Number(d.usage_yesterday)).toBe(yesterdays);
    expect(Number(d.usage_month)).toBe(w.yesterday >= w.monthStart ? yesterdays : 0);
  });

  it('runs as the periodic jobs network.rollup and network.partitions', () => {
    expect(usageJobs({ database }).periodic.map((p) => p.name)).toEqual(['network.rollup', 'network.partitions']);
  });

  it('counts every report exactly once with two runners working at the same time', async () => {
    const ds = [await seedDevice(database, companyId), await seedDevice(database, companyId), await seedDevice(database, companyId)];
    const handlers = { 'network.rollup': async () => void (await rollup(database, { lagMs: 0 })) };
    const a = new JobRunner(database, handlers, [], log);
    const b = new JobRunner(database, handlers, [], log);
    let expected = 0;
    for (let round = 0; round < 5; round++) {
      const rs = someReports(ds, 40);
      expected += sumOf(rs);
      await writeReports(database, rs);
      await database.rows(sql`INSERT INTO jobs (name, max_attempts) VALUES ('network.rollup', 1), ('network.rollup', 1)`);
      await Promise.all([a.tick(), b.tick(), rollup(database, { lagMs: 0 })]);
    }
    expect(await total(ds.map((d) => d.id))).toBe(expected);
    const failed = await database.rows(sql`SELECT id FROM jobs WHERE name = 'network.rollup' AND status <> 'done'`);
    expect(failed).toEqual([]);
  });

  it('puts reports of two UTC days into two rows', async () => {
    const d = await seedDevice(database, companyId);
    const w = usageWindows(Date.now());
    const lateYesterday = new Date(`${w.yesterday}T23:59:59.000Z`);
    const earlyToday = new Date(`${w.today}T00:00:01.000Z`);
    await writeReports(database, [
      { deviceId: d.id, at: lateYesterday, bytes: 700, online: true },
      { deviceId: d.id, at: earlyToday, bytes: 300, online: true },
      { deviceId: d.id, at: earlyToday, bytes: 5, online: true },
    ]);
    await rollup(database, { lagMs: 0 });
    const rows = await database.rows<Row<'device_usage_daily', 'day' | 'bytes'>>(
      sql`SELECT day::text AS day, bytes FROM device_usage_daily WHERE device_id = ${d.id} ORDER BY day`,
    );
    expect(rows.map((r) => [r.day, Number(r.bytes)])).toEqual([
      [w.yesterday, 700],
      [w.today, 305],
    ]);
    const [dev] = await database.rows<Row<'devices', 'usage_yesterday' | 'usage_month'>>(
      sql`SELECT usage_yesterday, usage_month FROM devices WHERE id = ${d.id}`,
    );
    expect(Number(dev.usage_yesterday)).toBe(700);
    // T+1: this month's figure ends with yesterday, today's 305 bytes are not in it yet
    expect(Number(dev.usage_month)).toBe(w.yesterday >= w.monthStart ? 700 : 0);
  });

  it('drops the company’s report snapshots when late reports add to a day before today, not for today’s', async () => {
    const company = await seedCompany(database);
    const d = await seedDevice(database, company);
    const w = usageWindows(Date.now());
    const snapshot = () =>
      database.rows(sql`INSERT INTO report_snapshots (company_id, kind, period, to_day, body)
                        VALUES (${company}, 'flow', '7d', ${w.yesterday}::date, '{}'::jsonb) ON CONFLICT DO NOTHING`);
    const kept = async () => (await database.rows(sql`SELECT 1 FROM report_snapshots WHERE company_id = ${company}`)).length;
    await snapshot();
    await writeReports(database, [{ deviceId: d.id, at: new Date(), bytes: 10, online: true }]);
    await rollup(database, { lagMs: 0 });
    expect(await kept()).toBe(1);
    await writeReports(database, [{ deviceId: d.id, at: new Date(`${w.yesterday}T12:00:00.000Z`), bytes: 20, online: true }]);
    await rollup(database, { lagMs: 0 });
    expect(await kept()).toBe(0);
  });

  it('moves every device to the new day when the UTC day changes', async () => {
    const stale = await seedDevice(database, companyId);
    await database.rows(sql`UPDATE devices SET usage_yesterday = 999, usage_month = 999 WHERE id = ${stale.id}`);
    await database.rows(sql`UPDATE meta SET value = '2000-01-01' WHERE key = 'rollup_day'`);
    const r = await rollup(database, { lagMs: 0 });
    expect(r.dayChanged).toBe(true);
    const [dev] = await database.rows<Row<'devices', 'usage_yesterday' | 'usage_month'>>(
      sql`SELECT usage_yesterday, usage_month FROM devices WHERE id = ${stale.id}`,
    );
    expect([Number(dev.usage_yesterday), Number(dev.usage_month)]).toEqual([0, 0]);
  });

  it('waits for young reports so a slower writer with a lower id is never skipped', async () => {
    const d = await seedDevice(database, companyId);
    await rollup(database, { lagMs: 0 });
    await writeReports(database, [
      { deviceId: d.id, at: new Date(), bytes: 1, online: true },
      { deviceId: d.id, at: new Date(), bytes: 10, online: true },
      { deviceId: d.id, at: new Date(), bytes: 100, online: true },
    ]);
    // the middle report is still young (its writer committed late); the others are old enough
    const ids = await database.rows<Row<'device_reports', 'id'>>(sql`SELECT id FROM device_reports WHERE device_id = ${d.id} ORDER BY id`);
    await database.rows(sql`UPDATE device_reports SET received_at = now() - interval '1 minute' WHERE id IN (${ids[0].id}, ${ids[2].id})`);
    await rollup(database, { lagMs: 10_000 });
    expect(await total([d.id])).toBe(1);
    await database.rows(sql`UPDATE device_reports SET received_at = now() - interval '1 minute' WHERE id = ${ids[1].id}`);
    await rollup(database, { lagMs: 10_000 });
    expect(await total([d.id])).toBe(111);
  });

  it('prunes raw reports older than a week once rolled up', async () => {
    const d = await seedDevice(database, companyId);
    await writeReports(database, [
      { deviceId: d.id, at: new Date(), bytes: 1, online: true },
      { deviceId: d.id, at: new Date(), bytes: 2, online: true },
    ]);
    await database.rows(sql`UPDATE device_reports SET received_at = now() - interval '8 days' WHERE device_id = ${d.id} AND bytes = 1`);
    const r = await rollup(database, { lagMs: 0 });
    expect(r.pruned).toBeGreaterThanOrEqual(1);
    const left = await database.rows<Row<'device_reports', 'bytes'>>(sql`SELECT bytes FROM device_reports WHERE device_id = ${d.id}`);
    expect(left.map((x) => Number(x.bytes))).toEqual([2]);
    expect(await total([d.id])).toBe(3);
  });
  it('counts the bytes reported from an area of another region than the device’s home as roaming', async () => {
    const cn = await seedDevice(database, companyId, { region: 'china_mainland' });
    const eu = await seedDevice(database, companyId, { region: 'europe' });
    const at = new Date(`${usageWindows(Date.now()).yesterday}T08:00:00.000Z`);
    const r = (d: SeededDevice, bytes: number, area: string | null) => ({ deviceId: d.id, at, bytes, online: true, area });
    await writeReports(database, [
      r(cn, 1000, 'Shanghai'), // home
      r(cn, 200, 'hk-island'), // Hong Kong: roaming
      r(cn, 30, '  BERLIN '), // a name in another case, with spaces: Europe, roaming
      r(cn, 4, 'Atlantis'), // unknown area: not roaming
      r(cn, 5, null), // no area: not roaming
      r(eu, 7000, 'de-munich'), // home
      r(eu, 600, 'São Paulo'), // Americas: roaming
      r(eu, 50, 'cn-shanghai'), // China mainland: roaming
    ]);
    await rollup(database, { lagMs: 0 });
    // a second batch of the same day adds to the row (ON CONFLICT adds roaming too)
    await writeReports(database, [r(cn, 8000, 'sg-singapore'), r(eu, 90000, 'Amsterdam')]);
    await rollup(database, { lagMs: 0 });
    const rows = await database.rows<Row<'device_usage_daily', 'device_id' | 'bytes' | 'roaming_bytes'>>(
      sql`SELECT device_id, bytes::text, roaming_bytes::text FROM device_usage_daily WHERE device_id IN (${cn.id}, ${eu.id})`,
    );
    const of = (d: SeededDevice) => rows.filter((x) => x.device_id === d.id).map((x) => [Number(x.bytes), Number(x.roaming_bytes)]);
    expect(of(cn)).toEqual([[1000 + 200 + 30 + 4 + 5 + 8000, 200 + 30 + 8000]]);
    expect(of(eu)).toEqual([[7000 + 600 + 50 + 90000, 600 + 50]]);
  });

  it('counts reports and online reports per device and day, and sums bytes by operator, network type and region', async () => {
    const company = await seedCompany(database, 'Dims');
    const a = await seedDevice(database, company);
    const b = await seedDevice(database, company);
    const at = new Date(`${usageWindows(Date.now()).yesterday}T06:00:00.000Z`);
    const r = (d: SeededDevice, bytes: number, online: boolean, networkOperator: string | null, networkType: string | null, area: string | null) => ({
      deviceId: d.id,
      at,
      bytes,
      online,
      networkOperator,
      networkType,
      area,
    });
    await writeReports(database, [
      r(a, 100, true, 'China Mobile', '4G', 'Shanghai'),
      r(a, 20, false, ' CHINA MOBILE ', '4G', 'cn-beijing'), // same operator by another spelling, same region
      r(a, 0, false, 'China Mobile', '4G', 'Shanghai'), // counts as a report, adds no bytes row
      r(b, 3000, true, '46001', '5G', 'hk-island'),
      r(b, 7, true, 'Unknown Telco', null, null), // unknown operator, no type, no area: ''
    ]);
    await rollup(database, { lagMs: 0 });
    await writeReports(database, [r(b, 4000, true, 'China Unicom', '5G', 'Hong Kong Island')]);
    await rollup(database, { lagMs: 0 });
    const days = await database.rows<Row<'device_usage_daily', 'device_id' | 'reports' | 'online_reports'>>(
      sql`SELECT device_id, reports, online_reports FROM device_usage_daily WHERE company_id = ${company}`,
    );
    const of = (d: SeededDevice) => days.filter((x) => x.device_id === d.id).map((x) => [x.reports, x.online_reports]);
    expect(of(a)).toEqual([[3, 1]]);
    expect(of(b)).toEqual([[3, 3]]);
    const dims = await database.rows<Row<'company_usage_dims_daily', 'network_operator' | 'network_type' | 'region' | 'bytes'>>(
      sql`SELECT network_operator, network_type, region, bytes::text FROM company_usage_dims_daily WHERE company_id = ${company}
          ORDER BY network_operator, network_type, region`,
    );
    expect(dims.map((d) => [d.network_operator, d.network_type, d.region, Number(d.bytes)])).toEqual([
      ['', '', '', 7],
      ['46000', '4G', 'china_mainland', 120],
      ['46001', '5G', 'hong_kong', 7000],
    ]);
  });

  it('adds the same sums to the device’s month and the company’s day, batch after batch, across a month boundary', async () => {
    const company = await seedCompany(database, 'Months');
    const a = await seedDevice(database, company);
    const b = await seedDevice(database, company);
    const r = (d: SeededDevice, iso: string, bytes: number, online: boolean) => ({ deviceId: d.id, at: new Date(iso), bytes, online });
    // batch 1: both sides of a month boundary
    await writeReports(database, [
      r(a, '2026-01-31T23:59:00.000Z', 100, true),
      r(a, '2026-02-01T00:01:00.000Z', 20, false),
      r(b, '2026-01-31T08:00:00.000Z', 3, true),
    ]);
    await rollup(database, { lagMs: 0 });
    // batch 2: the same device and day again (both tables add), and another day of the month
    await writeReports(database, [
      r(a, '2026-01-31T10:00:00.000Z', 1000, false),
      r(b, '2026-01-31T09:00:00.000Z', 4, false),
      r(a, '2026-01-05T12:00:00.000Z', 5, true),
    ]);
    await rollup(database, { lagMs: 0 });
    // batch 3: February again
    await writeReports(database, [r(b, '2026-02-01T12:00:00.000Z', 70000, true), r(a, '2026-02-01T13:00:00.000Z', 300, true)]);
    await rollup(database, { lagMs: 0 });

    const months = await database.rows<Row<'device_usage_monthly', 'device_id' | 'month' | 'bytes' | 'reports' | 'online_reports'>>(
      sql`SELECT device_id, month::text, bytes::text, reports, online_reports FROM device_usage_monthly WHERE company_id = ${company} ORDER BY month, device_id`,
    );
    const m = (d: SeededDevice, month: string) =>
      months.filter((x) => x.device_id === d.id && x.month === month).map((x) => [Number(x.bytes), x.reports, x.online_reports]);
    expect(months.length).toBe(4);
    expect(m(a, '2026-01-01')).toEqual([[100 + 1000 + 5, 3, 2]]);
    expect(m(a, '2026-02-01')).toEqual([[20 + 300, 2, 1]]);
    expect(m(b, '2026-01-01')).toEqual([[3 + 4, 2, 1]]);
    expect(m(b, '2026-02-01')).toEqual([[70000, 1, 1]]);
    const days = await database.rows<Row<'company_usage_daily', 'day' | 'bytes' | 'reports' | 'online_reports'>>(
      sql`SELECT day::text, bytes::text, reports, online_reports FROM company_usage_daily WHERE company_id = ${company} ORDER BY day`,
    );
    expect(days.map((x) => [x.day, Number(x.bytes), x.reports, x.online_reports])).toEqual([
      ['2026-01-05', 5, 1, 1],
      ['2026-01-31', 100 + 1000 + 3 + 4, 4, 2],
      ['2026-02-01', 20 + 70000 + 300, 3, 2],
    ]);

    // and the three tables agree everywhere, for every report every test of this file has rolled up
    const disagree = await database.rows(
      sql`WITH dm AS (SELECT device_id, company_id, date_trunc('month', day)::date AS month, sum(bytes) AS bytes, sum(reports) AS reports,
                             sum(online_reports) AS online_reports FROM device_usage_daily GROUP BY 1, 2, 3),
               cd AS (SELECT company_id, day, sum(bytes) AS bytes, sum(reports) AS reports, sum(online_reports) AS online_reports
                      FROM device_usage_daily GROUP BY 1, 2)
          SELECT 'month' AS t, device_id::text AS k FROM dm FULL JOIN device_usage_monthly m USING (device_id, company_id, month)
            WHERE (dm.bytes, dm.reports, dm.online_reports) IS DISTINCT FROM (m.bytes, m.reports, m.online_reports)
          UNION ALL
          SELECT 'day', company_id::text FROM cd FULL JOIN company_usage_daily c USING (company_id, day)
            WHERE (cd.bytes, cd.reports, cd.online_reports) IS DISTINCT FROM (c.bytes, c.reports, c.online_reports)`,
    );
    expect(disagree).toEqual([]);
    const [n] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM device_usage_monthly`);
    expect(n.n).toBeGreaterThan(4);
  });

  it('maps every code and name of the area catalogue to the region of its country', () => {
    const byKey = new Map(AREA_REGION_KEYS);
    const REGION_OF_COUNTRY: Record<string, string> = {
      cn: 'china_mainland',
      hk: 'hong_kong',
      sg: 'southeast_asia',
      th: 'southeast_asia',
      id: 'southeast_asia',
      vn: 'southeast_asia',
      ph: 'southeast_asia',
      my: 'southeast_asia',
      de: 'europe',
      fr: 'europe',
      es: 'europe',
      nl: 'europe',
      it: 'europe',
      us: 'americas',
      ca: 'americas',
      br: 'americas',
      mx: 'americas',
    };
    for (const a of AREAS) {
      const region = REGION_OF_COUNTRY[a.code.split('-')[0]];
      expect([a.region, byKey.get(a.code), byKey.get(a.name.toLowerCase())], a.code).toEqual([region, region, region]);
    }
    expect(byKey.size).toBe(AREAS.length * 2);
  });
});
