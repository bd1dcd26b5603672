import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyIdOf, imeis, setStock, stock } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../../test/helper.js';
import type { As, Count, Nullable, Row } from '../../db/row.js';
import { allJobs } from '../../jobs/registry.js';
import type { DeviceRef } from '../network/index.js';
import { AUTO_RENEW_JOB, licenseJobs } from './jobs.js';

let t: TestApp;
let admin: Session;
let demo: { id: string; path: string };
let sub: { id: string; path: string };
const activated: DeviceRef[] = [];
const deactivated: DeviceRef[] = [];
const MB = 1048576;

async function addDevice(companyId: string, imei: string, expires: string, f: { autoRenew?: boolean; status?: string; online?: boolean } = {}) {
  const [r] = await t.database.rows<Row<'devices', 'id'>>(sql`
    INSERT INTO devices (company_id, imei, region, status, auto_renew, online, license_expires_at)
    VALUES (${companyId}, ${imei}, 'europe', ${f.status ?? 'physical_card'}, ${f.autoRenew ?? true}, ${f.online ?? false}, now() + ${expires}::interval)
    RETURNING id`);
  return r.id;
}
const device = async (imei: string) =>
  (
    await t.database.rows<Row<'devices', 'status' | 'auto_renew'> & { days: number }>(
      sql`SELECT status, auto_renew, round(extract(epoch FROM license_expires_at - now()) / 86400)::int AS days FROM devices WHERE imei = ${imei}`,
    )
  )[0];

beforeAll(async () => {
  t = await buildTestApp();
  t.provider.activate = async (d) => {
    activated.push(...d);
  };
  t.provider.deactivate = async (d) => {
    deactivated.push(d);
  };
  admin = await login(t.app, DEMO.admin);
  demo = await companyIdOf(t.database, DEMO.admin);
  sub = await companyIdOf(t.database, DEMO.subAdmin);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.rows(sql`DELETE FROM devices`);
  activated.length = 0;
  deactivated.length = 0;
});

describe('License stock', () => {
  it('starts with the certification stock of the demo company, shared with its sub-company', async () => {
    const c = (await call(t.app, admin, api('/license/query/count'))).json().obj;
    expect(c).toEqual({ stock: 50, inUse: 0, expiring30d: 0, reserved: 0, importable: 50 });
    const subCount = (await call(t.app, await login(t.app, DEMO.subAdmin), api('/license/query/count'))).json().obj;
    expect(subCount.stock).toBe(50);
  });

  it('counts Licenses in use, expiring within 30 days, and reserved for this month’s auto-renewals', async () => {
    await setStock(t.database, demo.id, 10);
    const [a, b, c, d, e] = imeis('86200', 5);
    await addDevice(demo.id, a, '200 days');
    await addDevice(demo.id, b, '10 days');
    await addDevice(sub.id, c, '20 days', { autoRenew: false });
    await addDevice(demo.id, d, '-1 day');
    // auto-renew, ending before the end of this UTC month (when there is time left in it)
    await t.database.rows(sql`INSERT INTO devices (company_id, imei, region, status, auto_renew, license_expires_at)
      VALUES (${demo.id}, ${e}, 'europe', 'physical_card', true,
              greatest((date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC' - interval '1 second', now() + interval '1 second'))`);
    // e and b are reserved when they end within this UTC month
    const [{ n: reserved }] = await t.database.rows<Count>(
      sql`SELECT count(*)::int AS n FROM devices
          WHERE imei IN (${e}, ${b}) AND license_expires_at < (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC'`,
    );
    const res = (await call(t.app, admin, api('/license/query/count'))).json().obj;
    expect(res).toEqual({ stock: 10, inUse: 4, expiring30d: 3, reserved, importable: 10 - reserved });
  });
});

describe('manual renewal', () => {
  it('uses one License and adds a year from the current expiry, or from now when expired', async () => {
    await setStock(t.database, demo.id, 5);
    const [live, expired] = imeis('86201', 2);
    await addDevice(demo.id, live, '100 days');
    await addDevice(demo.id, expired, '-10 days', { status: 'service_expired' });
    await t.database.rows(sql`INSERT INTO device_operations (device_id, action, detail)
      SELECT id, 'expire', '{"from":"esim"}'::jsonb FROM devices WHERE imei = ${expired}`);
    const r1 = (await call(t.app, admin, api('/device/license/renew'), { imei: live })).json();
    expect(r1.obj.status).toBe('physical_card');
    expect((await device(live)).days).toBeGreaterThanOrEqual(465);
    expect(activated).toHaveLength(0);
    const r2 = (await call(t.app, admin, api('/device/license/renew'), { imei: expired })).json();
    expect(r2.obj.status).toBe('esim');
    const d = await device(expired);
    expect(d.days).toBeGreaterThanOrEqual(364);
    expect(d.days).toBeLessThanOrEqual(366);
    expect(activated.map((x) => x.imei)).toEqual([expired]);
    expect(await stock(t.database, demo.id)).toBe(3);
    const [pool] = await t.database.rows<Count>(
      sql`SELECT count(*)::int AS n FROM data_pool_ledger WHERE company_id = ${demo.id} AND reason = 'license' AND delta_mb = 100`,
    );
    expect(pool.n).toBe(2);
  });

  it('refuses without stock (23010) and changes nothing', async () => {
    await setStock(t.database, demo.id, 0);
    const [imei] = imeis('86202', 1);
    await addDevice(demo.id, imei, '5 days');
    const res = await call(t.app, admin, api('/device/license/renew'), { imei }, { lang: 'en' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 23010, msg: 'Not enough Licenses in stock' });
    expect((await device(imei)).days).toBe(5);
    expect(await stock(t.database, demo.id)).toBe(0);
  });

  it('20 renewals at once against a stock of 3: exactly 3 succeed and the stock never goes below zero', async () => {
    await setStock(t.database, demo.id, 3);
    const list = imeis('86203', 20);
    for (const imei of list) await addDevice(demo.id, imei, '30 days');
    const results = await Promise.all(list.map((imei) => call(t.app, admin, api('/device/license/renew'), { imei }).then((r) => r.json())));
    expect(results.filter((r) => r.success)).toHaveLength(3);
    expect(results.filter((r) => !r.success).every((r) => r.code === 23010)).toBe(true);
    expect(await stock(t.database, demo.id)).toBe(0);
    const [min] = await t.database.rows<{ low: number }>(
      sql`SELECT min(running)::int AS low FROM (SELECT sum(delta) OVER (ORDER BY id) AS running FROM license_ledger WHERE company_id = ${demo.id}) s`,
    );
    // the running balance went 3, 2, 1, 0 and never below: a fourth renewal would have made it −1
    expect(min.low).toBe(0);
  });

  it('sets the auto-renewal flag', async () => {
    const [imei] = imeis('86204', 1);
    await addDevice(demo.id, imei, '30 days');
    expect((await call(t.app, admin, api('/device/autoRenew'), { imei, autoRenew: false })).json().success).toBe(true);
    expect((await device(imei)).auto_renew).toBe(false);
  });
});

describe('auto-renewal job', () => {
  const run = () => licenseJobs({ database: t.database, provider: t.provider }).handlers[AUTO_RENEW_JOB]({} as never, {} as never);

  it('is registered as a periodic job', () => {
    const jobs = allJobs({ database: t.database, provider: t.provider, mailer: { send: async () => {}, close: () => {} } as never });
    expect(jobs.periodic.find((p) => p.name === AUTO_RENEW_JOB)?.everyMs).toBe(5 * 60_000);
    expect(jobs.handlers[AUTO_RENEW_JOB]).toBeTypeOf('function');
  });

  it('renews due auto-renew devices while stock lasts, expires the rest, and leaves others alone', async () => {
    await setStock(t.database, demo.id, 2);
    const [r1, r2, r3, off, future] = imeis('86205', 5);
    await addDevice(demo.id, r1, '-1 hour');
    await addDevice(sub.id, r2, '-2 hours');
    await addDevice(demo.id, r3, '-3 hours', { online: true });
    await addDevice(demo.id, off, '-1 hour', { autoRenew: false });
    await addDevice(demo.id, future, '3 days');
    await run();
    const states = Object.fromEntries(await Promise.all([r1, r2, r3, off, future].map(async (i) => [i, (await device(i)).status])));
    // the oldest expiries are served first: r3 (3 h), r2 (2 h); then the stock is empty for r1
    expect(states).toEqual({ [r1]: 'service_expired', [r2]: 'physical_card', [r3]: 'physical_card', [off]: 'service_expired', [future]: 'physical_card' });
    expect((await device(r3)).days).toBeGreaterThanOrEqual(364);
    expect(await stock(t.database, demo.id)).toBe(0);
    expect(deactivated.map((d) => d.imei).sort()).toEqual([r1, off].sort());
    const ops = await t.database.rows<Row<'devices', 'imei'> & Row<'device_operations', 'action'> & { reason: string | null }>(
      sql`SELECT d.imei, o.action, o.detail->>'reason' AS reason FROM device_operations o JOIN devices d ON d.id = o.device_id ORDER BY d.imei`,
    );
    expect(ops).toEqual(
      expect.arrayContaining([
        { imei: r1, action: 'expire', reason: 'no_stock' },
        { imei: off, action: 'expire', reason: 'auto_renew_off' },
        { imei: r2, action: 'auto_renew', reason: null },
        { imei: r3, action: 'auto_renew', reason: null },
      ]),
    );
    expect(ops).toHaveLength(4);
    // a second run finds nothing due
    await run();
    expect(await t.database.rows(sql`SELECT id FROM device_operations`)).toHaveLength(4);
    // a renewal brings the expired device back
    await setStock(t.database, demo.id, 1);
    expect((await call(t.app, admin, api('/device/license/renew'), { imei: r1 })).json().obj.status).toBe('physical_card');
  });

  it('processes more devices than one batch', async () => {
    await setStock(t.database, demo.id, 150);
    const list = imeis('86206', 130);
    await t.database.rows(sql`INSERT INTO devices (company_id, imei, region, status, license_expires_at)
      SELECT ${demo.id}, i, 'europe', 'physical_card', now() - interval '1 minute' FROM unnest(${`{${list.join(',')}}`}::text[]) AS i`);
    await run();
    const [left] = await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM devices WHERE license_expires_at <= now()`);
    expect(left.n).toBe(0);
    expect(await stock(t.database, demo.id)).toBe(20);
  });
});

describe('overview', () => {
  it('shows the License stock, devices, T+1 usage and the data pool of the paying company', async () => {
    await setStock(t.database, demo.id, 7);
    const [a, b] = imeis('86207', 2);
    const ida = await addDevice(demo.id, a, '10 days', { online: true });
    const idb = await addDevice(sub.id, b, '100 days');
    await t.database.rows(sql`INSERT INTO device_usage_daily (device_id, company_id, day, bytes) VALUES
      (${ida}, ${demo.id}, (now() AT TIME ZONE 'UTC')::date - 1, ${3 * MB}),
      (${ida}, ${demo.id}, (now() AT TIME ZONE 'UTC')::date, ${7 * MB}),
      (${idb}, ${sub.id}, (now() AT TIME ZONE 'UTC')::date - 1, ${MB}),
      (${idb}, ${sub.id}, (now() AT TIME ZONE 'UTC')::date - 400, ${10 * MB})`);
    const [pool] = await t.database.rows<Nullable<As<'data_pool_ledger', { mb: 'delta_mb' }>>>(
      sql`SELECT sum(delta_mb) FILTER (WHERE delta_mb > 0) AS mb FROM data_pool_ledger WHERE company_id = ${demo.id}`,
    );
    const o = (await call(t.app, admin, api('/account/overview'))).json().obj;
    // today's 7 MB count in the data pool at once, in the T+1 usage figures from tomorrow on
    const monthStartIsToday = new Date().getUTCDate() === 1;
    expect(o).toMatchObject({
      licenseStock: 7,
      licenseExpiring30d: 1,
      onlineDevices: 1,
      totalDevices: 2,
      usageYesterdayMb: 4,
      usageMonthMb: monthStartIsToday ? 0 : 4,
      dataTotalMb: Number(pool.mb),
      dataRemainingMb: Number(pool.mb) - 21,
      dataWarning: false,
    });
    const subView = (await call(t.app, await login(t.app, DEMO.subAdmin), api('/account/overview'))).json().obj;
    expect(subView).toMatchObject({ licenseStock: 7, totalDevices: 1, usageYesterdayMb: 1, dataTotalMb: Number(pool.mb) });
  });
});
