import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, otherCompany } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, OPS_PASSWORD, type Session, type TestApp } from '../../../test/helper.js';
import type { As, Count, Narrow, Row } from '../../db/row.js';

let t: TestApp;
let staff: Session;
let adminA: Session;
let subOfA: Session;
let adminB: Session;
let companyA: { id: string };
let companyB: { companyId: string; email: string };

const ops = (path: string, body: unknown, lang = 'zh-CN') =>
  call(t.app, staff, `/api/v1/ops/announcement${path}`, body, { lang }).then((r) => ({ status: r.statusCode, ...r.json() }));
const rrp = (s: Session, path: string, body: unknown = {}, lang = 'zh-CN') =>
  call(t.app, s, api(path), body, { lang }).then((r) => ({ status: r.statusCode, ...r.json() }));
const count = async (q: ReturnType<typeof sql>) => (await t.database.rows<Count>(q))[0].n;

const text = (tag: string) => ({ titleZh: `${tag} 标题`, titleEn: `${tag} title`, contentZh: `${tag} 内容`, contentEn: `${tag} body` });
const titlesSeenBy = async (s: Session, lang = 'en') =>
  ((await rrp(s, '/announcement/list', { pageNum: 1, pageSize: 100 }, lang)).obj.list as { title: string }[]).map((a) => a.title);
const events = (action: string) =>
  t.database.rows<Narrow<Row<'audit_events', 'target_id' | 'company_id' | 'actor_kind' | 'changes'>, { changes: Record<string, [unknown, unknown]> }>>(
    sql`SELECT target_id, company_id, actor_kind, changes FROM audit_events WHERE action = ${action} ORDER BY id`,
  );

beforeAll(async () => {
  t = await buildTestApp();
  staff = await login(t.app, DEMO.ops, OPS_PASSWORD);
  adminA = await login(t.app, DEMO.admin);
  subOfA = await login(t.app, DEMO.subAdmin);
  companyA = await companyIdOf(t.database, DEMO.admin);
  companyB = await otherCompany(t.database);
  adminB = await login(t.app, companyB.email);
});
afterAll(() => t.close());

describe('writing announcements in the back office', () => {
  let draft: string;

  it('adds a bilingual draft addressed to chosen companies, recorded in the audit log', async () => {
    const res = await ops('/add', { ...text('Draft'), audience: 'companies', companyIds: [companyA.id, companyA.id] });
    expect(res.success).toBe(true);
    draft = res.obj.id;
    const detail = await ops('/detail', { id: draft });
    expect(detail.obj).toMatchObject({
      ...text('Draft'),
      audience: 'companies',
      companies: [{ id: companyA.id, name: '演示科技有限公司' }],
      publishedAt: null,
      createdBy: '平台运营人员',
      reads: 0,
    });
    const [e] = await events('announcement.add');
    expect(e).toMatchObject({ target_id: draft, company_id: null, actor_kind: 'staff' });
    expect(e.changes.titleEn).toEqual([null, 'Draft title']);
    expect(e.changes.companyIds).toEqual([null, [companyA.id]]);
  });

  it('keeps a draft from every customer: list, detail, mark and the home page', async () => {
    for (const s of [adminA, subOfA, adminB]) {
      expect(await titlesSeenBy(s)).not.toContain('Draft title');
      expect((await rrp(s, '/announcement/detail', { id: draft })).code).toBe(29012);
      expect((await rrp(s, '/announcement/mark', { id: draft, read: true })).code).toBe(29012);
      expect((await rrp(s, '/account/overview')).obj.announcementResp?.id).not.toBe(draft);
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM announcement_reads WHERE announcement_id = ${draft}`)).toBe(0);
  });

  it('refuses bad input with the field named, and creates nothing', async () => {
    const before = await count(sql`SELECT count(*)::int AS n FROM announcements`);
    const empty = await ops('/add', { ...text('X'), audience: 'companies', companyIds: [] }, 'en');
    expect(empty).toMatchObject({ status: 400, code: 30043 });
    expect(empty.msg).toContain('companies');
    const unknown = await ops('/add', { ...text('X'), audience: 'companies', companyIds: ['00000000-0000-4000-8000-000000000000'] });
    expect([unknown.status, unknown.code]).toEqual([404, 21001]);
    const long = await ops('/add', { ...text('X'), titleEn: 'x'.repeat(101), audience: 'all' }, 'en');
    expect(long.code).toBe(28002);
    expect(long.msg).toContain('English title');
    const blank = await ops('/add', { ...text('X'), contentZh: '   ', audience: 'all' }, 'en');
    expect(blank.code).toBe(28002);
    expect(blank.msg).toContain('Chinese content');
    expect((await ops('/add', { ...text('X'), audience: 'everyone' })).code).toBe(28002);
    expect(await count(sql`SELECT count(*)::int AS n FROM announcements`)).toBe(before);
    expect(await count(sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'announcement.add'`)).toBe(1);
  });

  it('is the back office’s alone: members are refused its routes, staff the members’ (10002)', async () => {
    const asMember = await call(t.app, adminA, '/api/v1/ops/announcement/add', { ...text('M'), audience: 'all' });
    expect([asMember.statusCode, asMember.json().code]).toEqual([403, 10002]);
    expect((await rrp(staff, '/announcement/list', {})).code).toBe(10002);
    expect(await count(sql`SELECT count(*)::int AS n FROM announcements WHERE title_en = 'M title'`)).toBe(0);
  });
});

describe('who reads a published announcement', () => {
  let forA: string;
  let forB: string;

  it('shows one addressed to company A to A’s members only: not to B, nor to A’s sub-company', async () => {
    forA = (await ops('/add', { ...text('For A'), audience: 'companies', companyIds: [companyA.id] })).obj.id;
    forB = (await ops('/add', { ...text('For B'), audience: 'companies', companyIds: [companyB.companyId] })).obj.id;
    expect((await ops('/publish', { id: forB })).success).toBe(true);
    expect((await ops('/publish', { id: forA })).success).toBe(true);

    expect(await titlesSeenBy(adminA)).toEqual(['For A title', 'Welcome to the RRP IoT connectivity console']);
    expect(await titlesSeenBy(adminB)).toEqual(['For B title', 'Welcome to the RRP IoT connectivity console']);
    expect(await titlesSeenBy(subOfA)).toEqual(['Welcome to the RRP IoT connectivity console']);
    expect(await titlesSeenBy(adminA, 'zh-CN')).toContain('For A 标题');

    expect((await rrp(adminB, '/announcement/detail', { id: forA })).code).toBe(29012);
    expect((await rrp(adminB, '/announcement/mark', { id: forA, read: true })).code).toBe(29012);
    expect((await rrp(adminA, '/account/overview', {}, 'en')).obj.announcementResp).toMatchObject({ id: forA, title: 'For A title' });
    expect((await rrp(adminB, '/account/overview', {}, 'en')).obj.announcementResp).toMatchObject({ id: forB });
    expect((await rrp(subOfA, '/account/overview', {}, 'en')).obj.announcementResp.title).toBe('Welcome to the RRP IoT connectivity console');
  });

  it('walks neighbours among what the reader may see: the announcement for B is skipped for A', async () => {
    const d = await rrp(adminA, '/announcement/detail', { id: forA });
    const [welcome] = await t.database.rows<Row<'announcements', 'id'>>(sql`SELECT id FROM announcements WHERE title_en LIKE 'Welcome%'`);
    expect(d.obj).toMatchObject({ prevId: null, nextId: welcome.id });
    expect((await rrp(adminA, '/announcement/detail', { id: welcome.id })).obj).toMatchObject({ prevId: forA, nextId: null });
    expect((await rrp(adminA, '/announcement/list', { pageNum: 1, pageSize: 100 })).obj.total).toBe(2);
  });

  it('publishes once: a second publish is 30040 and changes nothing; an unknown id is 29012', async () => {
    const [before] = await t.database.rows<As<'announcements', { at: 'published_at' }>>(
      sql`SELECT published_at::text AS at FROM announcements WHERE id = ${forA}`,
    );
    expect(await ops('/publish', { id: forA }, 'en')).toMatchObject({ status: 409, code: 30040, msg: 'The announcement is already published' });
    const [after] = await t.database.rows<As<'announcements', { at: 'published_at' }>>(
      sql`SELECT published_at::text AS at FROM announcements WHERE id = ${forA}`,
    );
    expect(after.at).toBe(before.at);
    expect((await ops('/publish', { id: '00000000-0000-4000-8000-000000000000' })).code).toBe(29012);
    expect((await events('announcement.publish')).map((e) => e.target_id)).toEqual([forB, forA]);
  });

  it('moves an announcement to another audience on edit, recording only the changed fields', async () => {
    expect((await rrp(adminA, '/announcement/mark', { id: forA, read: true })).success).toBe(true);
    const res = await ops('/update', { id: forA, ...text('For A'), titleEn: 'For B now', audience: 'companies', companyIds: [companyB.companyId] });
    expect(res.success).toBe(true);
    expect(await titlesSeenBy(adminA)).not.toContain('For B now');
    expect(await titlesSeenBy(adminB)).toContain('For B now');
    const [e] = await events('announcement.update');
    expect(e.changes).toEqual({ titleEn: ['For A title', 'For B now'], companyIds: [[companyA.id], [companyB.companyId]] });
    const detail = await ops('/detail', { id: forA });
    expect(detail.obj).toMatchObject({ reads: 1, companies: [{ id: companyB.companyId, name: '其他公司' }] });
    expect(detail.obj.publishedAt).not.toBeNull();
  });

  it('shows one addressed to all to every company', async () => {
    const all = (await ops('/add', { ...text('Everyone'), audience: 'all', companyIds: [companyA.id] })).obj.id;
    expect((await ops('/detail', { id: all })).obj.companies).toEqual([]);
    await ops('/publish', { id: all });
    for (const s of [adminA, subOfA, adminB]) expect((await titlesSeenBy(s))[0]).toBe('Everyone title');
  });
});

describe('the back office list and delete', () => {
  it('lists drafts and published ones apart, drafts first', async () => {
    const drafts = await ops('/list', { state: 'draft' });
    expect(drafts.obj.list.map((a: { titleEn: string }) => a.titleEn)).toEqual(['Draft title']);
    const published = await ops('/list', { state: 'published' });
    expect(published.obj.total).toBe(4);
    const all = await ops('/list', { pageSize: 100 });
    expect(all.obj.total).toBe(5);
    expect(all.obj.list[0].publishedAt).toBeNull();
  });

  it('deletes an announcement: nobody reads it any more, the event keeps what it said', async () => {
    const [target] = await t.database.rows<Row<'announcements', 'id'>>(sql`SELECT id FROM announcements WHERE title_en = 'Everyone title'`);
    expect((await ops('/delete', { id: target.id })).success).toBe(true);
    expect((await ops('/detail', { id: target.id })).code).toBe(29012);
    expect((await ops('/delete', { id: target.id })).code).toBe(29012);
    expect(await titlesSeenBy(adminB)).not.toContain('Everyone title');
    const [e] = await events('announcement.delete');
    expect(e.target_id).toBe(target.id);
    expect(e.changes.titleEn).toEqual(['Everyone title', null]);
    expect(e.changes.publishedAt[0]).toEqual(expect.any(String));
    expect(await count(sql`SELECT count(*)::int AS n FROM announcement_targets WHERE announcement_id = ${target.id}`)).toBe(0);
  });
});
