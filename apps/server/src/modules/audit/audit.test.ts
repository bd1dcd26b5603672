import { ENDPOINTS } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, otherCompany, readXlsx } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, DEMO_PASSWORD, login, OPS_PASSWORD, type Session, type TestApp } from '../../../test/helper.js';
import type { Count, Row } from '../../db/row.js';
import { auditXlsx } from './export.js';
import { changesOf, HIDDEN } from './index.js';

let t: TestApp;
let admin: Session;
let manager: Session;
let subAdmin: Session;
let stranger: Session;
let staff: Session;
let demo: { id: string; path: string };
let sub: { id: string; path: string };
let other: { companyId: string; email: string };

const ops = (path: string) => `/api/v1/ops${path}`;
const count = async (q: ReturnType<typeof sql>) => (await t.database.rows<Count>(q))[0].n;

/** An event written straight into the table (inserting is allowed; changing is not). */
async function event(companyId: string | null, action: string, at: string, targetType = 'device', actorName = 'Seeder'): Promise<void> {
  await t.database.rows(sql`
    INSERT INTO audit_events (at, actor_kind, actor_name, company_id, action, target_type, target_id, target_label, changes)
    VALUES (${at}::timestamptz, 'member', ${actorName}, ${companyId}, ${action}, ${targetType}, 'x', ${`${action}@${at}`}, '{"name":["a","b"]}'::jsonb)`);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
  manager = await login(t.app, DEMO.manager);
  subAdmin = await login(t.app, DEMO.subAdmin);
  staff = await login(t.app, DEMO.ops, OPS_PASSWORD);
  demo = await companyIdOf(t.database, DEMO.admin);
  sub = await companyIdOf(t.database, DEMO.subAdmin);
  other = await otherCompany(t.database);
  stranger = await login(t.app, other.email);
  // changes made through the API: one per company, and one of the platform (no company)
  expect((await call(t.app, admin, api('/user/changeLocal'), { localCode: 'en' })).json().success).toBe(true);
  expect((await call(t.app, subAdmin, api('/user/changeLocal'), { localCode: 'en' })).json().success).toBe(true);
  expect((await call(t.app, stranger, api('/user/changeLocal'), { localCode: 'en' })).json().success).toBe(true);
  const ann = { titleZh: '维护通知', titleEn: 'Maintenance', contentZh: '今晚维护', contentEn: 'Tonight', audience: 'all' };
  expect((await call(t.app, staff, ops('/announcement/add'), ann)).json().success).toBe(true);
  // dated events for the filters
  await event(demo.id, 'group.add', '2020-03-01T10:00:00Z', 'group');
  await event(demo.id, 'group.rename', '2020-03-02T23:59:59Z', 'group');
  await event(sub.id, 'group.delete', '2020-03-03T00:00:00Z', 'group');
  await event(other.companyId, 'group.add', '2020-03-02T12:00:00Z', 'group');
});
afterAll(() => t.close());

type Ev = { id: number; at: string; action: string; companyId: string | null; actorName: string; targetType: string; changes: Record<string, unknown> };
const list = async (s: Session, body: Record<string, unknown> = {}, url = api('/audit/list'), lang = 'zh-CN') => {
  const res = await call(t.app, s, url, { pageSize: 100, ...body }, { lang });
  return res.json() as { success: boolean; code: number; msg: string; obj: { total: number; list: Ev[] } };
};

describe('audit events are append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of audit_events, in the database itself', async () => {
    const before = await count(sql`SELECT count(*)::int AS n FROM audit_events`);
    expect(before).toBeGreaterThan(0);
    await expect(t.database.rows(sql`UPDATE audit_events SET actor_name = 'someone else'`)).rejects.toThrow();
    await expect(t.database.rows(sql`DELETE FROM audit_events`)).rejects.toThrow();
    await expect(t.database.rows(sql`TRUNCATE audit_events`)).rejects.toThrow();
    expect(await count(sql`SELECT count(*)::int AS n FROM audit_events`)).toBe(before);
    expect(await count(sql`SELECT count(*)::int AS n FROM audit_events WHERE actor_name = 'someone else'`)).toBe(0);
  });

  it('offers no endpoint that changes or removes an event: the audit routes only read', () => {
    const auditRoutes = Object.keys(ENDPOINTS).filter((k) => k.includes('/audit/'));
    expect(auditRoutes.sort()).toEqual(['GET /ops/audit/export', 'GET /rrp/audit/export', 'POST /ops/audit/list', 'POST /rrp/audit/list']);
  });
});

describe('who sees which events', () => {
  it('shows a parent its own and its sub-companies’ events, newest first, and nobody else’s', async () => {
    const { obj } = await list(admin);
    const companies = new Set(obj.list.map((e) => e.companyId));
    expect(companies).toEqual(new Set([demo.id, sub.id]));
    expect(obj.list.some((e) => e.action === 'account.locale' && e.companyId === sub.id)).toBe(true);
    expect(obj.list.some((e) => e.action === 'announcement.add')).toBe(false);
    const order = obj.list.map((e) => [e.at, e.id] as const);
    const sorted = [...order].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : b[0].localeCompare(a[0])));
    expect(order).toEqual(sorted);
  });

  it('never shows a sub-company its parent’s events', async () => {
    const { obj } = await list(subAdmin);
    expect(obj.total).toBeGreaterThan(0);
    expect(obj.list.every((e) => e.companyId === sub.id)).toBe(true);
    // asking for the parent by id is "customer not found", like any company outside the tree
    const parent = await list(subAdmin, { companyId: demo.id }, api('/audit/list'), 'en');
    expect(parent).toMatchObject({ success: false, code: 21001 });
    expect(parent.msg).toContain('Customer not found');
    expect((await list(admin, { companyId: other.companyId })).code).toBe(21001);
  });

  it('refuses a member without AUDIT_LOG (10002)', async () => {
    const res = await call(t.app, manager, api('/audit/list'), {});
    expect([res.statusCode, res.json().code]).toEqual([403, 10002]);
  });

  it('shows the platform every company’s events and its own, and refuses members the back office', async () => {
    const { obj } = await list(staff, {}, ops('/audit/list'));
    const companies = new Set(obj.list.map((e) => e.companyId));
    expect(companies).toEqual(new Set([demo.id, sub.id, other.companyId, null]));
    const add = obj.list.find((e) => e.action === 'announcement.add');
    expect(add).toMatchObject({ actorName: '平台运营人员', companyId: null, targetType: 'announcement' });
    expect((await call(t.app, admin, ops('/audit/list'), {})).json().code).toBe(10002);
    expect((await call(t.app, staff, api('/audit/list'), {})).json().code).toBe(10002);
  });
});

describe('filters and paging', () => {
  it('filters by action, record type, company, performer and UTC days (inclusive)', async () => {
    const actions = (r: Awaited<ReturnType<typeof list>>) => r.obj.list.map((e) => e.action);
    expect(actions(await list(admin, { action: 'group.rename' }))).toEqual(['group.rename']);
    expect(new Set(actions(await list(admin, { targetType: 'group' })))).toEqual(new Set(['group.add', 'group.rename', 'group.delete']));
    expect(actions(await list(admin, { companyId: sub.id, targetType: 'group' }))).toEqual(['group.delete']);
    expect(actions(await list(admin, { from: '2020-03-02', to: '2020-03-02' }))).toEqual(['group.rename']);
    expect(actions(await list(admin, { from: '2020-03-01', to: '2020-03-03' }))).toEqual(['group.delete', 'group.rename', 'group.add']);
    expect(actions(await list(admin, { to: '2020-03-01' }))).toEqual(['group.add']);
    const [me] = await t.database.rows<Row<'users', 'id'>>(sql`SELECT id FROM users WHERE email = ${DEMO.subAdmin}`);
    const mine = await list(admin, { actorId: me.id });
    expect(mine.obj.list.length).toBeGreaterThan(0);
    expect(mine.obj.list.every((e) => e.companyId === sub.id && e.action === 'account.locale')).toBe(true);
  });

  it('refuses a start after the end (30042), a day that does not exist and an unknown action (28002)', async () => {
    const after = await list(admin, { from: '2020-03-03', to: '2020-03-01' }, api('/audit/list'), 'en');
    expect(after).toMatchObject({ code: 30042, msg: 'The start date must not be after the end date' });
    const bad = await list(admin, { from: '2020-02-30' }, api('/audit/list'), 'en');
    expect(bad).toMatchObject({ code: 28002 });
    expect(bad.msg).toContain('start date');
    expect((await list(admin, { action: 'member.fly' })).code).toBe(28002);
  });

  it('pages without gaps or repeats', async () => {
    const all = (await list(admin)).obj;
    const seen: number[] = [];
    for (let p = 1; p <= Math.ceil(all.total / 2); p++) {
      const page = await list(admin, { pageNum: p, pageSize: 2 });
      expect(page.obj.total).toBe(all.total);
      seen.push(...page.obj.list.map((e) => e.id));
    }
    expect(seen).toEqual(all.list.map((e) => e.id));
  });
});

describe('export', () => {
  const get = (s: Session, q: string, lang = 'en', path = api('/audit/export')) =>
    call(t.app, s, `${path}${q ? `?${q}` : ''}`, undefined, { method: 'GET', lang });

  it('streams an xlsx with localised headers and action labels, the rows of the list', async () => {
    const res = await get(admin, 'targetType=group');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(/audit-log_\d{4}-\d{2}-\d{2}\.xlsx/);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['Time (UTC)', 'Company', 'Performed by', 'Action', 'Record type', 'Record', 'Changes', 'IP address']);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['Delete group', 'Rename group', 'Add group']);
    expect(rows[1]).toEqual([
      '2020-03-03 00:00:00',
      '演示科技华南分公司',
      'Seeder',
      'Delete group',
      'Device group',
      'group.delete@2020-03-03T00:00:00Z',
      'name: a → b',
    ]);
    const zh = await readXlsx((await get(admin, 'action=account.locale', 'zh-CN')).rawPayload);
    expect(zh[0][0]).toBe('时间（UTC）');
    expect(zh.slice(1).map((r) => r[3])).toEqual(['切换语言', '切换语言']);
    // changes and the caller's address, as the API recorded them
    expect(zh.slice(1).every((r) => r[6] === 'locale: zh-CN → en' && r[7] === '127.0.0.1')).toBe(true);
  });

  it('keeps the scope: a sub-company’s export holds only its events; the parent by id is 21001 as JSON', async () => {
    const rows = await readXlsx((await get(subAdmin, '')).rawPayload);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((r) => r[1] === '演示科技华南分公司')).toBe(true);
    const refused = await get(subAdmin, `companyId=${demo.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ success: false, code: 21001 });
    expect((await get(subAdmin, 'from=2020-03-04&to=2020-03-01')).json().code).toBe(30042);
  });

  it('exports every company for the platform, staff shown as the platform', async () => {
    const rows = await readXlsx((await get(staff, 'action=announcement.add', 'en', ops('/audit/export'))).rawPayload);
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1].slice(1, 5)).toEqual([undefined, 'Platform: 平台运营人员', 'Add announcement', 'Announcement']);
    const all = await readXlsx((await get(staff, 'targetType=group', 'en', ops('/audit/export'))).rawPayload);
    expect(all.slice(1)).toHaveLength(4);
  });

  it('stops at the row limit and says so in the sheet', async () => {
    for (let i = 0; i < 5; i++) await event(sub.id, 'device.sync', `2020-05-0${i + 1}T00:00:00Z`);
    const collect = async (max: number) => {
      const stream = await auditXlsx(
        t.database,
        null,
        { action: 'device.sync' },
        'en',
        (e) => {
          throw e;
        },
        max,
      );
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      return readXlsx(Buffer.concat(chunks));
    };
    const cut = await collect(3);
    expect(cut).toHaveLength(1 + 3 + 1);
    expect(cut.slice(1, 4).map((r) => r[0])).toEqual(['2020-05-05 00:00:00', '2020-05-04 00:00:00', '2020-05-03 00:00:00']);
    expect(String(cut[4][0])).toContain('Only the newest 3 events');
    const whole = await collect(5);
    expect(whole).toHaveLength(1 + 5);
    // batches smaller than the limit: keyset paging neither skips nor repeats
    expect(new Set(whole.slice(1).map((r) => r[0])).size).toBe(5);
  });
});

describe('secrets', () => {
  it('records a secret field as changed, never its value', () => {
    const c = changesOf({ name: 'a', password: 'old-secret' }, { name: 'b', password: 'new-secret' }, ['password']);
    expect(c).toEqual({ name: ['a', 'b'], password: [HIDDEN, HIDDEN] });
    expect(JSON.stringify(c)).not.toContain('secret');
  });

  it('holds no password, token or signing key in any event written above', async () => {
    const all = JSON.stringify(await t.database.rows(sql`SELECT * FROM audit_events`));
    for (const s of [admin, subAdmin, stranger, staff]) {
      expect(all).not.toContain(s.token);
      expect(all).not.toContain(s.secretKey);
    }
    expect(all).not.toContain(DEMO_PASSWORD);
    expect(all).not.toContain(OPS_PASSWORD);
    expect(all).not.toMatch(/scrypt|\$s0\$/i);
  });
});
