import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../../test/helper.js';
import type { Count, Row } from '../../db/row.js';

let t: TestApp;
let admin: Session;
let specialist: Session;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
  specialist = await login(t.app, DEMO.specialist);
});
afterAll(() => t.close());

describe('account', () => {
  it('returns the account with phone, role name and effective permissions', async () => {
    const obj = (await call(t.app, admin, api('/account/query'))).json().obj;
    expect(obj).toMatchObject({
      email: DEMO.admin,
      telephone: '13800000001',
      roleName: '超级管理员',
      companyName: '演示科技有限公司',
      certification: 'verified',
      deductionSource: 0,
    });
    expect(obj.permissionsList).toEqual(admin.permissionsList);
  });

  it('answers in one statement, the session statement reading the account too; a call that fails its checks gets none of it', async () => {
    const db = t.database;
    const made: string[] = [];
    const original = { rows: db.rows, prepared: db.prepared, ephemeral: db.ephemeral };
    db.rows = (q, tx) => (made.push('rows'), original.rows(q, tx));
    db.prepared = (name, q) => (made.push(name), original.prepared(name, q));
    db.ephemeral = (name, q) => (made.push(name), original.ephemeral(name, q));
    try {
      const res = await call(t.app, admin, api('/account/query'));
      expect(res.json().obj).toMatchObject({ email: DEMO.admin, companyName: '演示科技有限公司', roleName: '超级管理员' });
      expect(made).toEqual(['auth_session+account_query']);
      made.length = 0;
      const unsigned = await call(t.app, { ...admin, secretKey: 'x'.repeat(32) }, api('/account/query'));
      expect(unsigned.json()).toMatchObject({ success: false, code: 28003, obj: null });
      expect(made[0]).toBe('auth_session+account_query');
    } finally {
      Object.assign(db, original);
    }
  });

  it('names the sample roles in the language of the request', async () => {
    expect((await call(t.app, admin, api('/account/query'), {}, { lang: 'en' })).json().obj.roleName).toBe('Super administrator');
    const spec = (await call(t.app, specialist, api('/account/query'), {}, { lang: 'en' })).json().obj;
    expect(spec.roleName).toBe('Operation specialist');
    // a narrower role's codes, as the session read them
    expect(spec.permissionsList).toEqual(specialist.permissionsList);
    expect(spec.permissionsList.length).toBeLessThan(admin.permissionsList.length);
  });

  it('shows the overview: the certification stock, the data pool and the latest announcement', async () => {
    const obj = (await call(t.app, admin, api('/account/overview'), {}, { lang: 'en' })).json().obj;
    // register bonus 100 MB + certification 5G; 50 Licenses; no devices yet
    expect(obj).toMatchObject({ dataTotalMb: 5220, dataRemainingMb: 5220, licenseStock: 50, onlineDevices: 0, totalDevices: 0, certification: 'verified' });
    expect(obj.announcementResp).toMatchObject({ title: 'Welcome to the RRP IoT connectivity console', read: false });
  });

  it('refuses the company page without ACCOUNT_INFO (10002, 403) and serves it with it', async () => {
    const denied = await call(t.app, specialist, api('/account/company'), {}, { lang: 'en' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ success: false, code: 10002, msg: 'No operation permission' });
    const allowed = (await call(t.app, admin, api('/account/company'))).json();
    expect(allowed.obj).toMatchObject({ name: '演示科技有限公司', billing: 'independent', subCompanies: 1, members: 3, parentName: null });
  });

  it('follows role changes on the next call, without signing in again', async () => {
    await t.database.rows(sql`UPDATE roles SET permissions = array_append(permissions, 'ACCOUNT_INFO') WHERE name = '运营专员'`);
    expect((await call(t.app, specialist, api('/account/company'))).json().success).toBe(true);
    await t.database.rows(sql`UPDATE roles SET permissions = array_remove(permissions, 'ACCOUNT_INFO') WHERE name = '运营专员'`);
    expect((await call(t.app, specialist, api('/account/company'))).json().code).toBe(10002);
  });

  it('shows a sub-company billed by its parent', async () => {
    const sub = await login(t.app, DEMO.subAdmin);
    const obj = (await call(t.app, sub, api('/account/company'))).json().obj;
    expect(obj).toMatchObject({ billing: 'parent', parentName: '演示科技有限公司', subCompanies: 0 });
  });
});

describe('announcements', () => {
  it('lists, marks read and unread', async () => {
    const list = (await call(t.app, admin, api('/announcement/list'), { pageNum: 1, pageSize: 10 })).json().obj;
    expect(list.total).toBe(1);
    const id = list.list[0].id;
    expect((await call(t.app, admin, api('/announcement/mark'), { id, read: true })).json().success).toBe(true);
    expect((await call(t.app, admin, api('/account/overview'))).json().obj.announcementResp.read).toBe(true);
    // another member's read state is their own
    expect((await call(t.app, specialist, api('/account/overview'))).json().obj.announcementResp.read).toBe(false);
    await call(t.app, admin, api('/announcement/mark'), { id, read: false });
    expect((await call(t.app, admin, api('/account/overview'))).json().obj.announcementResp.read).toBe(false);
  });

  it('gives one announcement with its newer and older neighbours', async () => {
    await t.database.rows(sql`INSERT INTO announcements (title_zh, title_en, content_zh, content_en, published_at) VALUES
      ('旧公告', 'Older', '内容', 'Body', now() - interval '2 days'), ('新公告', 'Newer', '内容', 'Body', now() + interval '1 second'),
      ('未发布', 'Scheduled', '内容', 'Body', now() + interval '1 day')`);
    await new Promise((r) => setTimeout(r, 1100));
    const list = (await call(t.app, admin, api('/announcement/list'), { pageNum: 1, pageSize: 10 }, { lang: 'en' })).json().obj;
    expect(list.list.map((a: { title: string }) => a.title)).toEqual(['Newer', 'Welcome to the RRP IoT connectivity console', 'Older']);
    const [newer, welcome, older] = list.list.map((a: { id: string }) => a.id);
    const midRes = await call(t.app, admin, api('/announcement/detail'), { id: welcome }, { lang: 'en' });
    expect(midRes.json().success, midRes.body).toBe(true);
    const mid = midRes.json().obj;
    expect(mid).toMatchObject({ item: { id: welcome }, prevId: newer, nextId: older });
    const first = (await call(t.app, admin, api('/announcement/detail'), { id: newer })).json().obj;
    expect(first).toMatchObject({ prevId: null, nextId: welcome, item: { title: '新公告' } });
    expect((await call(t.app, admin, api('/announcement/detail'), { id: older })).json().obj.nextId).toBeNull();
    const scheduled = await t.database.rows<Row<'announcements', 'id'>>(sql`SELECT id FROM announcements WHERE title_en = 'Scheduled'`);
    expect((await call(t.app, admin, api('/announcement/detail'), { id: scheduled[0].id })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown announcement and 28002 for bad paging', async () => {
    const res = await call(t.app, admin, api('/announcement/mark'), { id: randomUUID(), read: true });
    expect(res.statusCode).toBe(404);
    expect((await call(t.app, admin, api('/announcement/list'), { pageNum: 0, pageSize: 10 })).json().code).toBe(28002);
    expect((await call(t.app, admin, api('/announcement/list'), { pageNum: 1, pageSize: 1000 })).json().code).toBe(28002);
  });
});

describe('feedback', () => {
  it('accepts up to 400 characters and refuses more or none', async () => {
    const count = async () => (await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM feedback`))[0].n;
    expect((await call(t.app, admin, api('/feedback/add'), { feedback: '好'.repeat(400) })).json().success).toBe(true);
    expect(await count()).toBe(1);
    expect((await call(t.app, admin, api('/feedback/add'), { feedback: '好'.repeat(401) })).json().code).toBe(28002);
    expect((await call(t.app, admin, api('/feedback/add'), { feedback: '   ' })).json().code).toBe(28002);
    expect(await count()).toBe(1);
  });

  it('keeps where the message was written', async () => {
    await call(t.app, admin, api('/feedback/add'), { feedback: 'hello', source: 'service' });
    expect(await t.database.rows(sql`SELECT source FROM feedback ORDER BY id DESC LIMIT 1`)).toEqual([{ source: 'service' }]);
    expect((await call(t.app, admin, api('/feedback/add'), { feedback: 'hello', source: 'mail' })).json().code).toBe(28002);
  });
});
