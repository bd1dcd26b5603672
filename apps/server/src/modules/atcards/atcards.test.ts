import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf } from '../../../test/companies.js';
import { companyIdOf, otherCompany } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../../test/helper.js';
import type { As, Narrow, Row } from '../../db/row.js';
import { allJobs } from '../../jobs/registry.js';
import { networkOperatorCode } from '../network/index.js';

let t: TestApp;
let db: TestApp['database'];
let admin: Session;
let foreign: Session;
let demo: string;
let otherId: string;
let jobs: ReturnType<typeof allJobs>;

type Envelope = { success: boolean; code: number; msg: string; obj: Record<string, unknown> & { list?: Record<string, unknown>[] } };
const post = (path: string, b: unknown = {}, s = admin, lang = 'en') => call(t.app, s, api(path), b, { lang }).then((r) => r.json() as Envelope);

/** The IMEIs of this file share a prefix, so a keyword keeps the demo company's other devices out of the list. */
const PREFIX = '8655000';
const REGION = 'china_mainland';
type Shape = 'two' | 'one' | 'emptySecond';
type Device = { id: string; imei: string };

/** Runs the pending jobs of one name (the simulator's delayed effects), as the runner would. */
async function runJobs(name: string): Promise<number> {
  const rows = await db.rows<Row<'jobs', 'payload'>>(sql`DELETE FROM jobs WHERE name = ${name} RETURNING payload`);
  for (const r of rows) await jobs.handlers[name](r.payload as never, {} as never);
  return rows.length;
}

/**
 * Devices brought up by the network's attach job, which seeds their slots, sorted by the slots
 * their module has. The IMEIs are fixed (each run has a fresh database), so the pools are too.
 */
const pools: Record<string, Record<Shape, Device[]>> = {};
async function bringUp(companyId: string, from: number, count: number): Promise<void> {
  const devices: Device[] = [];
  for (let i = from; i < from + count; i++) {
    const imei = `${PREFIX}${String(i).padStart(8, '0')}`;
    const [d] = await db.rows<Row<'devices', 'id'>>(
      sql`INSERT INTO devices (company_id, imei, name, region, status, license_expires_at)
          VALUES (${companyId}, ${imei}, ${`卡槽设备 ${i}`}, ${REGION}, 'physical_card', now() + interval '200 days') RETURNING id`,
    );
    devices.push({ id: d.id, imei });
  }
  await t.provider.activate(devices.map((d) => ({ ...d, region: REGION, companyId })));
  await runJobs('network.attach');
  const shapes = await db.rows<As<'at_cards', { id: 'device_id' }> & { n: number; empty: boolean }>(
    sql`SELECT device_id AS id, count(*)::int AS n, bool_or(iccid IS NULL) AS empty FROM at_cards
        WHERE device_id IN (SELECT id FROM devices WHERE company_id = ${companyId} AND imei LIKE ${`${PREFIX}%`}) GROUP BY device_id`,
  );
  const pool: Record<Shape, Device[]> = { two: [], one: [], emptySecond: [] };
  for (const d of devices) {
    const x = shapes.find((r) => r.id === d.id);
    if (x) pool[x.n === 1 ? 'one' : x.empty ? 'emptySecond' : 'two'].push(d);
  }
  pools[companyId] = pool;
}
/** A device of the company, not used by another test, whose module has the wanted slots. */
function device(shape: Shape, companyId = demo): Device {
  const d = pools[companyId][shape].shift();
  if (!d) throw new Error(`no more devices with slots ${shape}`);
  return d;
}

const slotsIn = (deviceId: string) =>
  db.rows<Row<'at_cards', 'slot' | 'iccid' | 'operator_code' | 'state' | 'synced_at'>>(
    sql`SELECT slot, iccid, operator_code, state, synced_at FROM at_cards WHERE device_id = ${deviceId} ORDER BY slot`,
  );
const deviceRow = async (id: string) =>
  (
    await db.rows<Row<'devices', 'status' | 'iccid' | 'network_operator' | 'last_switch_at' | 'online'>>(
      sql`SELECT status, iccid, network_operator, last_switch_at, online FROM devices WHERE id = ${id}`,
    )
  )[0];
const opsOf = (id: string) =>
  db.rows<Narrow<Row<'device_operations', 'id' | 'status' | 'detail'>, { detail: Record<string, unknown> }>>(
    sql`SELECT id::text, status, detail FROM device_operations WHERE device_id = ${id} AND action = 'at_command' ORDER BY id`,
  );
const list = async (body: Record<string, unknown>, s = admin) => {
  const r = await post('/atCard/list', { pageNum: 1, pageSize: 100, keyword: PREFIX, ...body }, s);
  expect(r.success, r.msg).toBe(true);
  return r.obj;
};
const rowsOf = async (body: Record<string, unknown>, s = admin) => ((await list(body, s)).list ?? []) as Record<string, unknown>[];

/** Answers a sent command as the network job would, with the failure drawn as given (none by default). */
async function answer(operationId: number, fail: 'device_timeout' | 'network_rejected' | null = null): Promise<void> {
  const [job] = await db.rows<Row<'jobs', 'payload'>>(
    sql`DELETE FROM jobs WHERE name = 'network.command' AND unique_key = ${`network.command:${operationId}`} RETURNING payload`,
  );
  expect(job, `job of operation ${operationId}`).toBeDefined();
  await jobs.handlers['network.command']({ ...(job.payload as object), fail } as never, {} as never);
}

/** What a refused command must leave alone. */
async function snapshot(d: Device) {
  return { device: await deviceRow(d.id), slots: await slotsIn(d.id), ops: await opsOf(d.id), audit: (await auditOf(db, 'atCard.command')).length };
}

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database;
  admin = await login(t.app, DEMO.admin);
  demo = (await companyIdOf(db, DEMO.admin)).id;
  const o = await otherCompany(db);
  otherId = o.companyId;
  foreign = await login(t.app, o.email);
  jobs = allJobs({ database: db, provider: t.provider, mailer: { send: async () => {}, close: () => {} } as never });
  await bringUp(demo, 1, 40);
  await bringUp(otherId, 101, 10);
});
afterAll(() => t.close());

describe('AT cards: the simulator seeds the slots', () => {
  it('gives slot 1 the physical card (active), slot 2 another operator’s card or nothing, once', async () => {
    const two = device('two');
    const slots = await slotsIn(two.id);
    const dev = await deviceRow(two.id);
    expect(slots.map((s) => s.slot)).toEqual([1, 2]);
    // the device is on slot 1's card
    expect(slots[0]).toMatchObject({ iccid: dev.iccid, operator_code: networkOperatorCode(dev.network_operator) });
    expect(slots.map((s) => s.iccid)).toEqual([expect.stringMatching(/^8986\d{16}$/), expect.stringMatching(/^8986\d{16}$/)]);
    expect(slots[1].iccid).not.toBe(slots[0].iccid);
    expect(slots[1].operator_code).not.toBe(slots[0].operator_code);
    expect(slots.every((s) => s.state === 'standby' && s.synced_at !== null)).toBe(true);

    const one = device('one');
    expect(await slotsIn(one.id)).toHaveLength(1);
    const empty = device('emptySecond');
    expect((await slotsIn(empty.id))[1]).toMatchObject({ slot: 2, iccid: null, operator_code: null, state: 'empty' });

    // attached again (a retried job): the slots stay as they were
    await t.provider.activate([{ id: two.id, imei: two.imei, region: REGION, companyId: demo }]);
    expect(await runJobs('network.attach')).toBe(1);
    expect(await slotsIn(two.id)).toEqual(slots);
  });
});

describe('AT cards: the list', () => {
  let two: Device;
  let empty: Device;
  let foreignDevice: Device;
  beforeAll(async () => {
    two = device('two');
    empty = device('emptySecond');
    foreignDevice = device('two', otherId);
  });

  it('lists the slots of the company’s devices with their computed state', async () => {
    const rows = await rowsOf({ keyword: two.imei });
    expect(rows).toHaveLength(2);
    const [s1] = await slotsIn(two.id);
    expect(rows[0]).toMatchObject({ imei: two.imei, slot: 1, iccid: s1.iccid, state: 'active', pending: false, operatorCode: s1.operator_code });
    expect(typeof rows[0].deviceName).toBe('string');
    expect(rows[1]).toMatchObject({ slot: 2, state: 'standby', signalLevel: null });
    expect(rows[0].syncedAt).toEqual(expect.any(String));
  });

  it('filters by keyword (IMEI or ICCID), state and operator', async () => {
    const [, s2] = await slotsIn(two.id);
    const byIccid = await rowsOf({ keyword: (s2.iccid as string).slice(-12) });
    expect(byIccid.map((r) => [r.imei, r.slot])).toEqual([[two.imei, 2]]);
    const active = await rowsOf({ state: 'active' });
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((r) => r.state === 'active' && r.slot === 1)).toBe(true);
    const emptyRows = await rowsOf({ state: 'empty' });
    expect(emptyRows.map((r) => r.imei)).toContain(empty.imei);
    expect(emptyRows.every((r) => r.state === 'empty' && r.iccid === null)).toBe(true);
    expect((await rowsOf({ state: 'standby' })).every((r) => r.state === 'standby')).toBe(true);
    const byOperator = await rowsOf({ operatorCode: s2.operator_code });
    expect(byOperator.some((r) => r.imei === two.imei && r.slot === 2)).toBe(true);
    expect(byOperator.every((r) => r.operatorCode === s2.operator_code)).toBe(true);
    const paged = await list({ pageSize: 1 });
    expect(paged.list).toHaveLength(1);
    expect(paged.total).toBe((await rowsOf({})).length);
  });

  it('never shows another company’s device, which its own members see', async () => {
    expect(await rowsOf({ keyword: foreignDevice.imei })).toEqual([]);
    expect(await rowsOf({ keyword: foreignDevice.imei }, foreign)).toHaveLength(2);
    expect((await post('/atCard/log', { imei: foreignDevice.imei })).code).toBe(36001);
  });
});

describe('AT cards: refused commands change nothing', () => {
  it('refuses another company’s IMEI and a slot the module lacks (36001)', async () => {
    const mine = device('one');
    const theirs = device('two', otherId);
    const before = [await snapshot(mine), await snapshot(theirs)];
    expect((await post('/atCard/command', { imei: theirs.imei, command: 'sync' })).code).toBe(36001);
    expect((await post('/atCard/command', { imei: theirs.imei, command: 'switch', slot: 2 })).code).toBe(36001);
    expect((await post('/atCard/command', { imei: mine.imei, command: 'switch', slot: 2 })).code).toBe(36001);
    expect([await snapshot(mine), await snapshot(theirs)]).toEqual(before);
  });

  it('refuses an empty slot, the active slot, a device without service, a pending command (36002 with the reason)', async () => {
    const empty = device('emptySecond');
    let before = await snapshot(empty);
    const r1 = await post('/atCard/command', { imei: empty.imei, command: 'switch', slot: 2 });
    expect([r1.code, r1.msg]).toEqual([36002, 'The device cannot take AT commands now: slot 2 is empty']);
    const zh = await post('/atCard/command', { imei: empty.imei, command: 'switch', slot: 2 }, admin, 'zh-CN');
    expect(zh.msg).toContain('卡槽 2 没有插卡');
    const r2 = await post('/atCard/command', { imei: empty.imei, command: 'switch', slot: 1 });
    expect([r2.code, r2.msg]).toEqual([36002, 'The device cannot take AT commands now: already on slot 1']);
    expect(await snapshot(empty)).toEqual(before);

    const expired = device('two');
    await db.rows(sql`UPDATE devices SET status = 'service_expired' WHERE id = ${expired.id}`);
    before = await snapshot(expired);
    const r3 = await post('/atCard/command', { imei: expired.imei, command: 'sync' });
    expect(r3.code).toBe(36002);
    expect(r3.msg).toContain('no service');
    expect(await snapshot(expired)).toEqual(before);

    const busy = device('two');
    expect((await post('/atCard/command', { imei: busy.imei, command: 'sync' })).success).toBe(true);
    before = await snapshot(busy);
    const r4 = await post('/atCard/command', { imei: busy.imei, command: 'switch', slot: 2 });
    expect(r4.code).toBe(36002);
    expect(r4.msg).toContain('has not finished');
    expect(await snapshot(busy)).toEqual(before);
  });

  it('keeps the 5-minute card switch cooldown (23012)', async () => {
    const d = device('two');
    await db.rows(sql`UPDATE devices SET last_switch_at = now() - interval '2 minutes' WHERE id = ${d.id}`);
    const before = await snapshot(d);
    expect((await post('/atCard/command', { imei: d.imei, command: 'switch', slot: 2 })).code).toBe(23012);
    expect(await snapshot(d)).toEqual(before);
    // a sync is not a switch
    expect((await post('/atCard/command', { imei: d.imei, command: 'sync' })).success).toBe(true);
  });

  it('needs the slot to switch', async () => {
    const d = device('two');
    expect((await post('/atCard/command', { imei: d.imei, command: 'switch' })).success).toBe(false);
    expect(await opsOf(d.id)).toEqual([]);
  });
});

describe('AT cards: commands complete on the module', () => {
  it('switches to slot 2: the device takes its card and operator, the list and the log show it', async () => {
    const d = device('two');
    const [, s2] = await slotsIn(d.id);
    const r = await post('/atCard/command', { imei: d.imei, command: 'switch', slot: 2 });
    expect(r.success).toBe(true);
    expect(r.obj).toMatchObject({ at: 'AT+QDSIM=1' });
    const operationId = r.obj.operationId as number;
    expect((await rowsOf({ keyword: d.imei })).every((x) => x.pending === true)).toBe(true);
    const audit = (await auditOf(db, 'atCard.command')).find((a) => a.target_id === d.id);
    expect(audit).toMatchObject({ target_label: d.imei });
    expect(JSON.stringify(audit)).toContain('AT+QDSIM=1');
    const pendingLog = (await post('/atCard/log', { imei: d.imei })).obj.list as Record<string, unknown>[];
    expect(pendingLog[0]).toMatchObject({ operationId, status: 'pending', response: null, at: 'AT+QDSIM=1', slot: 2 });

    await answer(operationId);
    const dev = await deviceRow(d.id);
    expect(dev).toMatchObject({ status: 'physical_card', iccid: s2.iccid, online: true });
    expect(networkOperatorCode(dev.network_operator)).toBe(s2.operator_code);
    const rows = await rowsOf({ keyword: d.imei });
    expect(rows.map((x) => [x.slot, x.state, x.pending])).toEqual([
      [1, 'standby', false],
      [2, 'active', false],
    ]);
    expect(rows[1].signalLevel).toEqual(expect.any(Number));
    const [entry] = (await post('/atCard/log', { imei: d.imei })).obj.list as Record<string, unknown>[];
    expect(entry).toMatchObject({ operationId, command: 'switch', at: 'AT+QDSIM=1', response: 'OK', status: 'done', actor: expect.any(String) });
    expect(entry.finishedAt).toEqual(expect.any(String));
    // the switch started the cooldown
    expect((await post('/atCard/command', { imei: d.imei, command: 'switch', slot: 1 })).code).toBe(23012);
  });

  it('syncs: the answer carries the cards, the registration and the signal', async () => {
    const d = device('two');
    const slots = await slotsIn(d.id);
    await db.rows(sql`UPDATE at_cards SET synced_at = now() - interval '1 day' WHERE device_id = ${d.id}`);
    const r = await post('/atCard/command', { imei: d.imei, command: 'sync' });
    expect(r.obj).toMatchObject({ at: 'AT+QCCID;+COPS?;+CSQ' });
    await answer(r.obj.operationId as number);
    const [entry] = (await post('/atCard/log', { imei: d.imei })).obj.list as Record<string, unknown>[];
    expect(entry).toMatchObject({ command: 'sync', status: 'done', slot: null });
    const response = entry.response as string;
    expect(response).toContain(`+QCCID: ${slots[0].iccid}`);
    expect(response).toContain(`+QCCID: ${slots[1].iccid}`);
    expect(response).toMatch(/\+COPS: 0,0,"[A-Z ]+",\d+\r\n\+CSQ: \d+,99\r\n\r\nOK$/);
    const after = await slotsIn(d.id);
    expect(after.every((s) => Date.now() - new Date(s.synced_at as string).getTime() < 60_000)).toBe(true);
  });

  it('keeps the raw answer of a failed command, or none when the module did not answer', async () => {
    const d = device('two');
    const r1 = await post('/atCard/command', { imei: d.imei, command: 'sync' });
    await answer(r1.obj.operationId as number, 'network_rejected');
    const r2 = await post('/atCard/command', { imei: d.imei, command: 'sync' });
    await answer(r2.obj.operationId as number, 'device_timeout');
    // the card was taken out while the switch was on its way
    const r3 = await post('/atCard/command', { imei: d.imei, command: 'switch', slot: 2 });
    await db.rows(sql`UPDATE at_cards SET iccid = NULL, operator_code = NULL, state = 'empty' WHERE device_id = ${d.id} AND slot = 2`);
    const before = await deviceRow(d.id);
    await answer(r3.obj.operationId as number);
    expect(await deviceRow(d.id)).toEqual(before);
    const log = (await post('/atCard/log', { imei: d.imei })).obj.list as Record<string, unknown>[];
    expect(log.map((e) => [e.status, e.response])).toEqual([
      ['failed', '+CME ERROR: 10'],
      ['failed', null],
      ['failed', 'ERROR'],
    ]);
    const ops = await opsOf(d.id);
    expect(ops[1].detail).toMatchObject({ reason: 'device_timeout', response: null });
  });

  it('of 10 concurrent commands to a device, one is sent', async () => {
    const d = device('two');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post('/atCard/command', i % 2 ? { imei: d.imei, command: 'sync' } : { imei: d.imei, command: 'switch', slot: 2 })),
    );
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(answers.filter((a) => !a.success).every((a) => a.code === 36002)).toBe(true);
    expect(await opsOf(d.id)).toHaveLength(1);
  });
});
