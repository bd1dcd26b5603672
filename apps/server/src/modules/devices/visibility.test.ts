import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, imeis, otherCompany, readXlsx } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, DEMO_PASSWORD, login, type Session, type TestApp } from '../../../test/helper.js';
import type { Count, Row } from '../../db/row.js';
import { hashPassword } from '../../lib/passwords.js';
import { createCompany, createMember } from '../companies/index.js';

/**
 * The company tree decides who sees which device: a parent sees its sub-companies' devices; a
 * sub-company never sees its parent's nor a sibling's, whatever the call (list, detail,
 * commands, renewal, migration); and a migration only moves devices into the caller's tree.
 */
let t: TestApp;
let parent: Session;
let subA: Session;
let subB: Session;
let demo: { id: string; path: string };
let a: { id: string };
let b: { id: string };
let foreign: { companyId: string; email: string };
const commands: string[] = [];

const [P1, P2] = imeis('86400', 2);
const [A1, A2] = imeis('86401', 2);
const [B1] = imeis('86402', 1);
const [F1] = imeis('86403', 1);

const count = async (q: ReturnType<typeof sql>) => (await t.database.rows<Count>(q))[0].n;
const post = (s: Session, path: string, body: unknown) => call(t.app, s, api(path), body).then((r) => ({ status: r.statusCode, ...r.json() }));
const ownerOf = async (imei: string) =>
  (await t.database.rows<Row<'devices', 'company_id'>>(sql`SELECT company_id FROM devices WHERE imei = ${imei}`))[0].company_id;

async function addDevice(companyId: string, imei: string): Promise<void> {
  await t.database.rows(sql`
    INSERT INTO devices (company_id, imei, name, region, status, license_expires_at)
    VALUES (${companyId}, ${imei}, ${imei.slice(0, 5)}, 'europe', 'physical_card', now() + interval '100 days')`);
}

/** A state snapshot of the devices that refused calls must leave unchanged. */
const snapshot = () =>
  t.database.rows(sql`SELECT imei, company_id, suspended, auto_renew, license_expires_at::text AS exp, group_id FROM devices ORDER BY imei`);

beforeAll(async () => {
  t = await buildTestApp();
  t.provider.command = async (device) => {
    commands.push(device.imei);
  };
  t.provider.activate = async () => {};
  demo = await companyIdOf(t.database, DEMO.admin);
  a = await companyIdOf(t.database, DEMO.subAdmin);
  // a second sub-company of the demo company: the sibling
  const hash = await hashPassword(DEMO_PASSWORD);
  b = await t.database.db.transaction(async (tx) => {
    const c = await createCompany(t.database, tx, {
      name: '演示科技华北分公司',
      country: 'CN',
      address: '北京',
      parentId: demo.id,
      billing: 'parent',
      locale: 'zh-CN',
    });
    await createMember(t.database, tx, {
      companyId: c.companyId,
      name: '华北管理员',
      email: 'north-admin@demo.rrp.local',
      phone: null,
      passwordHash: hash,
      locale: 'zh-CN',
      roleIds: [c.roleIds.super],
    });
    return { id: c.companyId };
  });
  foreign = await otherCompany(t.database);
  parent = await login(t.app, DEMO.admin);
  subA = await login(t.app, DEMO.subAdmin);
  subB = await login(t.app, 'north-admin@demo.rrp.local');
  await addDevice(demo.id, P1);
  await addDevice(demo.id, P2);
  await addDevice(a.id, A1);
  await addDevice(a.id, A2);
  await addDevice(b.id, B1);
  await addDevice(foreign.companyId, F1);
});
afterAll(() => t.close());

const listed = async (s: Session) => ((await post(s, '/device/list', { pageSize: 100 })).obj.list as { imei: string }[]).map((d) => d.imei).sort();

describe('who sees which device', () => {
  it('lists the parent’s own and both sub-companies’ devices to the parent, and only its own to each sub-company', async () => {
    expect(await listed(parent)).toEqual([P1, P2, A1, A2, B1].sort());
    expect(await listed(subA)).toEqual([A1, A2]);
    expect(await listed(subB)).toEqual([B1]);
    // a filter cannot widen it
    expect((await post(subA, '/device/list', { imei: '8640' })).obj.total).toBe(2);
  });

  it('lets the parent open and act on a sub-company’s device', async () => {
    const detail = await post(parent, '/device/detail', { imei: A1 });
    expect(detail.success).toBe(true);
    expect(detail.obj.device.imei).toBe(A1);
    expect((await post(parent, '/device/sync', { imei: B1 })).success).toBe(true);
    expect((await post(parent, '/device/autoRenew', { imei: A2, autoRenew: true })).success).toBe(true);
    expect(commands).toEqual([B1]);
  });

  it('answers "not found" (23003) to a sub-company for its parent’s and its sibling’s devices, and changes nothing', async () => {
    const before = await snapshot();
    const ops = await count(sql`SELECT count(*)::int AS n FROM device_operations`);
    const events = await count(sql`SELECT count(*)::int AS n FROM audit_events`);
    const sent = commands.length;
    for (const imei of [P1, B1, F1]) {
      for (const path of ['/device/detail', '/device/suspend', '/device/unsuspend', '/device/switchCard', '/device/sync', '/device/license/renew']) {
        const res = await post(subA, path, { imei });
        expect([res.status, res.code], `${path} ${imei}`).toEqual([404, 23003]);
      }
      expect((await post(subA, '/device/autoRenew', { imei, autoRenew: true })).code).toBe(23003);
      // nor can it pull them into its own company
      expect((await post(subA, '/device/migrate', { imeis: [imei], companyId: a.id })).code).toBe(23009);
      // nor move them between its groups
      expect((await post(subA, '/device/group/move', { imeis: [imei] })).code).toBe(23009);
    }
    expect(await snapshot()).toEqual(before);
    expect(await count(sql`SELECT count(*)::int AS n FROM device_operations`)).toBe(ops);
    expect(await count(sql`SELECT count(*)::int AS n FROM audit_events`)).toBe(events);
    expect(commands.length).toBe(sent);
  });

  it('does not export a parent’s or sibling’s device usage to a sub-company', async () => {
    const res = await call(t.app, subA, api('/device/export?mode=day&start=2026-03-01&end=2026-03-01'), undefined, { method: 'GET' });
    const rows = await readXlsx(res.rawPayload);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([A1, A2]);
  });
});

describe('the migration target is a company of the caller’s tree', () => {
  it('refuses a sub-company moving its devices to its parent, its sibling or a foreign company (21001): nothing moves', async () => {
    const before = await snapshot();
    const events = await count(sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'device.migrate'`);
    for (const target of [demo.id, b.id, foreign.companyId]) {
      const res = await post(subA, '/device/migrate', { imeis: [A1, A2], companyId: target });
      expect([res.status, res.code], target).toEqual([404, 21001]);
    }
    // an id that is no company at all answers the same
    expect((await post(subA, '/device/migrate', { imeis: [A1], companyId: '00000000-0000-4000-8000-000000000000' })).code).toBe(21001);
    expect(await snapshot()).toEqual(before);
    expect(await count(sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'device.migrate'`)).toBe(events);
  });

  it('refuses the parent a foreign target (21001), and lets it move devices down, across and back up its tree', async () => {
    expect((await post(parent, '/device/migrate', { imeis: [P1], companyId: foreign.companyId })).code).toBe(21001);
    expect(await ownerOf(P1)).toBe(demo.id);
    expect((await post(parent, '/device/migrate', { imeis: [P1], companyId: a.id })).obj.moved).toBe(1);
    expect(await ownerOf(P1)).toBe(a.id);
    // now the sub-company sees it, its sibling still does not
    expect(await listed(subA)).toContain(P1);
    expect(await listed(subB)).not.toContain(P1);
    expect((await post(subB, '/device/detail', { imei: P1 })).code).toBe(23003);
    expect((await post(parent, '/device/migrate', { imeis: [P1, A1], companyId: b.id })).obj.moved).toBe(2);
    expect(await listed(subB)).toEqual([A1, B1, P1].sort());
    expect((await post(parent, '/device/migrate', { imeis: [P1], companyId: demo.id })).obj.moved).toBe(1);
    expect(await ownerOf(P1)).toBe(demo.id);
    // a sub-company may move within its own tree: to itself (a no-op move into its default group)
    expect((await post(subA, '/device/migrate', { imeis: [A2], companyId: a.id })).obj.moved).toBe(1);
  });
});
