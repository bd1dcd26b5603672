import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../../test/helper.js';
import type { Count, Row } from '../../db/row.js';
import { AppError } from '../../plugins/errors.js';
import { enforceDataCaps, evaluateProbes } from '../monitoring/index.js';
import { assertPlatformAllows, platformOf } from './device-platform.js';

let t: TestApp;
let db: TestApp['database'];
let admin: Session;
let demo: string;
const sent: { kind: string; op: number }[] = [];

type Envelope = { success: boolean; code: number; msg: string; obj: Record<string, unknown> & { list?: Record<string, unknown>[] } };
const post = (path: string, b: unknown = {}, lang = 'zh-CN') => call(t.app, admin, api(path), b, { lang }).then((r) => r.json() as Envelope);

let seq = 0;
async function device(over: { eid?: string } = {}): Promise<{ id: string; imei: string }> {
  const imei = `8677${String(Date.now()).slice(-6)}${String(++seq).padStart(5, '0')}`;
  const [d] = await db.rows<Row<'devices', 'id'>>(
    sql`INSERT INTO devices (company_id, imei, name, region, status, online, eid, license_expires_at)
        VALUES (${demo}, ${imei}, ${`平台设备${seq}`}, 'china_mainland', 'physical_card', true, ${over.eid ?? null}, now() + interval '200 days') RETURNING id`,
  );
  return { id: d.id, imei };
}

/** An operator platform account (with a name and credentials the customer must never see) in a state. */
async function account(kind: 'cisco_cc' | 'onelink', state = 'active', unreachableSince: string | null = null): Promise<string> {
  const [a] = await db.rows<Row<'connectivity_accounts', 'id'>>(
    sql`INSERT INTO connectivity_accounts (kind, name, base_url, credentials, credentials_hint, state, state_message, unreachable_since)
        VALUES (${kind}, ${`staff-only-${randomUUID()}`}, 'http://127.0.0.1:9', 'secret-blob', 'user-hint', ${state}, 'platform said: ECONNREFUSED',
                ${unreachableSince}::timestamptz)
        RETURNING id`,
  );
  return a.id;
}
const moveTo = (deviceId: string, accountId: string) => db.rows(sql`UPDATE devices SET account_id = ${accountId} WHERE id = ${deviceId}`);
const operations = async (deviceId: string) => (await db.rows<Count>(sql`SELECT count(*)::int AS n FROM device_operations WHERE device_id = ${deviceId}`))[0].n;
const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  return e instanceof AppError ? e.code : e;
};

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database;
  t.provider.command = async (_device, kind, op) => {
    sent.push({ kind, op });
  };
  admin = await login(t.app, DEMO.admin);
  demo = (await companyIdOf(db, DEMO.admin)).id;
});
afterAll(() => t.close());

describe('the platform guard', () => {
  it('reads the platform of a device: the built-in network by default, unreachable since when', async () => {
    const d = await device();
    expect(await platformOf(db, undefined, d.id)).toEqual({ kind: 'simulated', state: 'active', unreachableSince: null });
    await moveTo(d.id, await account('cisco_cc', 'unreachable', '2026-11-29T08:15:00Z'));
    expect(await platformOf(db, undefined, d.id)).toEqual({ kind: 'cisco_cc', state: 'unreachable', unreachableSince: '2026-11-29T08:15:00.000Z' });
    expect(await refusal(platformOf(db, undefined, randomUUID()))).toBe(23003);
  });

  it('refuses a disabled account (40020) and a capability the platform lacks (40021); an unreachable or refused platform still takes commands', async () => {
    const d = await device();
    await moveTo(d.id, await account('onelink'));
    expect(await refusal(assertPlatformAllows(db, undefined, d.id, 'suspend'))).toBeNull();
    expect(await refusal(assertPlatformAllows(db, undefined, d.id, 'deactivate'))).toBe(40021);
    expect(await refusal(assertPlatformAllows(db, undefined, d.id, 'switch_card'))).toBe(40021);
    await moveTo(d.id, await account('onelink', 'disabled'));
    expect(await refusal(assertPlatformAllows(db, undefined, d.id, 'suspend'))).toBe(40020);
    // disabled comes first, whatever the capability
    expect(await refusal(assertPlatformAllows(db, undefined, d.id, 'switch_card'))).toBe(40020);
    for (const state of ['auth_failed', 'unreachable']) {
      await moveTo(d.id, await account('cisco_cc', state, '2026-11-29T08:00:00Z'));
      expect(await refusal(assertPlatformAllows(db, undefined, d.id, 'deactivate'))).toBeNull();
    }
  });
});

describe('console commands on a device of an operator platform', () => {
  it('a card switch on Control Center is refused with 40021, in the reader’s language, writing nothing', async () => {
    const d = await device();
    await moveTo(d.id, await account('cisco_cc'));
    const before = sent.length;
    const zh = await post('/device/switchCard', { imei: d.imei });
    expect(zh).toMatchObject({ success: false, code: 40021, msg: '该设备所在的运营商平台不支持此操作' });
    const en = await post('/device/switchCard', { imei: d.imei }, 'en');
    expect(en.msg).toBe("This device's operator platform does not support this action");
    expect(await operations(d.id)).toBe(0);
    const [row] = await db.rows<Row<'devices', 'last_switch_at'>>(sql`SELECT last_switch_at FROM devices WHERE id = ${d.id}`);
    expect(row.last_switch_at).toBeNull();
    // what it can do goes through
    expect((await post('/device/suspend', { imei: d.imei })).success).toBe(true);
    expect((await post('/device/sync', { imei: d.imei })).success).toBe(true);
    expect(sent.slice(before).map((s) => s.kind)).toEqual(['suspend', 'sync']);
  });

  it('a disabled account refuses every command with 40020 and no platform detail', async () => {
    const d = await device();
    await moveTo(d.id, await account('cisco_cc', 'disabled'));
    for (const lang of ['zh-CN', 'en']) {
      const r = await post('/device/suspend', { imei: d.imei }, lang);
      expect(r.code).toBe(40020);
      expect(r.msg).toBe(
        lang === 'en' ? "This device's operator platform is disabled; it cannot take commands now" : '该设备所在的运营商平台已停用，暂不能操作',
      );
      expect(JSON.stringify(r)).not.toMatch(/staff-only|ECONNREFUSED|user-hint/);
    }
    expect((await post('/device/sync', { imei: d.imei })).code).toBe(40020);
    expect(await operations(d.id)).toBe(0);
  });

  it('an unreachable platform still queues the command', async () => {
    const d = await device();
    await moveTo(d.id, await account('onelink', 'unreachable', new Date().toISOString()));
    expect((await post('/device/suspend', { imei: d.imei })).success).toBe(true);
    expect(await operations(d.id)).toBe(1);
  });

  it('detection, AT commands, eSIM commands and AC binding are refused on a platform without them', async () => {
    const eid = `89${String(Date.now()).padStart(30, '0')}`;
    const d = await device({ eid });
    await moveTo(d.id, await account('onelink'));
    expect((await post('/detection/start', { imei: d.imei, domain: 'www.example.com' })).code).toBe(40021);
    expect((await post('/atCard/command', { imei: d.imei, command: 'sync' })).code).toBe(40021);
    expect((await post('/esim/activate', { eid })).code).toBe(40021);
    const acCode = `LPA:1$smdp.example.com$${randomUUID()}`;
    await db.rows(sql`INSERT INTO ac_codes (company_id, ac_code, import_id) VALUES (${demo}, ${acCode}, ${randomUUID()})`);
    expect((await post('/ac/bind', { acCode, imei: d.imei })).code).toBe(40021);
    const [ac] = await db.rows<Row<'ac_codes', 'status'>>(sql`SELECT status FROM ac_codes WHERE ac_code = ${acCode}`);
    expect(ac.status).toBe('IDLE');
    expect(await operations(d.id)).toBe(0);
    expect((await db.rows<Count>(sql`SELECT count(*)::int AS n FROM detections WHERE device_id = ${d.id}`))[0].n).toBe(0);
  });
});

describe('automatic commands skip what the platform cannot do', () => {
  it('a strategy does not switch the card of a device whose platform cannot, and does switch on the built-in network', async () => {
    const s = (
      await post('/strategy/add', {
        name: '平台切卡',
        interval: 1,
        type: 'single',
        domains: ['www.example.com'],
        quality: 'smooth',
        mode: 'any',
        packetLoss: 1,
        delay: 100,
        jitter: 30,
        consecutive: 1,
        switchTo: 'next',
      })
    ).obj.id as string;
    const cc = await device();
    const sim = await device();
    await moveTo(cc.id, await account('cisco_cc'));
    await post('/strategy/devices/update', { id: s, imeis: [cc.imei, sim.imei] });
    for (const d of [cc, sim])
      await db.rows(
        sql`INSERT INTO device_probes (device_id, measured_at, domain, packet_loss, delay_ms, jitter_ms, reachable)
            VALUES (${d.id}, now() - interval '1 minute', 'www.example.com', 0, 250, 10, true)`,
      );
    expect((await evaluateProbes(db, t.provider)).switched).toBe(1);
    const switches = await db.rows<Row<'device_operations', 'device_id'>>(sql`SELECT device_id FROM device_operations WHERE action = 'switch_card'`);
    expect(switches.map((o) => o.device_id)).toEqual([sim.id]);
  });

  it('the data cap suspends devices of an active platform and skips a disabled account’s', async () => {
    const onCc = await device();
    const onDisabled = await device();
    await moveTo(onCc.id, await account('cisco_cc'));
    const disabled = await account('onelink', 'disabled');
    await moveTo(onDisabled.id, disabled);
    const today = new Date().toISOString().slice(0, 10);
    for (const d of [onCc, onDisabled]) {
      await db.rows(sql`INSERT INTO device_usage_daily (device_id, company_id, day, bytes) VALUES (${d.id}, ${demo}, ${today}::date, ${20 * 1_048_576})`);
      await db.rows(sql`UPDATE devices SET data_cap_mb = 10 WHERE id = ${d.id}`);
    }
    await enforceDataCaps(db, t.provider);
    const marked = async (id: string) =>
      (await db.rows<Row<'devices', 'cap_suspended_month'>>(sql`SELECT cap_suspended_month FROM devices WHERE id = ${id}`))[0].cap_suspended_month;
    expect(await marked(onCc.id)).not.toBeNull();
    expect(await marked(onDisabled.id)).toBeNull();
    expect(await operations(onDisabled.id)).toBe(0);
    // enabled again: the next run suspends it
    await db.rows(sql`UPDATE connectivity_accounts SET state = 'active' WHERE id = ${disabled}`);
    await enforceDataCaps(db, t.provider);
    expect(await marked(onDisabled.id)).not.toBeNull();
  });
});

describe('what the customer sees of a device’s platform', () => {
  it('the list and the detail carry the kind, unreachable since and disabled, never the account', async () => {
    const d = await device();
    const since = '2026-11-29T07:45:00.000Z';
    await moveTo(d.id, await account('cisco_cc', 'unreachable', since));
    const detail = await post('/device/detail', { imei: d.imei });
    expect(detail.obj.device).toMatchObject({ platform: { kind: 'cisco_cc', unreachableSince: since, disabled: false } });
    const page = await post('/device/list', { imei: d.imei });
    expect(page.obj.list?.[0]).toMatchObject({ platform: { kind: 'cisco_cc', unreachableSince: since, disabled: false } });
    for (const body of [detail, page]) expect(JSON.stringify(body)).not.toMatch(/staff-only|ECONNREFUSED|user-hint|secret-blob|accountId/);
    await moveTo(d.id, await account('onelink', 'disabled'));
    expect(((await post('/device/detail', { imei: d.imei })).obj.device as Record<string, unknown>).platform).toEqual({
      kind: 'onelink',
      unreachableSince: null,
      disabled: true,
    });
    const other = await device();
    expect(((await post('/device/detail', { imei: other.imei })).obj.device as Record<string, unknown>).platform).toEqual({
      kind: 'simulated',
      unreachableSince: null,
      disabled: false,
    });
  });

  it('the list’s pages at an offset carry the platform too', async () => {
    const all = await post('/device/list', { pageSize: 5, pageNum: 2 });
    expect(all.obj.list?.length).toBeGreaterThan(0);
    for (const row of all.obj.list ?? []) expect(row.platform).toMatchObject({ kind: expect.any(String), disabled: expect.any(Boolean) });
  });
});
