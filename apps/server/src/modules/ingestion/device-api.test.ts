import { randomUUID } from 'node:crypto';
import { DEVICE_REPORT_LIMITS, DEVICE_REPORT_PATH, type TDeviceReport } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { type SeededDevice, seedCompany, seedDevice } from '../../../test/network-seed.js';
import type { As, Count, Nullable, Row } from '../../db/row.js';
import { type DeviceKey, getOrCreateDeviceKey } from '../devicekeys/index.js';
import { buildReportCall } from '../network/index.js';
import { rollup } from '../usage/index.js';

let t: TestApp;
let key: DeviceKey;
let mine: SeededDevice[];
let foreign: SeededDevice;
let stock: SeededDevice;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  const companyId = await seedCompany(t.database, 'Mine');
  const otherId = await seedCompany(t.database, 'Other');
  key = await getOrCreateDeviceKey(t.database, companyId);
  mine = [await seedDevice(t.database, companyId), await seedDevice(t.database, companyId, { status: 'esim' })];
  stock = await seedDevice(t.database, companyId, { status: 'in_stock' });
  foreign = await seedDevice(t.database, otherId);
});
afterAll(() => t.close());

const report = (imei: string, over: Partial<TDeviceReport> = {}): TDeviceReport => ({
  imei,
  at: new Date().toISOString(),
  bytes: 1000,
  online: true,
  signalLevel: 4,
  networkOperator: 'China Mobile',
  networkType: '4G',
  area: 'Shanghai',
  ...over,
});

async function post(
  reports: TDeviceReport[],
  opts: { key?: { keyId: string; secret: string }; requestId?: string; timestamp?: number; tamper?: boolean } = {},
) {
  const call = await buildReportCall(opts.key ?? key, reports, { requestId: opts.requestId, timestamp: opts.timestamp });
  const body = opts.tamper ? call.body.replace('"bytes":1000', '"bytes":1001') : call.body;
  return t.app.inject({ method: 'POST', url: call.path, headers: call.headers, payload: body });
}
const reportCount = async (deviceId: string) =>
  (await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM device_reports WHERE device_id = ${deviceId}`))[0].n;

describe('device API', () => {
  it('gives each company one device key, created on first need', async () => {
    const again = await getOrCreateDeviceKey(t.database, key.companyId);
    expect(again).toEqual(key);
    expect(key.keyId).toMatch(/^dk_[0-9a-f]{24}$/);
  });

  it('accepts a good signed batch, updates the latest state, and the roll-up counts it', async () => {
    const yesterday = new Date(Date.now() - 86_400_000);
    const res = await post([
      report(mine[0].imei, { bytes: 1500, at: yesterday.toISOString() }),
      report(mine[1].imei, { bytes: 2500, signalLevel: 2, networkOperator: 'China Unicom' }),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, code: 0, obj: { accepted: 2, refused: 0, refusals: [] } });
    const [d] = await t.database.rows<
      Row<'devices', 'online' | 'signal_level' | 'network_operator'> & Nullable<As<'device_reports', { last_report_at: 'reported_at' }>>
    >(
      sql`SELECT online, signal_level, network_operator, (SELECT max(reported_at) FROM device_reports WHERE device_id = devices.id) AS last_report_at FROM devices WHERE id = ${mine[1].id}`,
    );
    expect(d).toMatchObject({ online: true, signal_level: 2, network_operator: 'China Unicom' });
    expect(d.last_report_at).not.toBeNull();
    await rollup(t.database, { lagMs: 0 });
    const rows = await t.database.rows<Row<'device_usage_daily', 'device_id' | 'bytes'>>(
      sql`SELECT device_id, bytes FROM device_usage_daily WHERE device_id IN (${mine[0].id}, ${mine[1].id}) ORDER BY bytes`,
    );
    expect(rows.map((r) => Number(r.bytes))).toEqual([1500, 2500]);
    // T+1: yesterday's report is in yesterday's and (within the month) this month's figure
    const [m] = await t.database.rows<Row<'devices', 'usage_yesterday' | 'usage_month'>>(
      sql`SELECT usage_yesterday, usage_month FROM devices WHERE id = ${mine[0].id}`,
    );
    const sameMonth = yesterday.toISOString().slice(0, 7) === new Date().toISOString().slice(0, 7);
    expect([Number(m.usage_yesterday), Number(m.usage_month)]).toEqual([1500, sameMonth ? 1500 : 0]);
  });

  it('answers 88003 for an unknown key', async () => {
    const res = await post([report(mine[0].imei)], { key: { keyId: 'dk_000000000000000000000000', secret: key.secret } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(88003);
  });

  it('answers 28003 for a bad signature and writes nothing', async () => {
    const before = await reportCount(mine[0].id);
    const res = await post([report(mine[0].imei)], { tamper: true });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(28003);
    const wrongSecret = await post([report(mine[0].imei)], { key: { keyId: key.keyId, secret: 'not-the-secret' } });
    expect(wrongSecret.json().code).toBe(28003);
    const stale = await post([report(mine[0].imei)], { timestamp: Date.now() - 301_000 });
    expect(stale.json().code).toBe(28003);
    expect(await reportCount(mine[0].id)).toBe(before);
  });

  it('answers 28003 for a replayed request id', async () => {
    const requestId = randomUUID();
    const first = await post([report(mine[0].imei)], { requestId });
    expect(first.json().success).toBe(true);
    const before = await reportCount(mine[0].id);
    const again = await post([report(mine[0].imei)], { requestId });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe(28003);
    expect(await reportCount(mine[0].id)).toBe(before);
  });

  it('keeps the request id of a call with a bad signature usable', async () => {
    const requestId = randomUUID();
    const bad = await post([report(mine[0].imei)], { requestId, tamper: true });
    expect(bad.json().code).toBe(28003);
    const good = await post([report(mine[0].imei)], { requestId });
    expect(good.json()).toMatchObject({ success: true, obj: { accepted: 1 } });
  });

  it('writes every report of a batch naming a device twice, and keeps its newest state (the later one on equal times)', async () => {
    const before = await reportCount(mine[1].id);
    const base = Date.now() + 60_000;
    const at = (ms: number) => new Date(base + ms).toISOString();
    const res = await post([
      report(mine[1].imei, { at: at(1000), area: 'Beijing', signalLevel: 1 }),
      report(mine[1].imei, { at: at(2000), area: 'Wuhan', signalLevel: 3 }),
      report(mine[1].imei, { at: at(2000), area: 'Chengdu', signalLevel: 5 }),
      report(mine[1].imei, { at: at(0), area: 'Xian', signalLevel: 2 }),
    ]);
    expect(res.json().obj.accepted).toBe(4);
    expect(await reportCount(mine[1].id)).toBe(before + 4);
    const [d] = await t.database.rows<Row<'devices', 'area' | 'signal_level'> & Nullable<As<'device_reports', { last_report_at: 'reported_at' }>>>(
      sql`SELECT area, signal_level, (SELECT max(reported_at) FROM device_reports WHERE device_id = devices.id) AS last_report_at FROM devices WHERE id = ${mine[1].id}`,
    );
    expect(d).toMatchObject({ area: 'Chengdu', signal_level: 5 });
    expect(new Date(d.last_report_at as string).getTime()).toBe(base + 2000);
  });

  it('leaves the device row alone when a report repeats its state (its last report time is its newest report), and updates it when the state changes', async () => {
    const base = Date.now() + 120_000;
    const at = (ms: number) => new Date(base + ms).toISOString();
    const row = async () =>
      (
        await t.database.rows<{ version: string } & Row<'devices', 'signal_level' | 'area'> & Nullable<As<'device_reports', { last: 'reported_at' }>>>(
          sql`SELECT devices.xmin::text AS version, signal_level, area, (SELECT max(reported_at) FROM device_reports WHERE device_id = devices.id) AS last FROM devices WHERE id = ${mine[0].id}`,
        )
      )[0];
    await post([report(mine[0].imei, { at: at(0), signalLevel: 4, area: 'Shanghai' })]);
    const first = await row();
    // the same state, later, and a report without state fields: the row is not rewritten
    await post([report(mine[0].imei, { at: at(1000), signalLevel: 4, area: 'Shanghai' })]);
    await post([{ imei: mine[0].imei, at: at(2000), bytes: 10, online: true }]);
    const same = await row();
    expect(same.version).toBe(first.version);
    expect(new Date(same.last as string).getTime()).toBe(base + 2000);
    // an older report moves nothing; a changed signal level rewrites the row
    await post([report(mine[0].imei, { at: at(500), signalLevel: 1 })]);
    expect(await row()).toEqual(same);
    await post([report(mine[0].imei, { at: at(3000), signalLevel: 2 })]);
    const changed = await row();
    expect(changed.version).not.toBe(first.version);
    expect(changed).toMatchObject({ signal_level: 2, area: 'Shanghai' });
    expect(new Date(changed.last as string).getTime()).toBe(base + 3000);
  });

  it('refuses, report by report, IMEIs the company does not hold and devices without service, and writes none of them', async () => {
    const res = await post([report(mine[0].imei), report(foreign.imei), report('999999999999999'), report(stock.imei)]);
    expect(res.statusCode).toBe(200);
    const obj = res.json().obj;
    expect(obj.accepted).toBe(1);
    expect(obj.refused).toBe(3);
    expect(obj.refusals).toEqual([
      { index: 1, imei: foreign.imei, reason: 'unknown_imei' },
      { index: 2, imei: '999999999999999', reason: 'unknown_imei' },
      { index: 3, imei: stock.imei, reason: 'inactive' },
    ]);
    expect(await reportCount(foreign.id)).toBe(0);
    expect(await reportCount(stock.id)).toBe(0);
    const [f] = await t.database.rows<Nullable<As<'device_reports', { last_report_at: 'reported_at' }>>>(
      sql`SELECT (SELECT max(reported_at) FROM device_reports WHERE device_id = devices.id) AS last_report_at FROM devices WHERE id = ${foreign.id}`,
    );
    expect(f.last_report_at).toBeNull();
  });

  it('refuses a report dated outside the accepted window', async () => {
    const res = await post([report(mine[0].imei, { at: new Date(Date.now() + 3_600_000).toISOString() })]);
    expect(res.json().obj.refusals).toEqual([{ index: 0, imei: mine[0].imei, reason: 'bad_time' }]);
  });

  it('writes the good reports of a batch mixing them with refused ones, and only those', async () => {
    const before = await reportCount(mine[0].id);
    const res = await post([
      report(mine[0].imei, { at: new Date(Date.now() - 8 * 24 * 3600_000).toISOString() }),
      report(stock.imei),
      report(mine[0].imei),
      report(foreign.imei),
    ]);
    expect(res.json().obj).toEqual({
      accepted: 1,
      refused: 3,
      refusals: [
        { index: 0, imei: mine[0].imei, reason: 'bad_time' },
        { index: 1, imei: stock.imei, reason: 'inactive' },
        { index: 3, imei: foreign.imei, reason: 'unknown_imei' },
      ],
    });
    expect(await reportCount(mine[0].id)).toBe(before + 1);
    expect(await reportCount(stock.id)).toBe(0);
    expect(await reportCount(foreign.id)).toBe(0);
  });

  it(`answers 400/28002 for a batch over ${DEVICE_REPORT_LIMITS.reportsPerCall} reports or a bad field`, async () => {
    const over = Array.from({ length: DEVICE_REPORT_LIMITS.reportsPerCall + 1 }, () => report(mine[0].imei));
    const before = await reportCount(mine[0].id);
    const res = await post(over);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(28002);
    const bad = await post([report(mine[0].imei, { signalLevel: 9 })]);
    expect(bad.json().code).toBe(28002);
    expect(await reportCount(mine[0].id)).toBe(before);
    const full = await post(Array.from({ length: DEVICE_REPORT_LIMITS.reportsPerCall }, () => report(mine[0].imei, { bytes: 1 })));
    expect(full.json().obj.accepted).toBe(DEVICE_REPORT_LIMITS.reportsPerCall);
  });

  it('appears in the OpenAPI document under the device-api tag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json();
    expect(doc.paths[DEVICE_REPORT_PATH].post.tags).toEqual(['device-api']);
  });
});
