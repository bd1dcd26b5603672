import type { TCoverReport, TDeviceStatusReport, TFlowReport, TStabilityReport } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, superMember } from '../../../test/companies.js';
import { companyIdOf, otherCompany } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, mailHarness, type Session, type TestApp } from '../../../test/helper.js';
import type { Narrow, Row } from '../../db/row.js';
import { allJobs } from '../../jobs/registry.js';
import { getOrCreateDeviceKey } from '../devicekeys/index.js';
import { buildReportCall } from '../network/index.js';
import { nextRunAt, reportAttachments, reportWindow, sendDueSubscriptions } from './index.js';

const MIB = 1_048_576;
const DAY = 86_400_000;
let t: TestApp;
let db: TestApp['database'];
let owner: Session;
let demoAdmin: Session;
let subAdmin: Session;
let companyId: string;
let demoId: string;
let subId: string;
let foreignId: string;

type Envelope<T = Record<string, unknown>> = { success: boolean; code: number; msg: string; obj: T };
const post = <T>(path: string, body: unknown, s = owner, lang = 'zh-CN') => call(t.app, s, api(path), body, { lang }).then((r) => r.json() as Envelope<T>);

/** A UTC day `n` days before today, and a time on it. */
const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
const day = (n: number) => new Date(today - n * DAY).toISOString().slice(0, 10);
const at = (n: number, hhmm: string) => `${day(n)}T${hhmm}:00.000Z`;

let seq = 0;
async function device(
  company: string,
  o: {
    status?: string;
    signal?: number | null;
    area?: string | null;
    operator?: string | null;
    type?: string | null;
    createdAt?: string;
    expires?: string | null;
  } = {},
): Promise<{ id: string; imei: string }> {
  const imei = `8677${String(Date.now()).slice(-6)}${String(++seq).padStart(5, '0')}`;
  const [d] = await db.rows<Row<'devices', 'id'>>(
    sql`INSERT INTO devices (company_id, imei, name, region, status, signal_level, area, network_operator, network_type, created_at, license_expires_at)
        VALUES (${company}, ${imei}, ${`报表设备${seq}`}, 'china_mainland', ${o.status ?? 'physical_card'}, ${o.signal ?? null}, ${o.area ?? null},
                ${o.operator ?? null}, ${o.type ?? null}, ${o.createdAt ?? new Date().toISOString()}::timestamptz, ${o.expires ?? null}::timestamptz)
        RETURNING id`,
  );
  return { id: d.id, imei };
}

/** A device's day of usage, added to the three roll-ups as the roll-up job adds it (its day, its month, its company's day). */
async function usage(deviceId: string, company: string, n: number, bytes: number, reports: number, online: number) {
  await db.rows(sql`INSERT INTO device_usage_daily (device_id, company_id, day, bytes, reports, online_reports)
              VALUES (${deviceId}, ${company}, ${day(n)}::date, ${bytes}, ${reports}, ${online})`);
  await db.rows(sql`INSERT INTO device_usage_monthly (device_id, company_id, month, bytes, reports, online_reports)
              VALUES (${deviceId}, ${company}, date_trunc('month', ${day(n)}::date)::date, ${bytes}, ${reports}, ${online})
              ON CONFLICT (device_id, month) DO UPDATE SET bytes = device_usage_monthly.bytes + excluded.bytes,
                reports = device_usage_monthly.reports + excluded.reports, online_reports = device_usage_monthly.online_reports + excluded.online_reports`);
  await db.rows(sql`INSERT INTO company_usage_daily (company_id, day, bytes, reports, online_reports)
              VALUES (${company}, ${day(n)}::date, ${bytes}, ${reports}, ${online})
              ON CONFLICT (company_id, day) DO UPDATE SET bytes = company_usage_daily.bytes + excluded.bytes,
                reports = company_usage_daily.reports + excluded.reports, online_reports = company_usage_daily.online_reports + excluded.online_reports`);
}
const dims = (company: string, n: number, operator: string, type: string, region: string, bytes: number) =>
  db.rows(sql`INSERT INTO company_usage_dims_daily (company_id, day, network_operator, network_type, region, bytes)
              VALUES (${company}, ${day(n)}::date, ${operator}, ${type}, ${region}, ${bytes})`);
const event = (d: { id: string }, company: string, when: string, online: boolean) =>
  db.rows(sql`INSERT INTO device_status_events (device_id, company_id, at, online) VALUES (${d.id}, ${company}, ${when}::timestamptz, ${online})`);
const operation = (d: { id: string }, when: string, o: { userId?: string | null; status?: string; detail?: object }) =>
  db.rows(sql`INSERT INTO device_operations (device_id, user_id, action, status, detail, created_at)
              VALUES (${d.id}, ${o.userId ?? null}, 'switch_card', ${o.status ?? 'done'}, ${JSON.stringify(o.detail ?? {})}::jsonb, ${when}::timestamptz)`);

let d1: { id: string; imei: string };
let d2: { id: string; imei: string };
let d3: { id: string; imei: string };

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database;
  demoAdmin = await login(t.app, DEMO.admin);
  subAdmin = await login(t.app, DEMO.subAdmin);
  demoId = (await companyIdOf(db, DEMO.admin)).id;
  subId = (await companyIdOf(db, DEMO.subAdmin)).id;
  foreignId = (await otherCompany(db, 'foreign@reports.rrp.local')).companyId;
  companyId = (await otherCompany(db, 'owner@reports.rrp.local')).companyId;
  owner = await login(t.app, 'owner@reports.rrp.local');
  const [me] = await db.rows<Row<'users', 'id'>>(sql`SELECT id FROM users WHERE email = 'owner@reports.rrp.local'`);

  // A small fleet with hand-made roll-ups (figures below are computed from these by hand).
  d1 = await device(companyId, { signal: 4, area: 'Shanghai', operator: 'China Mobile', type: '4G', createdAt: at(3, '08:00') });
  d2 = await device(companyId, { signal: 2, area: 'hk-island', operator: '46001', type: '5G', expires: at(2, '12:00') });
  d3 = await device(companyId);
  await device(companyId, { status: 'in_stock' });
  await usage(d1.id, companyId, 1, 1000, 10, 8);
  await usage(d2.id, companyId, 1, 500, 5, 5);
  await usage(d1.id, companyId, 3, 2000, 4, 2);
  await usage(d1.id, companyId, 40, 9999, 1, 1); // outside 7d and 30d
  await usage(d2.id, companyId, 0, 400_000, 3, 0); // today: outside every window, though in this month's roll-up row
  await usage(d3.id, companyId, 0, 7, 1, 0);
  await dims(companyId, 1, '46000', '4G', 'china_mainland', 1200);
  await dims(companyId, 1, '', '', '', 300);
  await dims(companyId, 3, '46001', '5G', 'hong_kong', 2000);
  await dims(companyId, 40, '46001', '5G', 'hong_kong', 9999);
  await db.rows(
    sql`INSERT INTO data_pool_ledger (company_id, delta_mb, reason, created_at) VALUES (${companyId}, 1024, 'topup', ${at(1, '12:00')}::timestamptz)`,
  );
  await db.rows(
    sql`INSERT INTO license_ledger (company_id, delta, reason, device_id, created_at) VALUES (${companyId}, -1, 'renewal', ${d1.id}, ${at(1, '09:00')}::timestamptz)`,
  );
  // d1: offline 30 min, then offline from 23:00 to the window's end (60 min); d2: 3 min;
  // d3: offline since 20 days ago (before a 7-day window: the whole window is one episode)
  await event(d1, companyId, at(1, '10:00'), false);
  await event(d1, companyId, at(1, '10:30'), true);
  await event(d1, companyId, at(1, '23:00'), false);
  await event(d1, companyId, at(0, '01:00'), true); // today: outside every window
  await event(d2, companyId, at(2, '12:00'), false);
  await event(d2, companyId, at(2, '12:03'), true);
  await event(d3, companyId, at(20, '00:00'), false);
  await operation(d1, at(1, '11:00'), { userId: me.id });
  await operation(d1, at(3, '11:00'), { detail: { strategyId: '00000000-0000-4000-8000-000000000000', reason: { probes: 3 } } });
  await operation(d2, at(1, '15:00'), { userId: me.id, status: 'failed', detail: { reason: 'device_timeout' } });
});
afterAll(() => t.close());

describe('report windows', () => {
  it('ends every window with yesterday (T+1) and lists every bucket', () => {
    const now = Date.parse('2026-03-01T05:00:00.000Z');
    const w7 = reportWindow('7d', now);
    expect([w7.from, w7.to, w7.granularity, w7.buckets.length]).toEqual(['2026-02-22', '2026-02-28', 'day', 7]);
    expect(w7.buckets.at(-1)).toBe('2026-02-28');
    expect(reportWindow('90d', now).buckets.length).toBe(90);
    // on the 1st, the last month is the month of yesterday
    const m6 = reportWindow('6m', now);
    expect([m6.from, m6.to, m6.granularity]).toEqual(['2025-09-01', '2026-02-28', 'month']);
    expect(m6.buckets).toEqual(['2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02']);
    const m12 = reportWindow('12m', Date.parse('2026-11-26T10:00:00.000Z'));
    expect([m12.from, m12.to, m12.buckets[0], m12.buckets.at(-1), m12.buckets.length]).toEqual(['2025-12-01', '2026-11-25', '2025-12', '2026-11', 12]);
  });
});

describe('reports of a seeded fleet', () => {
  it('flow: usage per day, total, top devices, by operator and region, the pool', async () => {
    const r = await post<TFlowReport>('/report/flow', { period: '7d' });
    expect(r.success).toBe(true);
    const f = r.obj;
    expect([f.companyId, f.from, f.to, f.granularity, f.buckets.length]).toEqual([companyId, day(7), day(1), 'day', 7]);
    expect(f.usage).toEqual([0, 0, 0, 0, 2000, 0, 1500]);
    expect(f.totalBytes).toBe(3500);
    expect(f.topDevices.map((d) => [d.imei, d.bytes])).toEqual([
      [d1.imei, 3000],
      [d2.imei, 500],
    ]);
    expect(f.byOperator).toEqual([
      { operator: '46001', bytes: 2000 },
      { operator: '46000', bytes: 1200 },
      { operator: '', bytes: 300 },
    ]);
    expect(f.byRegion).toEqual([
      { region: 'hong_kong', bytes: 2000 },
      { region: 'china_mainland', bytes: 1200 },
      { region: '', bytes: 300 },
    ]);
    expect(f.pool.consumed).toEqual(f.usage);
    expect(f.pool.added).toEqual([0, 0, 0, 0, 0, 0, 1024 * MIB]);
  });

  it('flow over 30 days and 12 months: every bucket, older usage in its month', async () => {
    const f30 = (await post<TFlowReport>('/report/flow', { period: '30d' })).obj;
    expect(f30.buckets.length).toBe(30);
    expect(f30.totalBytes).toBe(3500);
    const f12 = (await post<TFlowReport>('/report/flow', { period: '12m' })).obj;
    expect(f12.granularity).toBe('month');
    expect(f12.buckets.length).toBe(12);
    expect(f12.totalBytes).toBe(3500 + 9999);
    const monthOf = (n: number) => f12.buckets.indexOf(day(n).slice(0, 7));
    const expected = Array(12).fill(0);
    for (const [n, b] of [
      [1, 1500],
      [3, 2000],
      [40, 9999],
    ])
      expected[monthOf(n)] += b;
    expect(f12.usage).toEqual(expected);
    expect(f12.topDevices[0]).toMatchObject({ imei: d1.imei, bytes: 12999 });
    for (const p of ['60d', '90d', '6m'])
      expect((await post<TFlowReport>('/report/flow', { period: p })).obj.buckets.length).toBe(p === '6m' ? 6 : Number.parseInt(p, 10));
  });

  it('month periods sum whole months and leave out today’s usage, which the month’s roll-up already holds', async () => {
    const f = (await post<TFlowReport>('/report/flow', { period: '12m' })).obj;
    expect(f.topDevices.map((d) => [d.imei, d.bytes])).toEqual([
      [d1.imei, 12999],
      [d2.imei, 500],
    ]);
    expect(f.pool.consumed).toEqual(f.usage);
    const dev = (await post<TDeviceStatusReport>('/report/device', { period: '6m' })).obj;
    const last = dev.buckets.indexOf(day(1).slice(0, 7));
    const three = dev.buckets.indexOf(day(3).slice(0, 7));
    expect(dev.onlineRate[last]).toBe(last === three ? (13 + 2) / (15 + 4) : 13 / 15);
    const s = (await post<TStabilityReport>('/report/stability', { period: '12m' })).obj;
    expect(s.devices.find((d) => d.imei === d2.imei)?.onlineRatio).toBe(1);
    expect(s.devices.find((d) => d.imei === d1.imei)?.onlineRatio).toBe(11 / 15);
    // d3 used 7 bytes today only: still a device that used no data in the window
    expect(s.zeroUsage.devices.map((d) => d.imei)).toContain(d3.imei);
    expect(s.zeroUsage.count).toBe(1);
  });

  it('device: devices by status, online rate, imports, expiries, renewals', async () => {
    const d = (await post<TDeviceStatusReport>('/report/device', { period: '7d' })).obj;
    expect(d.total).toBe(4);
    expect(d.byStatus).toEqual([
      { status: 'in_stock', count: 1 },
      { status: 'physical_card', count: 3 },
      { status: 'esim', count: 0 },
      { status: 'seed_card', count: 0 },
      { status: 'service_expired', count: 0 },
    ]);
    expect(d.onlineRate).toEqual([null, null, null, null, 2 / 4, null, 13 / 15]);
    expect(d.imports).toEqual([0, 0, 0, 0, 1, 0, 0]);
    expect(d.expiries).toEqual([0, 0, 0, 0, 0, 1, 0]);
    expect(d.renewals).toEqual([0, 0, 0, 0, 0, 0, 1]);
  });

  it('stability: least stable devices, offline episodes, switches, signal, zero usage', async () => {
    const s = (await post<TStabilityReport>('/report/stability', { period: '7d' })).obj;
    expect(s.devices.map((d) => [d.imei, d.onlineRatio, d.offlineEpisodes, d.longestOfflineMinutes, d.switches])).toEqual([
      [d1.imei, 10 / 14, 2, 60, 2],
      [d2.imei, 1, 1, 3, 1],
      [d3.imei, null, 1, 7 * 24 * 60, 0],
    ]);
    expect(s.episodesByLength).toEqual([
      { length: 'lt5m', count: 1 },
      { length: '5to30m', count: 0 },
      { length: '30mTo2h', count: 2 },
      { length: '2hTo12h', count: 0 },
      { length: 'gte12h', count: 1 },
    ]);
    expect(s.switches).toEqual([0, 0, 0, 0, 1, 0, 2]);
    expect(s.switchReasons).toEqual([
      { reason: 'device_timeout', count: 1 },
      { reason: 'manual', count: 1 },
      { reason: 'strategy', count: 1 },
    ]);
    expect(s.signal).toEqual([
      { level: -1, count: 2 },
      { level: 2, count: 1 },
      { level: 4, count: 1 },
    ]);
    expect(s.zeroUsage).toEqual({ count: 1, devices: [{ imei: d3.imei, name: expect.any(String) }] });
    // over 30 days d3's episode starts at its event, 20 days ago
    const s30 = (await post<TStabilityReport>('/report/stability', { period: '30d' })).obj;
    expect(s30.devices.find((d) => d.imei === d3.imei)?.longestOfflineMinutes).toBe(20 * 24 * 60);
  });

  it('cover: devices and bytes by region, operator and network type', async () => {
    const c = (await post<TCoverReport>('/report/cover', { period: '7d' })).obj;
    expect([c.devices, c.totalBytes]).toEqual([4, 3500]);
    expect(c.byRegion).toEqual([
      { region: '', devices: 2, bytes: 300 },
      { region: 'hong_kong', devices: 1, bytes: 2000 },
      { region: 'china_mainland', devices: 1, bytes: 1200 },
    ]);
    expect(c.byOperator).toEqual([
      { operator: '', devices: 2, bytes: 300 },
      { operator: '46001', devices: 1, bytes: 2000 },
      { operator: '46000', devices: 1, bytes: 1200 },
    ]);
    expect(c.byNetworkType).toEqual([
      { networkType: '', devices: 2, bytes: 300 },
      { networkType: '5G', devices: 1, bytes: 2000 },
      { networkType: '4G', devices: 1, bytes: 1200 },
    ]);
  });
});

describe('scope and input', () => {
  it('reports a sub-company to its parent, and no company outside the caller’s tree', async () => {
    const mine = await post<TFlowReport>('/report/flow', { period: '7d', companyId: subId }, demoAdmin);
    expect(mine.success).toBe(true);
    expect(mine.obj.companyId).toBe(subId);
    for (const [s, id] of [
      [demoAdmin, foreignId],
      [subAdmin, demoId],
      [owner, demoId],
    ] as const) {
      const r = await post('/report/cover', { period: '7d', companyId: id }, s);
      expect([r.success, r.code]).toEqual([false, 21001]);
    }
  });

  it('refuses a bad period with 28002 naming the field', async () => {
    for (const path of ['/report/flow', '/report/device', '/report/stability', '/report/cover']) {
      const r = await post(path, { period: 'x' }, owner, 'en');
      expect([r.success, r.code]).toEqual([false, 28002]);
      expect(r.msg).toContain('period');
    }
    const e = await call(t.app, owner, api('/report/export?report=flow&period=x'), undefined, { method: 'GET', lang: 'en' });
    expect(e.json()).toMatchObject({ success: false, code: 28002 });
  });
});

describe('export', () => {
  const sheets = async (buf: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    return wb.worksheets.map((ws) => {
      const rows: unknown[][] = [];
      ws.eachRow((r) => {
        rows.push((r.values as unknown[]).slice(1));
      });
      return { name: ws.name, rows };
    });
  };

  it('writes one sheet per chart, a title row naming company, period and T+1, then the figures in the reader’s language', async () => {
    const res = await call(t.app, owner, api('/report/export?report=flow&period=7d'), undefined, { method: 'GET', lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const s = await sheets(res.rawPayload);
    expect(s.map((x) => x.name)).toEqual(['Usage', 'Top devices', 'By operator', 'By region', 'Data pool']);
    const title = String(s[0].rows[0][0]);
    expect(title).toContain('其他公司');
    expect(title).toContain('Last 7 days');
    expect(title).toContain(`data up to ${day(1)} (T+1)`);
    expect(s[0].rows[1]).toEqual(['Day', 'Usage (MB)']);
    expect(s[0].rows.slice(2).map((r) => r[0])).toEqual([7, 6, 5, 4, 3, 2, 1].map(day));
    expect(s[0].rows.at(-1)).toEqual([day(1), Math.round((1500 / MIB) * 100) / 100]);
    expect(s[2].rows.slice(2)).toEqual([
      ['China Unicom', 0],
      ['China Mobile', 0],
      ['Unknown', 0],
    ]);
    expect(s[3].rows.slice(2).map((r) => r[0])).toEqual(['Hong Kong, China', 'Mainland China', 'Unknown']);
    expect(s[4].rows.at(-1)).toEqual([day(1), 0, 1024]);
  });

  it('exports the stability report with its sheets in Chinese', async () => {
    const res = await call(t.app, owner, api('/report/export?report=stability&period=7d'), undefined, { method: 'GET', lang: 'zh-CN' });
    const s = await sheets(res.rawPayload);
    expect(s.map((x) => x.name)).toEqual(['最不稳定设备', '离线时长分布', '切卡次数', '切卡原因', '信号分布', '零流量设备']);
    expect(s[0].rows[2]).toEqual([d1.imei, expect.any(String), Math.round((10 / 14) * 10000) / 100, 2, 60, 2]);
    expect(s[3].rows.slice(2)).toEqual([
      ['切卡失败：设备响应超时', 1],
      ['成员手动切卡', 1],
      ['监控策略自动切卡', 1],
    ]);
    for (const report of ['device', 'cover']) {
      const r = await call(t.app, owner, api(`/report/export?report=${report}&period=12m`), undefined, { method: 'GET', lang: 'en' });
      expect((await sheets(r.rawPayload)).length).toBe(report === 'device' ? 3 : 3);
    }
  });
});

describe('through ingestion and roll-up', () => {
  it('counts a device API report in the flow, device, stability and cover reports', async () => {
    const o = await otherCompany(db, 'ingest@reports.rrp.local');
    const s = await login(t.app, 'ingest@reports.rrp.local');
    const d = await device(o.companyId);
    const key = await getOrCreateDeviceKey(db, o.companyId);
    const reports = [
      { imei: d.imei, at: at(1, '10:00'), bytes: 777, online: true, networkOperator: 'China Telecom', networkType: 'NB-IoT', area: 'Berlin' },
      { imei: d.imei, at: at(1, '11:00'), bytes: 23, online: false, networkOperator: 'China Telecom', networkType: 'NB-IoT', area: 'Berlin' },
    ];
    for (const r of reports) {
      const c = await buildReportCall(key, [r]);
      const res = await t.app.inject({ method: 'POST', url: c.path, headers: c.headers, payload: c.body });
      expect(res.json()).toMatchObject({ success: true, obj: { accepted: 1 } });
    }
    await db.rows(sql`UPDATE device_reports SET received_at = now() - interval '1 minute'`);
    const jobs = allJobs({ database: db, provider: t.provider, mailer: { send: async () => {}, close: () => {} } });
    await jobs.handlers['network.rollup']({} as never, {} as never);
    const f = (await post<TFlowReport>('/report/flow', { period: '7d' }, s)).obj;
    expect(f.usage.at(-1)).toBe(800);
    expect(f.byOperator).toEqual([{ operator: '46011', bytes: 800 }]);
    expect(f.byRegion).toEqual([{ region: 'europe', bytes: 800 }]);
    const dev = (await post<TDeviceStatusReport>('/report/device', { period: '7d' }, s)).obj;
    expect(dev.onlineRate.at(-1)).toBe(1 / 2);
    const st = (await post<TStabilityReport>('/report/stability', { period: '7d' }, s)).obj;
    // online at 10:00 (from offline), offline at 11:00 until the window's end: 13 hours
    expect(st.devices[0]).toMatchObject({ imei: d.imei, onlineRatio: 0.5, offlineEpisodes: 1, longestOfflineMinutes: 13 * 60 });
    const events = await db.rows<Row<'device_status_events', 'online'>>(sql`SELECT online FROM device_status_events WHERE device_id = ${d.id} ORDER BY at`);
    expect(events.map((e) => e.online)).toEqual([true, false]);
    const cov = (await post<TCoverReport>('/report/cover', { period: '7d' }, s)).obj;
    expect(cov.byNetworkType).toEqual([{ networkType: 'NB-IoT', devices: 1, bytes: 800 }]);
  });
});

describe('subscriptions', () => {
  it('adds, lists and deletes the caller’s own subscriptions, audited', async () => {
    const a = await post<{ id: string; email: string; nextRunAt: string; companyId: string }>('/report/subscription/add', {
      report: 'device',
      frequency: 'weekly',
      period: '30d',
    });
    expect(a.success).toBe(true);
    expect(a.obj.email).toBe('owner@reports.rrp.local');
    expect(a.obj.companyId).toBe(companyId);
    const next = new Date(a.obj.nextRunAt);
    expect([next.getUTCDay(), next.getUTCHours(), next.getUTCMinutes()]).toEqual([1, 1, 0]); // Monday 09:00 Asia/Shanghai
    expect((await post('/report/subscription/add', { report: 'device', frequency: 'weekly', period: '30d' })).code).toBe(37002);
    const list = await post<{ id: string }[]>('/report/subscription/list', {});
    expect(list.obj.map((x) => x.id)).toContain(a.obj.id);
    expect((await post<unknown[]>('/report/subscription/list', {}, demoAdmin)).obj).toEqual([]);
    expect((await post('/report/subscription/delete', { id: a.obj.id }, demoAdmin)).code).toBe(37001);
    expect((await post('/report/subscription/delete', { id: a.obj.id })).success).toBe(true);
    expect((await post('/report/subscription/delete', { id: a.obj.id })).code).toBe(37001);
    expect((await auditOf(db, 'report.subscribe')).some((e) => e.target_id === a.obj.id)).toBe(true);
    expect((await auditOf(db, 'report.unsubscribe')).some((e) => e.target_id === a.obj.id)).toBe(true);
    expect((await post('/report/subscription/add', { report: 'flow', frequency: 'hourly', period: '7d' })).code).toBe(28002);
    expect((await post('/report/subscription/add', { report: 'flow', frequency: 'daily', period: '7d', companyId: foreignId })).code).toBe(21001);
  });

  it('allows at most 10 subscriptions per member', async () => {
    const s = await login(t.app, 'foreign@reports.rrp.local');
    const combos = ['flow', 'device', 'stability', 'cover'].flatMap((report) =>
      ['daily', 'weekly', 'monthly'].map((frequency) => ({ report, frequency, period: '7d' })),
    );
    for (const c of combos.slice(0, 10)) expect((await post('/report/subscription/add', c, s)).success).toBe(true);
    const r = await post('/report/subscription/add', combos[10], s, 'en');
    expect([r.success, r.code]).toEqual([false, 37003]);
    expect(r.msg).toContain('10');
  });
});

describe('subscription e-mails', () => {
  it('sends a due subscription once, in the member’s language, with the report as xlsx', async () => {
    const mail = await mailHarness(db);
    try {
      await superMember(db, companyId, 'english@reports.rrp.local', 'en');
      const s = await login(t.app, 'english@reports.rrp.local');
      const sub = await post<{ id: string }>('/report/subscription/add', { report: 'flow', frequency: 'daily', period: '7d' }, s);
      expect(sub.success).toBe(true);
      // not due yet: nothing
      expect((await sendDueSubscriptions(db)).sent).toBe(0);
      const runAt = Date.now() + 2 * DAY;
      const first = await sendDueSubscriptions(db, runAt);
      expect(first.sent).toBeGreaterThanOrEqual(1);
      await mail.deliver();
      const mine = () => mail.catcher.messages.filter((m) => m.to.includes('english@reports.rrp.local'));
      expect(mine()).toHaveLength(1);
      const m = mine()[0];
      expect(m.subject).toContain('Flow report');
      expect(m.subject).toContain('Last 7 days');
      expect(m.attachments).toHaveLength(1);
      expect(m.attachments[0].filename).toMatch(/^Flow report .+\.xlsx$/);
      expect(m.attachments[0].contentType).toContain('spreadsheetml');
      expect(m.attachments[0].size).toBeGreaterThan(1000);
      // the next run moved to the next 09:00 Asia/Shanghai after the run: the next tick sends nothing
      const [row] = await db.rows<Row<'report_subscriptions', 'next_run_at' | 'last_sent_at'>>(
        sql`SELECT next_run_at, last_sent_at FROM report_subscriptions WHERE id = ${sub.obj.id}`,
      );
      expect(new Date(row.next_run_at).toISOString()).toBe(nextRunAt('daily', runAt).toISOString());
      expect((await sendDueSubscriptions(db, runAt)).sent).toBe(0);
      await mail.deliver();
      expect(mine()).toHaveLength(1);
    } finally {
      await mail.close();
    }
  });

  it('attaches the export’s workbook, computed when the e-mail goes out', async () => {
    const a = await reportAttachments(db, { snapshotSeconds: 0 })({ report: 'cover', period: '7d', companyId }, 'en');
    expect(a?.filename).toMatch(/^Coverage report/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(a?.content as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['By region', 'By operator', 'By network type']);
    expect(
      await reportAttachments(db, { snapshotSeconds: 0 })({ report: 'cover', period: '7d', companyId: '00000000-0000-4000-8000-000000000000' }, 'en'),
    ).toBeNull();
  });

  it('drops the subscription of a member who lost the report permission', async () => {
    const userId = await superMember(db, companyId, 'lost@reports.rrp.local', 'zh-CN');
    const s = await login(t.app, 'lost@reports.rrp.local');
    const sub = await post<{ id: string }>('/report/subscription/add', { report: 'device', frequency: 'monthly', period: '6m' }, s);
    await db.rows(sql`DELETE FROM user_roles WHERE user_id = ${userId}`);
    const r = await sendDueSubscriptions(db, Date.now() + 40 * DAY);
    expect(r.dropped).toBeGreaterThanOrEqual(1);
    expect(await db.rows(sql`SELECT 1 FROM report_subscriptions WHERE id = ${sub.obj.id}`)).toEqual([]);
    const queued = await db.rows<Narrow<Row<'jobs', 'payload'>, { payload: { to: string } }>>(sql`SELECT payload FROM jobs WHERE name = 'email.send'`);
    expect(queued.some((q) => q.payload.to === 'lost@reports.rrp.local')).toBe(false);
  });

  it('schedules daily at 09:00 Asia/Shanghai, weekly on Monday, monthly on the 1st', () => {
    const now = Date.parse('2026-11-26T02:00:00.000Z'); // Thursday 10:00 in Shanghai
    expect(nextRunAt('daily', now).toISOString()).toBe('2026-11-27T01:00:00.000Z');
    expect(nextRunAt('daily', Date.parse('2026-11-26T00:30:00.000Z')).toISOString()).toBe('2026-11-26T01:00:00.000Z');
    expect(nextRunAt('weekly', now).toISOString()).toBe('2026-11-30T01:00:00.000Z');
    expect(nextRunAt('monthly', now).toISOString()).toBe('2026-12-01T01:00:00.000Z');
    // 23:30 UTC on Nov 30 is already Dec 1 in Shanghai, before 09:00
    expect(nextRunAt('monthly', Date.parse('2026-11-30T23:30:00.000Z')).toISOString()).toBe('2026-12-01T01:00:00.000Z');
  });
});
