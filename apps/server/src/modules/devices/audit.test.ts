import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, imeis, importFile, setStock, upload, xlsx } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../../test/helper.js';
import type { Count, Narrow, Row } from '../../db/row.js';

/**
 * Every device change writes its audit event in the transaction of the change: a refused change
 * writes none, and an event that cannot be written undoes the change.
 */
let t: TestApp;
let admin: Session;
let subAdmin: Session;
let demo: { id: string; path: string };
let sub: { id: string; path: string };
let adminId: string;

type Event = Narrow<
  Row<'audit_events', 'action' | 'company_id' | 'actor_id' | 'actor_name' | 'target_type' | 'target_id' | 'target_label' | 'changes'>,
  { changes: Record<string, [unknown, unknown]> }
>;
const count = async (q: ReturnType<typeof sql>) => (await t.database.rows<Count>(q))[0].n;
const events = (action: string) =>
  t.database.rows<Event>(sql`SELECT action, company_id, actor_id, actor_name, target_type, target_id, target_label, changes FROM audit_events
    WHERE action = ${action} ORDER BY id`);
const eventCount = (action: string) => count(sql`SELECT count(*)::int AS n FROM audit_events WHERE action = ${action}`);
const post = (s: Session, path: string, body: unknown, lang = 'zh-CN') => call(t.app, s, api(path), body, { lang }).then((r) => r.json());

async function addDevice(companyId: string, imei: string, f: { suspended?: boolean; autoRenew?: boolean; lastSwitchAt?: string } = {}): Promise<string> {
  const [r] = await t.database.rows<Row<'devices', 'id'>>(sql`
    INSERT INTO devices (company_id, imei, name, region, status, suspended, auto_renew, license_expires_at, last_switch_at)
    VALUES (${companyId}, ${imei}, 'audit', 'europe', 'physical_card', ${f.suspended ?? false}, ${f.autoRenew ?? false},
            '2030-01-01T00:00:00Z', ${f.lastSwitchAt ?? null}::timestamptz)
    RETURNING id`);
  return r.id;
}

/** Makes the database refuse audit events of one action: the change that writes one must fail whole. */
async function refuseEvents(action: string | null): Promise<void> {
  await t.database.rows(sql`DELETE FROM audit_refused`);
  if (action) await t.database.rows(sql`INSERT INTO audit_refused (action) VALUES (${action})`);
}

const [D1, D2, D3, D4, S1, S2] = imeis('86300', 6);

beforeAll(async () => {
  t = await buildTestApp();
  t.provider.command = async () => {};
  t.provider.activate = async () => {};
  admin = await login(t.app, DEMO.admin);
  subAdmin = await login(t.app, DEMO.subAdmin);
  demo = await companyIdOf(t.database, DEMO.admin);
  sub = await companyIdOf(t.database, DEMO.subAdmin);
  [{ id: adminId }] = await t.database.rows<Row<'users', 'id'>>(sql`SELECT id FROM users WHERE email = ${DEMO.admin}`);
  await addDevice(demo.id, D1);
  await addDevice(demo.id, D2, { suspended: true });
  await addDevice(demo.id, D3);
  await addDevice(demo.id, D4);
  await addDevice(sub.id, S1);
  await addDevice(sub.id, S2);
  await t.database.rows(sql`CREATE TABLE audit_refused (action text PRIMARY KEY)`);
  await t.database.rows(sql`CREATE FUNCTION audit_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF EXISTS (SELECT 1 FROM audit_refused WHERE action = NEW.action) THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$`);
  await t.database.rows(sql`CREATE TRIGGER audit_refuse BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_refuse()`);
});
afterAll(() => t.close());

describe('device commands', () => {
  it('records suspend, unsuspend and sync with the device, its company, the member and the operation', async () => {
    const s = await post(admin, '/device/suspend', { imei: D1 });
    expect(s.success).toBe(true);
    const [e] = await events('device.suspend');
    const [d1] = await t.database.rows<Row<'devices', 'id'>>(sql`SELECT id FROM devices WHERE imei = ${D1}`);
    expect(e).toMatchObject({
      company_id: demo.id,
      actor_id: adminId,
      actor_name: '演示管理员',
      target_type: 'device',
      target_id: d1.id,
      target_label: D1,
      changes: { operation: [null, s.obj.operationId] },
    });
    expect((await post(admin, '/device/unsuspend', { imei: D2 })).success).toBe(true);
    expect((await post(admin, '/device/sync', { imei: D3 })).success).toBe(true);
    expect(await eventCount('device.unsuspend')).toBe(1);
    expect(await eventCount('device.sync')).toBe(1);
  });

  it('records a sub-company device acted on by the parent under the sub-company', async () => {
    expect((await post(admin, '/device/sync', { imei: S1 })).success).toBe(true);
    const list = await events('device.sync');
    expect(list.at(-1)).toMatchObject({ company_id: sub.id, actor_id: adminId, target_label: S1 });
  });

  it('writes nothing for a refused command: suspending a suspended device (23011), a second switch within 5 minutes (23012)', async () => {
    const suspends = await eventCount('device.suspend');
    // D2 is still suspended (the provider has not completed the unsuspend command)
    expect((await post(admin, '/device/suspend', { imei: D2 })).code).toBe(23011);
    expect(await eventCount('device.suspend')).toBe(suspends);
    const sw = await post(admin, '/device/switchCard', { imei: D4 });
    expect(sw.success).toBe(true);
    const [e] = await events('device.switchCard');
    expect(e.changes.lastSwitchAt[0]).toBeNull();
    expect(typeof e.changes.lastSwitchAt[1]).toBe('string');
    expect((await post(admin, '/device/switchCard', { imei: D4 })).code).toBe(23012);
    expect(await eventCount('device.switchCard')).toBe(1);
    const ops = await count(sql`SELECT count(*)::int AS n FROM device_operations WHERE action = 'switch_card'`);
    expect(ops).toBe(1);
  });

  it('undoes the command when its event cannot be written', async () => {
    await refuseEvents('device.sync');
    const before = await count(sql`SELECT count(*)::int AS n FROM device_operations WHERE action = 'sync'`);
    const res = await call(t.app, admin, api('/device/sync'), { imei: D3 });
    expect(res.statusCode).toBe(500);
    expect(await count(sql`SELECT count(*)::int AS n FROM device_operations WHERE action = 'sync'`)).toBe(before);
    await refuseEvents(null);
  });
});

describe('renewal and auto-renewal', () => {
  it('records the new expiry; no stock (23010) records nothing', async () => {
    const renewed = await post(admin, '/device/license/renew', { imei: D3 });
    expect(renewed.success).toBe(true);
    const [e] = await events('device.renew');
    expect(e.changes.licenseExpiresAt).toEqual(['2030-01-01T00:00:00.000Z', renewed.obj.licenseExpiresAt]);
    await setStock(t.database, demo.id, 0);
    expect((await post(admin, '/device/license/renew', { imei: D3 })).code).toBe(23010);
    expect(await eventCount('device.renew')).toBe(1);
    await setStock(t.database, demo.id, 50);
  });

  it('records auto-renewal before and after, and undoes the change when the event fails', async () => {
    expect((await post(admin, '/device/autoRenew', { imei: D1, autoRenew: true })).success).toBe(true);
    const [e] = await events('device.autoRenew');
    expect(e.changes).toEqual({ autoRenew: [false, true] });
    await refuseEvents('device.autoRenew');
    expect((await call(t.app, admin, api('/device/autoRenew'), { imei: D1, autoRenew: false })).statusCode).toBe(500);
    await refuseEvents(null);
    const [d] = await t.database.rows<Row<'devices', 'auto_renew'>>(sql`SELECT auto_renew FROM devices WHERE imei = ${D1}`);
    expect(d.auto_renew).toBe(true);
    expect(await eventCount('device.autoRenew')).toBe(1);
  });
});

describe('migration', () => {
  it('records one event per device under the company it leaves, with both companies', async () => {
    const res = await post(admin, '/device/migrate', { imeis: [S1, S2], companyId: demo.id });
    expect(res.obj.moved).toBe(2);
    const list = await events('device.migrate');
    expect(list.map((e) => e.target_label).sort()).toEqual([S1, S2]);
    expect(list.every((e) => e.company_id === sub.id)).toBe(true);
    expect(list[0].changes).toEqual({ companyId: [sub.id, demo.id], company: ['演示科技华南分公司', '演示科技有限公司'] });
  });

  it('moves nothing and records nothing when the event cannot be written', async () => {
    await refuseEvents('device.migrate');
    expect((await call(t.app, admin, api('/device/migrate'), { imeis: [S1], companyId: sub.id })).statusCode).toBe(500);
    await refuseEvents(null);
    const [d] = await t.database.rows<Row<'devices', 'company_id'>>(sql`SELECT company_id FROM devices WHERE imei = ${S1}`);
    expect(d.company_id).toBe(demo.id);
    expect(await eventCount('device.migrate')).toBe(2);
  });
});

describe('import', () => {
  it('records the import with its counts; a refused import (23010) records nothing', async () => {
    const res = await upload(
      t.app,
      subAdmin,
      importFile(
        'europe',
        await xlsx([
          [imeis('86301', 1)[0], 'x'],
          ['123', 'bad'],
        ]),
        'fleet.xlsx',
      ),
    );
    expect(res.json().obj).toMatchObject({ succeeded: 1, failed: 1 });
    const [e] = await events('device.import');
    expect(e).toMatchObject({ company_id: sub.id, target_type: 'import', target_id: res.json().obj.id, target_label: 'fleet.xlsx' });
    expect(e.changes).toEqual({ region: [null, 'europe'], imported: [null, 1], refused: [null, 1] });
    await setStock(t.database, demo.id, 0);
    const refused = await upload(t.app, subAdmin, importFile('europe', await xlsx([[imeis('86301', 1, 1)[0], 'y']]), 'empty-stock.xlsx'));
    expect(refused.json().code).toBe(23010);
    expect(await eventCount('device.import')).toBe(1);
    await setStock(t.database, demo.id, 50);
  });
});

describe('groups', () => {
  it('records add, rename, move and delete; refused ones (25003, 25002) record nothing', async () => {
    const added = await post(admin, '/device/group/add', { name: '冷链' });
    const id = added.obj.id;
    expect((await post(admin, '/device/group/add', { name: '冷链' })).code).toBe(25003);
    expect(await events('group.add')).toEqual([
      expect.objectContaining({ company_id: demo.id, target_type: 'group', target_id: id, changes: { name: [null, '冷链'] } }),
    ]);

    expect((await post(admin, '/device/group/rename', { id, name: 'Cold chain' })).success).toBe(true);
    expect((await events('group.rename'))[0].changes).toEqual({ name: ['冷链', 'Cold chain'] });

    expect((await post(admin, '/device/group/move', { groupId: id, imeis: [D1] })).obj.moved).toBe(1);
    const [moved] = await events('group.move');
    expect(moved).toMatchObject({ target_type: 'device', target_label: D1 });
    // the device was written straight into the table, without a group
    expect(moved.changes).toEqual({ groupId: [null, id], group: [null, 'Cold chain'] });

    expect((await post(admin, '/device/group/delete', { id })).code).toBe(25002);
    expect(await eventCount('group.delete')).toBe(0);

    await refuseEvents('group.rename');
    expect((await call(t.app, admin, api('/device/group/rename'), { id, name: 'Lost' })).statusCode).toBe(500);
    await refuseEvents(null);
    const [g] = await t.database.rows<Row<'device_groups', 'name'>>(sql`SELECT name FROM device_groups WHERE id = ${id}`);
    expect(g.name).toBe('Cold chain');

    const [dflt] = await t.database.rows<Row<'device_groups', 'id'>>(sql`SELECT id FROM device_groups WHERE company_id = ${demo.id} AND is_default`);
    expect((await post(admin, '/device/group/move', { groupId: dflt.id, imeis: [D1] })).success).toBe(true);
    const [back] = (await events('group.move')).slice(-1);
    expect(back.changes).toEqual({ groupId: [id, dflt.id], group: ['Cold chain', '默认分组'] });
    expect((await post(admin, '/device/group/delete', { id })).success).toBe(true);
    expect((await events('group.delete'))[0]).toMatchObject({ target_id: id, changes: { name: ['Cold chain', null] } });
  });
});

describe('account language', () => {
  it('records changeLocal as account.locale, and nothing for a refused language', async () => {
    expect((await post(subAdmin, '/user/changeLocal', { localCode: 'en' })).success).toBe(true);
    const [e] = await events('account.locale');
    expect(e).toMatchObject({ company_id: sub.id, target_type: 'account', target_label: '子公司管理员', changes: { locale: ['zh-CN', 'en'] } });
    expect((await post(subAdmin, '/user/changeLocal', { localCode: 'fr' })).code).toBe(28002);
    expect(await eventCount('account.locale')).toBe(1);
  });
});
