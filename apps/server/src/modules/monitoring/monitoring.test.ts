import { randomUUID } from 'node:crypto';
import type { TDeviceReport } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf } from '../../../test/companies.js';
import { companyIdOf, otherCompany } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../../test/helper.js';
import type { As, Count, Narrow, Row } from '../../db/row.js';
import { allJobs } from '../../jobs/registry.js';
import { type DeviceKey, getOrCreateDeviceKey } from '../devicekeys/index.js';
import { buildReportCall, fleetTick, SPELL_MS, spellAt } from '../network/index.js';
import { enforceDataCaps } from './data-cap.js';
import { evaluateProbes, judge } from './switching.js';

const MIB = 1_048_576;
let t: TestApp;
let db: TestApp['database'];
let admin: Session;
let sub: Session;
let foreign: Session;
let demo: string;
let otherId: string;
let key: DeviceKey;
let jobs: ReturnType<typeof allJobs>;

type Envelope = { success: boolean; code: number; msg: string; obj: Record<string, unknown> & { list?: Record<string, unknown>[] } };
const post = (path: string, b: unknown = {}, s = admin, lang = 'zh-CN') => call(t.app, s, api(path), b, { lang }).then((r) => r.json() as Envelope);

let seq = 0;
async function device(companyId = demo, over: { status?: string; online?: boolean } = {}): Promise<{ id: string; imei: string }> {
  const imei = `8688${String(Date.now()).slice(-6)}${String(++seq).padStart(5, '0')}`;
  const [d] = await db.rows<Row<'devices', 'id'>>(
    sql`INSERT INTO devices (company_id, imei, name, region, status, online, network_operator, network_type, area, signal_level)
        VALUES (${companyId}, ${imei}, ${`监控设备${seq}`}, 'china_mainland', ${over.status ?? 'physical_card'}, ${over.online ?? true},
                'China Mobile', '4G', 'Shanghai', 4) RETURNING id`,
  );
  return { id: d.id, imei };
}

const strategy = (over: Record<string, unknown> = {}) => ({
  name: `策略${++seq}`.slice(0, 10),
  interval: 1,
  type: 'single',
  domains: ['www.example.com'],
  quality: 'smooth',
  mode: 'any',
  packetLoss: 1,
  delay: 100,
  jitter: 30,
  consecutive: 3,
  switchTo: 'next',
  ...over,
});

/** Reports with probes through the signed device API, as a device sends them. */
async function report(imei: string, at: Date, probes: TDeviceReport['probes']): Promise<Envelope> {
  const c = await buildReportCall(key, [{ imei, at: at.toISOString(), bytes: 100, online: true, probes }]);
  const res = await t.app.inject({ method: 'POST', url: c.path, headers: c.headers, payload: c.body });
  return res.json() as Envelope;
}
const bad = (domain = 'www.example.com') => [{ domain, packetLoss: 0, delay: 250, jitter: 10, reachable: true }];
const good = (domain = 'www.example.com') => [{ domain, packetLoss: 0, delay: 40, jitter: 5, reachable: true }];
const switchesOf = (deviceId: string) =>
  db.rows<Narrow<Row<'device_operations', 'id' | 'status' | 'detail'>, { detail: Record<string, unknown> }>>(
    sql`SELECT id::text, status, detail FROM device_operations WHERE device_id = ${deviceId} AND action = 'switch_card' ORDER BY id`,
  );
const audited = async (action: string, targetId: string) => (await auditOf(db, action)).find((a) => a.target_id === targetId);
/** Runs the pending jobs of one name (the simulator's delayed effects), as the runner would. */
async function runJobs(name: string): Promise<number> {
  const rows = await db.rows<Row<'jobs', 'id' | 'payload'>>(sql`DELETE FROM jobs WHERE name = ${name} RETURNING id, payload`);
  for (const r of rows) await jobs.handlers[name](r.payload as never, {} as never);
  return rows.length;
}

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database;
  admin = await login(t.app, DEMO.admin);
  sub = await login(t.app, DEMO.subAdmin);
  demo = (await companyIdOf(db, DEMO.admin)).id;
  const o = await otherCompany(db);
  otherId = o.companyId;
  foreign = await login(t.app, o.email);
  key = await getOrCreateDeviceKey(db, demo);
  jobs = allJobs({ database: db, provider: t.provider, mailer: { send: async () => {}, close: () => {} } as never });
});
afterAll(() => t.close());

describe('strategies', () => {
  it('refuses bad input naming the field, and changes nothing', async () => {
    const [before] = await db.rows<Count>(sql`SELECT count(*)::int AS n FROM strategies`);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '一二三四五六七八九十一' }, '策略名称'],
      [{ domains: ['not a host'] }, '拨测域名'],
      [{ domains: ['a.example.com', 'b.example.com'] }, '拨测域名'],
      [{ type: 'multiple', domains: ['a.example.com'] }, '拨测域名'],
      [{ packetLoss: 1.25 }, '丢包率'],
      [{ delay: 0 }, '时延'],
      [{ consecutive: 11 }, '连续失败次数'],
      [{ quality: 'perfect' }, '网络质量要求'],
    ];
    for (const [over, field] of cases) {
      const r = await post('/strategy/add', strategy(over));
      expect(r.code, JSON.stringify(over)).toBe(28002);
      expect(r.msg).toContain(field);
    }
    const [after] = await db.rows<Count>(sql`SELECT count(*)::int AS n FROM strategies`);
    expect(after.n).toBe(before.n);
  });

  it('adds, lists, changes and deletes a strategy; names are unique in the company; all audited', async () => {
    const body = strategy({ name: '主策略', type: 'multiple', domains: ['WWW.Baidu.com', '8.8.8.8'] });
    const added = await post('/strategy/add', body);
    expect(added.code).toBe(0);
    expect(added.obj).toMatchObject({ name: '主策略', domains: ['www.baidu.com', '8.8.8.8'], consecutive: 3, deviceCount: 0 });
    const id = added.obj.id as string;
    expect((await post('/strategy/add', body)).code).toBe(33002);
    const list = await post('/strategy/list', { pageNum: 1, pageSize: 10, name: '主策' });
    expect(list.obj.list?.map((s) => s.id)).toEqual([id]);
    const changed = await post('/strategy/update', { ...body, id, delay: 150 });
    expect(changed.obj.delay).toBe(150);
    // another company's strategy is not found, and not changed
    expect((await post('/strategy/update', { ...body, id, delay: 10 }, foreign)).code).toBe(33001);
    expect((await post('/strategy/detail', { id }, sub)).code).toBe(33001);
    expect((await post('/strategy/delete', { id })).code).toBe(0);
    expect((await post('/strategy/detail', { id })).code).toBe(33001);
    expect((await audited('strategy.update', id))?.changes).toMatchObject({ delay: [100, 150] });
    expect(await audited('strategy.delete', id)).toBeTruthy();
  });

  it('associates devices of the company only, moves them between strategies, and the device list shows the name', async () => {
    const a = (await post('/strategy/add', strategy({ name: '甲策略' }))).obj.id as string;
    const b = (await post('/strategy/add', strategy({ name: '乙策略' }))).obj.id as string;
    const mine = await device();
    const theirs = await device(otherId);
    const refused = await post('/strategy/devices/update', { id: a, imeis: [mine.imei, theirs.imei] });
    expect(refused.code).toBe(23009);
    expect(refused.msg).toContain(theirs.imei);
    expect((await db.rows<As<'devices', { s: 'strategy_id' }>>(sql`SELECT strategy_id AS s FROM devices WHERE id = ${mine.id}`))[0].s).toBeNull();
    expect((await post('/strategy/devices/update', { id: a, imeis: [mine.imei] })).obj).toEqual({ deviceCount: 1, changed: 1 });
    expect((await post('/device/list', { pageNum: 1, pageSize: 5, keyword: mine.imei })).obj.list?.[0].strategyName).toBe('甲策略');
    expect((await post('/strategy/devices/update', { id: b, imeis: [mine.imei] })).obj.deviceCount).toBe(1);
    expect((await post('/device/detail', { imei: mine.imei })).obj.device).toMatchObject({ strategyName: '乙策略' });
    const picker = await post('/strategy/devices/list', { pageNum: 1, pageSize: 10, strategyId: b });
    expect(picker.obj.list?.map((d) => d.imei)).toEqual([mine.imei]);
    expect((await post('/strategy/devices/update', { id: b, imeis: [mine.imei], action: 'remove' })).obj.deviceCount).toBe(0);
  });
});

describe('switching', () => {
  it('judges a probe event: any / all conditions, and a multiple-domain link by its best domain', () => {
    const limits = { packetLoss: 1, delay: 100, jitter: 30 };
    const slow = { domain: 'a.cn', packetLoss: 0, delay: 250, jitter: 10 };
    const fine = { domain: 'b.cn', packetLoss: 0, delay: 40, jitter: 5 };
    expect(judge([slow], { type: 'single', mode: 'any', limits })?.fails).toBe(true);
    expect(judge([slow], { type: 'single', mode: 'all', limits })?.fails).toBe(false);
    expect(judge([{ ...slow, packetLoss: 100, delay: null, jitter: null }], { type: 'single', mode: 'all', limits })?.fails).toBe(true);
    expect(judge([slow, fine], { type: 'multiple', mode: 'any', limits })?.fails).toBe(false);
    expect(judge([slow, { ...slow, domain: 'b.cn' }], { type: 'multiple', mode: 'any', limits })?.evidence.failed).toEqual(['delay']);
  });

  it('switches once after N consecutive failing probes, not again within 5 minutes, and logs the reason', async () => {
    const s = (await post('/strategy/add', strategy({ name: '切卡', consecutive: 3 }))).obj.id as string;
    const d = await device();
    await post('/strategy/devices/update', { id: s, imeis: [d.imei] });
    const t0 = Date.now() - 10 * 60_000;
    const at = (m: number) => new Date(t0 + m * 60_000);
    // two failures, a good probe (the run starts again), then three failures
    for (const [m, p] of [
      [0, bad()],
      [1, bad()],
      [2, good()],
      [3, bad()],
      [4, bad()],
    ] as const)
      expect((await report(d.imei, at(m), [...p])).obj.accepted).toBe(1);
    await evaluateProbes(db, t.provider);
    expect(await switchesOf(d.id)).toHaveLength(0);
    await report(d.imei, at(5), bad());
    expect((await evaluateProbes(db, t.provider)).switched).toBe(1);
    const [op] = await switchesOf(d.id);
    expect(op.detail).toMatchObject({
      target: 'esim',
      from: 'physical_card',
      strategyName: '切卡',
      reason: { domain: 'www.example.com', delay: 250, failed: ['delay'], probes: 3 },
    });
    // three more failures a minute later: within the cooldown, no second switch
    for (const m of [6, 7, 8]) await report(d.imei, at(m), bad());
    await evaluateProbes(db, t.provider);
    expect(await switchesOf(d.id)).toHaveLength(1);
    // the simulated network completes the switch
    await runJobs('network.command');
    const [after] = await db.rows<Row<'devices', 'status'>>(sql`SELECT status FROM devices WHERE id = ${d.id}`);
    expect(after.status).toBe('esim');
    // six minutes on, the run still failing: the next failing probe switches again
    await report(d.imei, new Date(), bad());
    expect((await evaluateProbes(db, t.provider, { now: new Date(Date.now() + 6 * 60_000) })).switched).toBe(1);
    const detail = await post('/strategy/detail', { id: s });
    expect((detail.obj.switches as unknown[]).length).toBe(2);
    expect(await audited('device.switchCard', d.id)).toMatchObject({ actor_kind: 'system', actor_name: 'strategy:切卡' });
  });

  it('counts each probe once when two runners evaluate at the same time', async () => {
    const s = (await post('/strategy/add', strategy({ name: '并发', consecutive: 2 }))).obj.id as string;
    const devices = [await device(), await device(), await device()];
    await post('/strategy/devices/update', { id: s, imeis: devices.map((d) => d.imei) });
    const t0 = Date.now() - 60_000;
    for (const d of devices) for (const m of [0, 1]) await report(d.imei, new Date(t0 + m * 10_000), bad());
    const [a, b] = await Promise.all([evaluateProbes(db, t.provider), evaluateProbes(db, t.provider)]);
    expect(a.switched + b.switched).toBe(3);
    for (const d of devices) expect(await switchesOf(d.id)).toHaveLength(1);
  });

  it('the simulated fleet measures the strategy’s domain and a strict strategy switches the card', async () => {
    const s = (await post('/strategy/add', strategy({ name: '严格', delay: 1, jitter: 1, consecutive: 1 }))).obj.id as string;
    const d = await device();
    await db.rows(
      sql`INSERT INTO fleet_schedule (device_id, last_at) VALUES (${d.id}, now() - interval '1 hour') ON CONFLICT (device_id) DO UPDATE SET last_at = excluded.last_at`,
    );
    await post('/strategy/devices/update', { id: s, imeis: [d.imei] });
    await fleetTick(db, { slice: 100_000 });
    const probes = await db.rows<Row<'device_probes', 'domain' | 'delay_ms'>>(sql`SELECT domain, delay_ms FROM device_probes WHERE device_id = ${d.id}`);
    expect(probes.map((p) => p.domain)).toEqual(['www.example.com']);
    await evaluateProbes(db, t.provider);
    expect(await switchesOf(d.id)).toHaveLength(1);
  });
});

describe('network detection', () => {
  it('refuses a device without a connection and another company’s detection', async () => {
    const off = await device(demo, { online: false });
    const r = await post('/detection/start', { imei: off.imei, domain: 'www.qq.com' }, admin, 'en');
    expect(r.code).toBe(33005);
    expect(r.msg).toContain('offline');
    expect((await post('/detection/start', { imei: off.imei, domain: 'bad domain' })).code).toBe(28002);
  });

  it('goes detecting → waiting → a result, through the command and the device report; unreachable and timeout', async () => {
    const d = await device();
    // the simulated cells of one operator in one area are down 1 % of the time: measure where they are up now and in the next slot
    const now = Date.now();
    const calm = ['Shanghai', 'Beijing', 'Guangzhou', 'Shenzhen', 'Hangzhou'].find((a) =>
      [now, now + SPELL_MS].every((at) => spellAt('China Mobile', a, at) !== 'outage'),
    );
    await db.rows(sql`UPDATE devices SET area = ${calm} WHERE id = ${d.id}`);
    const started = await post('/detection/start', { imei: d.imei, domain: 'www.qq.com' });
    expect(started.obj).toMatchObject({ state: 'detecting', domain: 'www.qq.com', result: null });
    const id = started.obj.id as string;
    expect((await post('/detection/start', { imei: d.imei, domain: 'www.qq.com' })).code).toBe(33005);
    expect((await post('/detection/result', { id }, foreign)).code).toBe(33004);
    expect(await runJobs('network.command')).toBeGreaterThan(0);
    expect((await post('/detection/result', { id })).obj.state).toBe('waiting');
    await runJobs('network.detect.report');
    const done = await post('/detection/result', { id });
    expect(done.obj.state).toBe('done');
    expect(done.obj.result).toMatchObject({ networkOperator: 'China Mobile', networkOperatorCode: '46000' });
    expect(['smooth', 'general', 'weak', 'disconnected']).toContain((done.obj.result as { grade: string }).grade);

    const u = await post('/detection/start', { imei: d.imei, domain: 'printer.local' });
    await runJobs('network.command');
    await runJobs('network.detect.report');
    expect((await post('/detection/result', { id: u.obj.id })).obj).toMatchObject({ state: 'unreachable', result: { packetLoss: 100, delay: null } });

    const late = await post('/detection/start', { imei: d.imei, domain: 'www.qq.com' });
    await db.rows(sql`UPDATE detections SET started_at = now() - interval '2 minutes' WHERE id = ${late.obj.id as string}`);
    expect((await post('/detection/result', { id: late.obj.id })).obj.state).toBe('timeout');
    const history = await post('/detection/list', { imei: d.imei });
    expect(history.obj.list?.map((x) => x.state)).toEqual(['unreachable', 'done', 'timeout']);
    // probes answering a detection do not count towards a strategy
    const [p] = await db.rows<Count>(sql`SELECT count(*)::int AS n FROM device_probes WHERE device_id = ${d.id} AND NOT evaluated`);
    expect(p.n).toBe(0);
  });
});

describe('hard data cap', () => {
  const usage = (d: { id: string }, day: string, mb: number) =>
    db.rows(
      sql`INSERT INTO device_usage_daily (device_id, company_id, day, bytes) VALUES (${d.id}, ${demo}, ${day}::date, ${mb * MIB})
          ON CONFLICT (device_id, day) DO UPDATE SET bytes = excluded.bytes`,
    );
  const state = async (id: string) =>
    (
      await db.rows<As<'devices', { cap: 'cap_suspended_month' }> & Row<'devices', 'suspended'>>(
        sql`SELECT cap_suspended_month::text AS cap, suspended FROM devices WHERE id = ${id}`,
      )
    )[0];
  const capAlarms = (id: string) => db.rows<Row<'alarms', 'ended_at'>>(sql`SELECT ended_at FROM alarms WHERE type = 'data_cap' AND device_id = ${id}`);

  it('refuses bad input and foreign IMEIs, changing nothing', async () => {
    const d = await device();
    const theirs = await device(otherId);
    expect((await post('/dataCap/update', { imeis: [d.imei], capMb: 0 })).code).toBe(28002);
    expect((await post('/dataCap/update', { imeis: [d.imei, theirs.imei], capMb: 10 })).code).toBe(23009);
    expect((await post('/dataCap/update', { groupId: randomUUID(), capMb: 10 })).code).toBe(32002);
    expect((await db.rows<As<'devices', { c: 'data_cap_mb' }>>(sql`SELECT data_cap_mb AS c FROM devices WHERE id = ${d.id}`))[0].c).toBeNull();
  });

  it('suspends at the cap once with an alarm, resumes when the cap is raised, and at the next month', async () => {
    const d = await device();
    const today = new Date().toISOString().slice(0, 10);
    await usage(d, today, 12);
    expect((await post('/dataCap/update', { imeis: [d.imei], capMb: 10 })).obj.updated).toBe(1);
    expect((await enforceDataCaps(db, t.provider)).suspended).toBeGreaterThanOrEqual(1);
    expect((await state(d.id)).cap).not.toBeNull();
    expect(await enforceDataCaps(db, t.provider)).toEqual({ suspended: 0, resumed: 0 });
    expect(await capAlarms(d.id)).toHaveLength(1);
    await runJobs('network.command');
    expect((await state(d.id)).suspended).toBe(true);
    const detail = await post('/device/detail', { imei: d.imei });
    expect(detail.obj.device).toMatchObject({ dataCapMb: 10, capSuspended: true });
    // raised above the usage: resumed, the alarm ends
    await post('/dataCap/update', { imeis: [d.imei], capMb: 20 });
    expect((await enforceDataCaps(db, t.provider)).resumed).toBe(1);
    expect((await capAlarms(d.id))[0].ended_at).not.toBeNull();
    await runJobs('network.command');
    expect(await state(d.id)).toEqual({ cap: null, suspended: false });
    // a group's cap applies to its devices; the next month resumes them
    const [g] = await db.rows<Row<'device_groups', 'id'>>(sql`INSERT INTO device_groups (company_id, name) VALUES (${demo}, ${`限额${seq}`}) RETURNING id`);
    const e = await device();
    await db.rows(sql`UPDATE devices SET group_id = ${g.id} WHERE id = ${e.id}`);
    await usage(e, today, 6);
    await post('/dataCap/update', { groupId: g.id, capMb: 5 });
    await enforceDataCaps(db, t.provider);
    await runJobs('network.command');
    expect((await state(e.id)).suspended).toBe(true);
    const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1, 0, 5));
    expect((await enforceDataCaps(db, t.provider, { now: nextMonth })).resumed).toBeGreaterThanOrEqual(1);
    expect((await state(e.id)).cap).toBeNull();
  });
});
