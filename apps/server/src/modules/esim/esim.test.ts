import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf } from '../../../test/companies.js';
import { companyIdOf, otherCompany, readXlsx } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../../test/helper.js';
import type { As, Count, Narrow, Nullable, Row } from '../../db/row.js';
import { allJobs } from '../../jobs/registry.js';
import { fleetTick, NETWORK_OPERATORS } from '../network/index.js';

let t: TestApp;
let db: TestApp['database'];
let admin: Session;
let foreign: Session;
let demo: string;
let subId: string;
let otherId: string;
let jobs: ReturnType<typeof allJobs>;

type Envelope = { success: boolean; code: number; msg: string; obj: Record<string, unknown> & { list?: Record<string, unknown>[]; total?: number } };
const post = (path: string, b: unknown = {}, s = admin, lang = 'zh-CN') => call(t.app, s, api(path), b, { lang }).then((r) => r.json() as Envelope);

/** Runs the pending jobs of one name (the simulator's delayed effects) now, as the runner would. */
async function runJobs(name = 'network.command'): Promise<number> {
  const rows = await db.rows<Row<'jobs', 'payload'>>(sql`DELETE FROM jobs WHERE name = ${name} RETURNING payload`);
  for (const r of rows) await jobs.handlers[name](r.payload as never, {} as never);
  return rows.length;
}
/** Makes the queued command of an operation fail on the simulated network. */
const failNext = (opId: number) =>
  db.rows(sql`UPDATE jobs SET payload = payload || '{"fail":"device_busy"}'::jsonb WHERE unique_key = ${`network.command:${opId}`}`);

type Device = { id: string; imei: string; region: string; eid: string };
let imeiSeq = 0;
/** A device of a company, in stock or on its physical card, written directly (no EID). */
async function plainDevice(companyId = demo, region = 'china_mainland', status = 'physical_card'): Promise<{ id: string; imei: string; region: string }> {
  const imei = `87${String(process.pid % 1000).padStart(3, '0')}${String(++imeiSeq).padStart(10, '0')}`;
  const [d] = await db.rows<Row<'devices', 'id'>>(
    sql`INSERT INTO devices (company_id, imei, name, region, status, online) VALUES (${companyId}, ${imei}, 'eSIM 设备', ${region}, ${status}, true) RETURNING id`,
  );
  return { id: d.id, imei, region };
}
/** A device of a company attached by the simulator (its attach job): it carries an EID and its eUICC's profiles. */
async function esimDevice(companyId = demo, region = 'china_mainland', status = 'physical_card'): Promise<Device> {
  const d = await plainDevice(companyId, region, status);
  await jobs.handlers['network.attach']({ deviceIds: [d.id] } as never, {} as never);
  const [r] = await db.rows<Narrow<Row<'devices', 'eid'>, { eid: string }>>(sql`SELECT eid FROM devices WHERE id = ${d.id}`);
  return { ...d, eid: r.eid };
}
/** The usage roll-up job, over every report written so far (their lag made up). */
async function rollUp(): Promise<void> {
  await db.rows(sql`UPDATE device_reports SET received_at = received_at - interval '1 minute'`);
  await jobs.handlers['network.rollup']({} as never, {} as never);
}
const OPERATORS: Record<string, string[]> = {
  china_mainland: ['46000', '46001', '46011'],
  hong_kong: ['45400', '45406', '45403', '45412'],
  europe: ['26202', '26201', '20801', '21407'],
  americas: ['310410', '311480', '310260', '72405'],
};
const COUNTRY: Record<string, string> = { china_mainland: '86', europe: '49', hong_kong: '852', americas: '1' };
let iccidSeq = 0;
const newIccid = () => `8986${String(process.pid % 10000).padStart(4, '0')}${String(++iccidSeq).padStart(12, '0')}`;
async function addProfile(deviceId: string, state = 'disabled', operatorCode = '46001', acCode: string | null = null): Promise<string> {
  const iccid = newIccid();
  await db.rows(
    sql`INSERT INTO esim_profiles (device_id, iccid, operator_code, state, ac_code) VALUES (${deviceId}, ${iccid}, ${operatorCode}, ${state}, ${acCode})`,
  );
  return iccid;
}
const profiles = (deviceId: string) =>
  db.rows<Row<'esim_profiles', 'iccid' | 'operator_code' | 'state' | 'ac_code' | 'usage_bytes'>>(
    sql`SELECT iccid, operator_code, state, ac_code, usage_bytes::text FROM esim_profiles WHERE device_id = ${deviceId} ORDER BY id`,
  );
const deviceRow = async (id: string) =>
  (
    await db.rows<
      Row<'devices', 'status' | 'iccid' | 'network_operator' | 'online' | 'esim_paused'> & Nullable<As<'device_reports', { last_report_at: 'reported_at' }>>
    >(
      sql`SELECT status, iccid, network_operator, online, esim_paused, (SELECT max(reported_at) FROM device_reports WHERE device_id = devices.id) AS last_report_at FROM devices WHERE id = ${id}`,
    )
  )[0];
/** A fleet tick a reporting rhythm from now: the fleet leaves a device that reported within the rhythm (here at activation) alone. */
const fleetTickLater = () => fleetTick(db, { now: Date.now() + 61_000, slice: 100_000, rand: () => 0.5 });
const opsOf = (deviceId: string) =>
  db.rows<Narrow<Row<'device_operations', 'id' | 'action' | 'status' | 'detail'>, { detail: Record<string, unknown> | null }>>(
    sql`SELECT id::text, action, status, detail FROM device_operations WHERE device_id = ${deviceId} ORDER BY id`,
  );
const enabledOf = async (deviceId: string) => (await profiles(deviceId)).find((p) => p.state === 'enabled');

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database;
  admin = await login(t.app, DEMO.admin);
  demo = (await companyIdOf(db, DEMO.admin)).id;
  subId = (await companyIdOf(db, DEMO.subAdmin)).id;
  const o = await otherCompany(db);
  otherId = o.companyId;
  foreign = await login(t.app, o.email);
  jobs = allJobs({ database: db, provider: t.provider, mailer: { send: async () => {}, close: () => {} } as never });
});
afterAll(() => t.close());

describe('the simulated eUICCs', () => {
  it('gives every attached device 1 to 3 profiles of its region’s operators, its own enabled, once', async () => {
    const counts = new Set<number>();
    for (const region of ['china_mainland', 'china_mainland', 'china_mainland', 'europe', 'hong_kong', 'china_mainland', 'americas']) {
      // on its eSIM, so that the device keeps the ICCID the attach gave its eSIM
      const d = await esimDevice(demo, region, 'esim');
      const [dev] = await db.rows<Row<'devices', 'iccid' | 'network_operator'>>(sql`SELECT iccid, network_operator FROM devices WHERE id = ${d.id}`);
      const ps = await profiles(d.id);
      counts.add(ps.length);
      expect(ps.length).toBeGreaterThanOrEqual(1);
      expect(ps.length).toBeLessThanOrEqual(3);
      const enabled = ps.filter((p) => p.state === 'enabled');
      expect(enabled).toHaveLength(1);
      // the ICCID the attach gave the device's eSIM
      expect(enabled[0].iccid).toBe(dev.iccid);
      expect(enabled[0].operator_code).toBe(NETWORK_OPERATORS.find((o) => o.name === dev.network_operator)?.code);
      expect(new Set(ps.map((p) => p.operator_code)).size).toBe(ps.length);
      expect(new Set(ps.map((p) => p.iccid)).size).toBe(ps.length);
      for (const p of ps) {
        expect(OPERATORS[region]).toContain(p.operator_code);
        expect(p.iccid).toMatch(new RegExp(`^89${COUNTRY[region]}\\d+$`));
        expect(p.iccid).toHaveLength(20);
      }
      // attaching again gives no more
      await jobs.handlers['network.attach']({ deviceIds: [d.id] } as never, {} as never);
      expect(await profiles(d.id)).toHaveLength(ps.length);
    }
    expect(counts.size).toBeGreaterThan(1);
  });
});

describe('the eSIM list', () => {
  it('lists the company’s eSIMs filtered by keyword, state and operator, sorted and paged; another company’s never', async () => {
    const a = await esimDevice();
    const b = await esimDevice();
    const c = await esimDevice();
    const theirs = await esimDevice(otherId);
    await plainDevice(); // no EID: not an eSIM
    await db.rows(sql`UPDATE esim_profiles SET state = 'disabled' WHERE device_id IN (${a.id}, ${b.id}, ${c.id}) AND state = 'enabled'`);
    await db.rows(sql`DELETE FROM esim_profiles WHERE device_id IN (${a.id}, ${b.id}, ${c.id})`);
    const ia = await addProfile(a.id, 'enabled', '46000');
    await addProfile(a.id, 'disabled', '46001');
    await addProfile(a.id, 'deleted', '46011');
    await addProfile(b.id, 'enabled', '46011');
    await db.rows(sql`UPDATE devices SET usage_yesterday = 300, usage_month = 10, esim_paused = true, status = 'esim' WHERE id = ${a.id}`);
    await db.rows(sql`UPDATE devices SET usage_yesterday = 100, usage_month = 30 WHERE id = ${b.id}`);
    await db.rows(sql`UPDATE devices SET usage_yesterday = 200, usage_month = 20 WHERE id = ${c.id}`);
    const ours = [a, b, c].map((d) => d.eid);
    const eids = (r: Envelope) => r.obj.list?.map((x) => x.eid).filter((e) => ours.includes(e as string));

    const all = await post('/esim/list', { pageSize: 100, sort: 'usage_yesterday_desc' });
    expect(all.success).toBe(true);
    expect(eids(all)).toEqual([a.eid, c.eid, b.eid]);
    expect(all.obj.list?.some((x) => x.eid === theirs.eid)).toBe(false);
    expect(eids(await post('/esim/list', { pageSize: 100, sort: 'usage_month_asc' }))).toEqual([a.eid, c.eid, b.eid]);
    const rowA = all.obj.list?.find((x) => x.eid === a.eid);
    const [company] = await db.rows<Row<'companies', 'name'>>(sql`SELECT name FROM companies WHERE id = ${demo}`);
    expect(rowA).toMatchObject({
      imei: a.imei,
      companyName: company.name,
      profileCount: 2,
      operatorCode: '46000',
      iccid: ia,
      state: 'paused',
      inUse: true,
      pending: false,
      usageYesterday: 300,
      usageMonth: 10,
    });

    expect(eids(await post('/esim/list', { keyword: a.eid.slice(10, 24) }))).toEqual([a.eid]);
    expect(eids(await post('/esim/list', { keyword: b.imei }))).toEqual([b.eid]);
    expect(eids(await post('/esim/list', { keyword: ia.slice(4) }))).toEqual([a.eid]);
    expect(eids(await post('/esim/list', { pageSize: 100, state: 'paused' }))).toEqual([a.eid]);
    expect(eids(await post('/esim/list', { pageSize: 100, operatorCode: '46011' }))).toEqual([b.eid]);
    expect((await post('/esim/list', { keyword: theirs.eid })).obj).toEqual({ total: 0, list: [] });
    expect((await post('/esim/list', { keyword: theirs.eid }, foreign)).obj.total).toBe(1);

    const total = (await post('/esim/list', { pageSize: 1 })).obj.total as number;
    const pages = await Promise.all([1, 2, 3].map((pageNum) => post('/esim/list', { pageSize: 1, pageNum })));
    expect(pages.every((p) => p.obj.total === total && p.obj.list?.length === 1)).toBe(true);
    expect(new Set(pages.map((p) => p.obj.list?.[0].eid)).size).toBe(3);
    expect((await post('/esim/list', { pageSize: 10, pageNum: 1000 })).obj).toEqual({ total, list: [] });
  });
});

describe('the EID detail', () => {
  it('answers the profiles (deleted last) and the eSIM operations; 35001 for another company’s or a sub-company’s EID', async () => {
    const d = await esimDevice();
    const gone = await addProfile(d.id, 'deleted');
    await addProfile(d.id, 'disabled');
    await db.rows(
      sql`INSERT INTO device_operations (device_id, action, status) VALUES (${d.id}, 'sync', 'done'), (${d.id}, 'switch_card', 'done'), (${d.id}, 'esim_pause', 'failed')`,
    );
    const r = await post('/esim/detail', { eid: d.eid });
    expect(r.success).toBe(true);
    const ps = r.obj.profiles as { iccid: string; state: string }[];
    expect(ps[ps.length - 1]).toMatchObject({ iccid: gone, state: 'deleted' });
    expect(ps[0].state).toBe('enabled');
    expect((r.obj.operations as { action: string }[]).map((o) => o.action)).toEqual(['esim_pause', 'switch_card']);
    expect(r.obj.esim).toMatchObject({ eid: d.eid, imei: d.imei });

    const theirs = await esimDevice(otherId);
    const subs = await esimDevice(subId);
    for (const eid of [theirs.eid, subs.eid, `8904903200000000000000000000${String(Date.now()).slice(-4)}`]) {
      const x = await post('/esim/detail', { eid }, admin, 'en');
      expect(x.code, eid).toBe(35001);
      expect(x.msg).toContain('eSIM not found');
    }
    expect((await post('/esim/detail', { eid: 'nope' })).code).toBe(28002);
  });
});

describe('eSIM commands: refusals', () => {
  it('refuses with 51006, 51007, 51008 and 35002, changing nothing', async () => {
    const d = await esimDevice();
    const enabled = (await enabledOf(d.id))?.iccid as string;
    const disabled = await addProfile(d.id, 'disabled');
    const deleted = await addProfile(d.id, 'deleted');
    const other = await esimDevice();
    const othersIccid = (await enabledOf(other.id))?.iccid as string;
    const snapshot = async () => JSON.stringify([await profiles(d.id), await opsOf(d.id), await deviceRow(d.id)]);
    const audits = async () => (await db.rows<Count>(sql`SELECT count(*)::int AS n FROM audit_events WHERE action LIKE 'esim.%'`))[0].n;
    const before = await snapshot();
    const auditsBefore = await audits();
    const cases: [string, Record<string, unknown>, number][] = [
      ['/esim/profile/enable', { iccid: enabled }, 51007],
      ['/esim/profile/enable', { iccid: deleted }, 51007],
      ['/esim/profile/disable', { iccid: disabled }, 51007],
      ['/esim/profile/disable', { iccid: deleted }, 51007],
      ['/esim/profile/delete', { iccid: enabled }, 51007],
      ['/esim/profile/delete', { iccid: deleted }, 51007],
      ['/esim/activate', {}, 51007],
      ['/esim/profile/enable', { iccid: othersIccid }, 51008],
      ['/esim/profile/delete', { iccid: newIccid() }, 51008],
    ];
    for (const [path, body, code] of cases) expect((await post(path, { eid: d.eid, ...body })).code, `${path} ${JSON.stringify(body)}`).toBe(code);
    await db.rows(sql`UPDATE devices SET esim_paused = true WHERE id = ${d.id}`);
    expect((await post('/esim/pause', { eid: d.eid })).code).toBe(51007);
    await db.rows(sql`UPDATE devices SET esim_paused = false WHERE id = ${d.id}`);

    // no service
    await db.rows(sql`UPDATE devices SET status = 'in_stock' WHERE id = ${d.id}`);
    const stock = await post('/esim/profile/enable', { eid: d.eid, iccid: disabled }, admin, 'en');
    expect(stock).toMatchObject({ code: 35002, msg: 'The eSIM cannot do this now: the device has no service (in stock or expired)' });
    await db.rows(sql`UPDATE devices SET status = 'physical_card' WHERE id = ${d.id}`);
    // another company's eSIM is not found
    expect((await post('/esim/pause', { eid: d.eid }, foreign)).code).toBe(35001);
    expect(await snapshot()).toBe(before);
    expect(await audits()).toBe(auditsBefore);

    // a command under way
    const ok = await post('/esim/pause', { eid: d.eid });
    expect(ok.success).toBe(true);
    const busy = await post('/esim/profile/enable', { eid: d.eid, iccid: disabled });
    expect(busy.code).toBe(35002);
    expect(busy.msg).toContain('有指令正在执行');
    expect((await opsOf(d.id)).filter((o) => o.action.startsWith('esim_'))).toHaveLength(1);
    await runJobs();

    // an empty eUICC
    await db.rows(sql`UPDATE esim_profiles SET state = 'deleted' WHERE device_id = ${d.id}`);
    expect((await post('/esim/profile/enable', { eid: d.eid, iccid: disabled })).code).toBe(51006);
    expect((await post('/esim/activate', { eid: d.eid })).code).toBe(51006);
  });

  it('lets exactly one of 10 concurrent enables of one eSIM through', async () => {
    const d = await esimDevice();
    const target = await addProfile(d.id, 'disabled');
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/esim/profile/enable', { eid: d.eid, iccid: target })));
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 35002)).toHaveLength(9);
    expect((await opsOf(d.id)).filter((o) => o.action === 'esim_enable')).toHaveLength(1);
    expect((await auditOf(db, 'esim.profile.enable')).filter((a) => a.target_id === d.id)).toHaveLength(1);
    await runJobs();
  });
});

describe('eSIM commands: effects', () => {
  it('enables a profile: the device is on its eSIM with the profile’s ICCID and operator, and reports that operator', async () => {
    const d = await esimDevice();
    const target = await addProfile(d.id, 'disabled', '46011');
    const previous = (await enabledOf(d.id))?.iccid;
    const r = await post('/esim/profile/enable', { eid: d.eid, iccid: target });
    expect(r.success).toBe(true);
    const opId = r.obj.operationId as number;
    const [op] = (await opsOf(d.id)).filter((o) => Number(o.id) === opId);
    expect(op).toMatchObject({ action: 'esim_enable', status: 'pending', detail: { iccid: target } });
    const [audit] = (await auditOf(db, 'esim.profile.enable')).filter((a) => a.target_id === d.id);
    expect(audit).toMatchObject({ target_label: d.eid, changes: { operation: [null, opId], iccid: [null, target] } });
    expect((await post('/esim/detail', { eid: d.eid })).obj.esim).toMatchObject({ pending: true });

    await runJobs();
    const ps = await profiles(d.id);
    expect(ps.find((p) => p.iccid === target)?.state).toBe('enabled');
    expect(ps.find((p) => p.iccid === previous)?.state).toBe('disabled');
    expect(await deviceRow(d.id)).toMatchObject({ status: 'esim', iccid: target, network_operator: 'China Telecom', online: true });
    expect((await opsOf(d.id)).find((o) => Number(o.id) === opId)).toMatchObject({ status: 'done', detail: { result: 'done', iccid: target } });

    await fleetTickLater();
    const [last] = await db.rows<Row<'device_reports', 'network_operator'>>(
      sql`SELECT network_operator FROM device_reports WHERE device_id = ${d.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(last.network_operator).toBe('China Telecom');
  });

  it('disables the profile in use: the device falls back to its physical card; deletes a disabled profile', async () => {
    const d = await esimDevice();
    const on = (await enabledOf(d.id))?.iccid as string;
    await db.rows(sql`UPDATE devices SET status = 'esim', iccid = ${on} WHERE id = ${d.id}`);
    const disabled = await post('/esim/profile/disable', { eid: d.eid, iccid: on });
    expect(disabled.success).toBe(true);
    await runJobs();
    expect((await profiles(d.id)).find((p) => p.iccid === on)?.state).toBe('disabled');
    const op = (await opsOf(d.id)).find((o) => Number(o.id) === disabled.obj.operationId);
    const physical = op?.detail?.physicalIccid as string;
    expect(physical).toMatch(/^8986\d{16}$/);
    expect(physical).not.toBe(on);
    expect(await deviceRow(d.id)).toMatchObject({ status: 'physical_card', iccid: physical });

    expect((await post('/esim/profile/delete', { eid: d.eid, iccid: on })).success).toBe(true);
    await runJobs();
    expect((await profiles(d.id)).find((p) => p.iccid === on)?.state).toBe('deleted');
    expect((await opsOf(d.id)).filter((o) => o.action.startsWith('esim_')).map((o) => o.status)).toEqual(['done', 'done']);
  });

  it('pauses an eSIM in use: the device goes offline and stops reporting; activating brings it back', async () => {
    const d = await esimDevice();
    await db.rows(sql`UPDATE devices SET status = 'esim', online = true WHERE id = ${d.id}`);
    expect((await post('/esim/pause', { eid: d.eid })).success).toBe(true);
    await runJobs();
    expect(await deviceRow(d.id)).toMatchObject({ esim_paused: true, online: false });
    expect((await post('/esim/list', { keyword: d.eid })).obj.list?.[0]).toMatchObject({ state: 'paused', inUse: true });

    const stale = (await deviceRow(d.id)).last_report_at;
    await fleetTickLater();
    expect((await deviceRow(d.id)).last_report_at).toEqual(stale);

    expect((await post('/esim/activate', { eid: d.eid })).success).toBe(true);
    await runJobs();
    expect(await deviceRow(d.id)).toMatchObject({ esim_paused: false, online: true });
    await fleetTickLater();
    expect(new Date((await deviceRow(d.id)).last_report_at ?? 0).getTime()).toBeGreaterThan(new Date(stale ?? 0).getTime());
  });

  it('a command that fails on the network carries its 51xxx code and changes nothing', async () => {
    const d = await esimDevice();
    const on = (await enabledOf(d.id))?.iccid as string;
    const off = await addProfile(d.id, 'disabled');
    const cases: [string, Record<string, unknown>, string, number][] = [
      ['/esim/profile/enable', { iccid: off }, 'esim_enable', 51002],
      ['/esim/profile/disable', { iccid: on }, 'esim_disable', 51004],
      ['/esim/profile/delete', { iccid: off }, 'esim_delete', 51005],
      ['/esim/pause', {}, 'esim_pause', 51004],
    ];
    const before = JSON.stringify(await profiles(d.id));
    for (const [path, body, action, code] of cases) {
      const r = await post(path, { eid: d.eid, ...body });
      expect(r.success, path).toBe(true);
      await failNext(r.obj.operationId as number);
      await runJobs();
      const op = (await opsOf(d.id)).find((o) => Number(o.id) === r.obj.operationId);
      expect(op, action).toMatchObject({ action, status: 'failed', detail: { result: 'failed', reason: 'device_busy', code } });
    }
    expect(JSON.stringify(await profiles(d.id))).toBe(before);
    expect((await deviceRow(d.id)).esim_paused).toBe(false);
  });

  it('switching a device to its eSIM uses the enabled profile; an empty eUICC fails with 51006', async () => {
    const d = await esimDevice();
    const on = await enabledOf(d.id);
    const sw = (await call(t.app, admin, api('/device/switchCard'), { imei: d.imei, target: 'esim' })).json();
    expect(sw.success).toBe(true);
    await runJobs();
    const [dev] = await db.rows<Row<'devices', 'status' | 'iccid' | 'network_operator'>>(
      sql`SELECT status, iccid, network_operator FROM devices WHERE id = ${d.id}`,
    );
    expect(dev).toMatchObject({ status: 'esim', iccid: on?.iccid });

    const e = await esimDevice();
    await db.rows(sql`UPDATE esim_profiles SET state = 'deleted' WHERE device_id = ${e.id}`);
    const sw2 = (await call(t.app, admin, api('/device/switchCard'), { imei: e.imei, target: 'esim' })).json();
    await runJobs();
    const op = (await opsOf(e.id)).find((o) => Number(o.id) === sw2.obj.operationId);
    expect(op).toMatchObject({ status: 'failed', detail: { reason: 'empty_profile_list', code: 51006 } });
    expect((await deviceRow(e.id)).status).toBe('physical_card');
  });
});

describe('ACs and the eUICC', () => {
  const acOf = async (c: string) =>
    (await db.rows<Row<'ac_codes', 'status'>>(sql`SELECT status FROM ac_codes WHERE ac_code = ${c} AND status <> 'DELETED'`))[0]?.status;
  async function idleAc(over: { iccid?: string; operatorCode?: string } = {}): Promise<string> {
    const acCode = `LPA:1$smdp.example.com$E-${randomUUID().slice(0, 12)}`;
    await db.rows(
      sql`INSERT INTO ac_codes (company_id, ac_code, imei, iccid, operator_code, status, import_id)
          VALUES (${demo}, ${acCode}, '869900000000000', ${over.iccid ?? null}, ${over.operatorCode ?? null}, 'IDLE', ${randomUUID()})`,
    );
    return acCode;
  }

  it('binding downloads the profile (ORDER_EXISTED); unbinding recycles it and the device falls back', async () => {
    const d = await esimDevice();
    const acIccid = newIccid();
    const acCode = await idleAc({ iccid: acIccid, operatorCode: '46001' });
    expect((await post('/ac/bind', { acCode, eid: d.eid })).obj).toMatchObject({ status: 'ASSIGNED' });
    const [pending] = (await opsOf(d.id)).filter((o) => o.action === 'esim_download');
    expect(pending).toMatchObject({ status: 'pending', detail: { acCode } });
    await runJobs();
    expect(await acOf(acCode)).toBe('ORDER_EXISTED');
    expect((await profiles(d.id)).find((p) => p.ac_code === acCode)).toMatchObject({ iccid: acIccid, operator_code: '46001', state: 'disabled' });

    // in use, then unbound: the profile is recycled
    expect((await post('/esim/profile/enable', { eid: d.eid, iccid: acIccid })).success).toBe(true);
    await runJobs();
    expect((await deviceRow(d.id)).status).toBe('esim');
    const unbound = await post('/ac/unbind', { acCode });
    expect(unbound.obj).toMatchObject({ status: 'IDLE', boundImei: null });
    expect((await profiles(d.id)).find((p) => p.ac_code === acCode)?.state).toBe('deleted');
    expect((await deviceRow(d.id)).status).toBe('physical_card');
    const recycled = (await opsOf(d.id)).filter((o) => o.action === 'esim_delete');
    expect(recycled).toEqual([expect.objectContaining({ status: 'done', detail: expect.objectContaining({ iccid: acIccid, acCode, recycled: true }) })]);
    // the same code binds and downloads again
    expect((await post('/ac/bind', { acCode, imei: d.imei })).success).toBe(true);
    await runJobs();
    expect(await acOf(acCode)).toBe('ORDER_EXISTED');
  });

  it('a download of a code already on another device, or a failed one, invalidates the order (51003)', async () => {
    const d = await esimDevice();
    const elsewhere = await esimDevice();
    const acCode = await idleAc();
    await addProfile(elsewhere.id, 'disabled', '46000', acCode);
    await post('/ac/bind', { acCode, imei: d.imei });
    await runJobs();
    expect(await acOf(acCode)).toBe('ORDER_INVALID');
    const [op] = (await opsOf(d.id)).filter((o) => o.action === 'esim_download');
    expect(op).toMatchObject({ status: 'failed', detail: { code: 51003, reason: 'downloaded_elsewhere' } });
    expect((await profiles(d.id)).some((p) => p.ac_code === acCode)).toBe(false);

    const failing = await idleAc();
    await post('/ac/bind', { acCode: failing, imei: d.imei });
    const [op2] = (await opsOf(d.id)).filter((o) => o.action === 'esim_download' && o.status === 'pending');
    await failNext(Number(op2.id));
    await runJobs();
    expect(await acOf(failing)).toBe('ORDER_INVALID');
    // an invalid order may be deleted, or unbound
    expect((await post('/ac/delete', { acCode: failing })).obj).toMatchObject({ status: 'DELETED' });
    expect((await post('/ac/unbind', { acCode })).obj).toMatchObject({ status: 'IDLE' });
  });

  it('a download without a given ICCID or operator gets a new ICCID of the region’s first operator', async () => {
    const d = await esimDevice(demo, 'europe');
    const acCode = await idleAc();
    await post('/ac/bind', { acCode, imei: d.imei });
    await runJobs();
    const p = (await profiles(d.id)).find((x) => x.ac_code === acCode);
    expect(p).toMatchObject({ operator_code: '26202', state: 'disabled' });
    expect(p?.iccid).toMatch(/^8949\d{16}$/);
  });
});

describe('the export and the per-profile usage', () => {
  it('exports the filtered list as xlsx in the caller’s language', async () => {
    const d = await esimDevice();
    await db.rows(sql`UPDATE esim_profiles SET operator_code = '46000' WHERE device_id = ${d.id} AND state = 'enabled'`);
    await db.rows(sql`UPDATE devices SET esim_paused = true WHERE id = ${d.id}`);
    const get = (lang: string) => call(t.app, admin, `${api('/esim/export')}?keyword=${d.eid}`, undefined, { method: 'GET', lang });
    const en = await get('en');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readXlsx(en.rawPayload);
    expect(sheet).toHaveLength(2);
    expect(sheet[0].slice(0, 3)).toEqual(['EID', 'IMEI', 'Device name']);
    expect(sheet[1][0]).toBe(d.eid);
    expect(sheet[1][5]).toBe('China Mobile');
    expect(sheet[1][7]).toBe('Paused');
    const zh = await readXlsx((await get('zh-CN')).rawPayload);
    expect(zh[0][3]).toBe('客户');
    expect(zh[1][5]).toBe('中国移动');
    expect(zh[1][7]).toBe('已暂停');
    const theirs = await readXlsx((await call(t.app, foreign, `${api('/esim/export')}?keyword=${d.eid}`, undefined, { method: 'GET' })).rawPayload);
    expect(theirs).toHaveLength(1);
  });

  it('adds rolled-up bytes to the enabled profile of a device on its eSIM only', async () => {
    const onEsim = await esimDevice();
    const onCard = await esimDevice();
    await db.rows(sql`UPDATE devices SET status = 'esim' WHERE id = ${onEsim.id}`);
    await rollUp();
    const before = async (id: string) => Number((await enabledOf(id))?.usage_bytes);
    const [a0, b0] = [await before(onEsim.id), await before(onCard.id)];
    await db.rows(
      sql`INSERT INTO device_reports (device_id, reported_at, bytes, online)
          VALUES (${onEsim.id}, now(), 1000, true), (${onEsim.id}, now() - interval '1 second', 234, true), (${onCard.id}, now(), 5000, true)`,
    );
    await rollUp();
    expect(await before(onEsim.id)).toBe(a0 + 1234);
    expect(await before(onCard.id)).toBe(b0);
    expect((await post('/esim/detail', { eid: onEsim.eid })).obj.profiles).toContainEqual(expect.objectContaining({ state: 'enabled', usageBytes: a0 + 1234 }));
  });
});
