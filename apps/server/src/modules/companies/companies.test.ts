import { randomUUID } from 'node:crypto';
import { LIMITS } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDevices, auditOf, holdings, ops, registeredCompany, superMember } from '../../../test/companies.js';
import { api, buildTestApp, call, DEMO, login, mailHarness, OPS_PASSWORD, type Session, type TestApp, tryLogin } from '../../../test/helper.js';
import type { As, Count, Row } from '../../db/row.js';

let t: TestApp;
let mail: Awaited<ReturnType<typeof mailHarness>>;
let admin: Session;
let demoRoot: { id: string; path: string };
let demoSub: { id: string; path: string };
beforeAll(async () => {
  t = await buildTestApp();
  mail = await mailHarness(t.database);
  admin = await login(t.app, DEMO.admin);
  const of = async (email: string) =>
    (
      await t.database.rows<Row<'companies', 'id' | 'path'>>(
        sql`SELECT c.id, c.path FROM companies c JOIN users u ON u.company_id = c.id WHERE u.email = ${email}`,
      )
    )[0];
  demoRoot = await of(DEMO.admin);
  demoSub = await of(DEMO.subAdmin);
});
afterAll(async () => {
  await mail.close();
  await t.close();
});

type Node = { id: string; name: string; depth: number; children: Node[]; state: string; billing: string; members: number; devices: number };
const flat = (n: Node): Node[] => [n, ...n.children.flatMap(flat)];
const companyRow = async (id: string) =>
  (
    await t.database.rows<Row<'companies', 'name' | 'country' | 'billing' | 'state' | 'parent_id'>>(
      sql`SELECT name, country, billing, state, parent_id FROM companies WHERE id = ${id}`,
    )
  )[0];
const count = async (q: ReturnType<typeof sql>) => (await t.database.rows<Count>(q))[0].n;

/** A registered company with a signed-in super administrator. */
async function tenant(email: string, locale: 'zh-CN' | 'en' = 'zh-CN') {
  const c = await registeredCompany(t.database, { email, name: `公司 ${email.split('@')[0]}`, locale });
  return { ...c, session: await login(t.app, email) };
}
async function add(s: Session, body: Record<string, unknown>): Promise<string> {
  const res = (await call(t.app, s, api('/company/add'), { country: 'CN', billing: 'parent', ...body })).json();
  if (!res.success) throw new Error(JSON.stringify(res));
  return res.obj.id;
}

describe('company tree', () => {
  it('shows the caller’s company and its sub-companies as a tree, and the same companies as options', async () => {
    const tree = (await call(t.app, admin, api('/company/tree'))).json().obj.tree as Node;
    expect(tree).toMatchObject({ id: demoRoot.id, depth: 0, name: '演示科技有限公司', billing: 'independent', state: 'enabled', members: 3, devices: 0 });
    expect(tree.children).toHaveLength(1);
    expect(tree.children[0]).toMatchObject({ id: demoSub.id, depth: 1, billing: 'parent', members: 1, parentId: demoRoot.id, children: [] });
    // options: every member may read them (the device migration picker), no COMPANY_SETTING needed
    const specialist = await login(t.app, DEMO.specialist);
    const options = (await call(t.app, specialist, api('/company/options'))).json().obj.list;
    expect(options).toEqual([
      { id: demoRoot.id, name: '演示科技有限公司', parentId: null, depth: 0, state: 'enabled' },
      { id: demoSub.id, name: '演示科技华南分公司', parentId: demoRoot.id, depth: 1, state: 'enabled' },
    ]);
    expect((await call(t.app, specialist, api('/company/tree'))).json().code).toBe(10002);
  });

  it('never shows a sub-company its parent, its siblings or their devices', async () => {
    const root = await tenant('siblings@tree.test');
    const a = await add(root.session, { name: '子公司甲' });
    const b = await add(root.session, { name: '子公司乙' });
    await addDevices(t.database, root.companyId, ['861000000000001']);
    await addDevices(t.database, b, ['861000000000002']);
    await addDevices(t.database, a, ['861000000000003']);
    await superMember(t.database, a, 'a-admin@tree.test');
    const sa = await login(t.app, 'a-admin@tree.test');
    const tree = (await call(t.app, sa, api('/company/tree'))).json().obj.tree;
    expect(tree).toMatchObject({ id: a, depth: 0, children: [], devices: 1 });
    expect((await call(t.app, sa, api('/company/options'))).json().obj.list.map((o: { id: string }) => o.id)).toEqual([a]);
    for (const id of [root.companyId, b]) expect((await call(t.app, sa, api('/company/dashboard'), { id })).json().code).toBe(21001);
    const devices = (await call(t.app, sa, api('/device/list'), {})).json().obj;
    expect(devices.list.map((d: { imei: string }) => d.imei)).toEqual(['861000000000003']);
    for (const imei of ['861000000000001', '861000000000002']) expect((await call(t.app, sa, api('/device/detail'), { imei })).json().success).toBe(false);
    // the parent sees all three
    expect((await call(t.app, root.session, api('/device/list'), {})).json().obj.total).toBe(3);
  });
});

describe('adding, editing and disabling sub-companies', () => {
  it('creates a sub-company with its sample roles, under the caller or a sub-company, and audits it', async () => {
    const root = await tenant('add@tree.test', 'en');
    const res = await call(t.app, root.session, api('/company/add'), { name: '  Shenzhen branch  ', country: 'HK', billing: 'independent' });
    expect(res.json()).toMatchObject({ success: true, obj: { id: expect.any(String) } });
    const id = res.json().obj.id;
    expect(await companyRow(id)).toMatchObject({ name: 'Shenzhen branch', country: 'HK', billing: 'independent', state: 'enabled', parent_id: root.companyId });
    // sample roles named in the parent's language (its administrator's: English)
    const roles = await t.database.rows<Row<'roles', 'name' | 'is_super'>>(sql`SELECT name, is_super FROM roles WHERE company_id = ${id} ORDER BY created_at`);
    expect(roles.map((r) => r.name)).toEqual(['Super administrator', 'Administrator', 'Operation specialist']);
    const deeper = await add(root.session, { name: 'Futian office', parentId: id });
    expect((await companyRow(deeper)).parent_id).toBe(id);
    const [event] = (await auditOf(t.database, 'company.add')).filter((e) => e.target_id === id);
    expect(event).toMatchObject({ actor_kind: 'member', company_id: id, target_label: 'Shenzhen branch' });
    expect(event.changes).toMatchObject({ name: [null, 'Shenzhen branch'], country: [null, 'HK'], billing: [null, 'independent'] });
  });

  it('refuses bad input naming the field and creates nothing', async () => {
    const root = await tenant('badadd@tree.test');
    const before = await count(sql`SELECT count(*)::int AS n FROM companies`);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ name: 'x'.repeat(33), country: 'CN', billing: 'parent' }, 28002, /company name/],
      [{ name: '', country: 'CN', billing: 'parent' }, 28002, /company name/],
      [{ name: 'ok', country: 'ZZ', billing: 'parent' }, 28002, /country or region/],
      [{ name: 'ok', country: 'CHN', billing: 'parent' }, 28002, /country or region/],
      [{ name: 'ok', country: 'CN', billing: 'shared' }, 28002, /billing method/],
      [{ name: 'ok', country: 'CN', billing: 'parent', parentId: 'nope' }, 28002, /parent company/],
      [{ name: 'ok', country: 'CN', billing: 'parent', parentId: demoSub.id }, 21001, /parent company/],
      [{ name: 'ok', country: 'CN', billing: 'parent', parentId: randomUUID() }, 21001, /parent company/],
    ];
    for (const [body, code, msg] of cases) {
      const res = (await call(t.app, root.session, api('/company/add'), body, { lang: 'en' })).json();
      expect(res, JSON.stringify(body)).toMatchObject({ success: false, code });
      expect(res.msg).toMatch(msg);
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM companies`)).toBe(before);
    // a member without COMPANY_SETTING
    const manager = await login(t.app, DEMO.manager);
    expect((await call(t.app, manager, api('/company/add'), { name: 'x', country: 'CN', billing: 'parent' })).json().code).toBe(10002);
  });

  it(`stops at ${LIMITS.companyDepthMax} levels below the top company (30011)`, async () => {
    const root = await tenant('depth@tree.test');
    let parent = root.companyId;
    for (let level = 1; level <= LIMITS.companyDepthMax; level++) parent = await add(root.session, { name: `第 ${level} 级`, parentId: parent });
    const res = await call(t.app, root.session, api('/company/add'), { name: '太深', country: 'CN', billing: 'parent', parentId: parent }, { lang: 'en' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 30011, msg: `The company tree is at its depth limit (${LIMITS.companyDepthMax} levels)` });
    expect(await count(sql`SELECT count(*)::int AS n FROM companies WHERE parent_id = ${parent}`)).toBe(0);
    const tree = (await call(t.app, root.session, api('/company/tree'))).json().obj.tree as Node;
    expect(flat(tree).map((n) => n.depth)).toEqual([0, 1, 2, 3]);
  });

  it(`allows ${LIMITS.subCompaniesMax} sub-companies per company (30012), also when several are added at once`, async () => {
    const root = await tenant('count@tree.test');
    await t.database.rows(sql`
      WITH ids AS (SELECT gen_random_uuid() AS id, g FROM generate_series(1, ${LIMITS.subCompaniesMax - 3}) g)
      INSERT INTO companies (id, parent_id, path, name, country, billing)
      SELECT id, ${root.companyId}::uuid, ${root.path} || id || '/', '批量子公司 ' || g, 'CN', 'parent' FROM ids`);
    await add(root.session, { name: `第 ${LIMITS.subCompaniesMax - 2} 个` });
    // two places left, six requests at once: two succeed
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call(t.app, root.session, api('/company/add'), { name: `并发 ${i}`, country: 'CN', billing: 'parent' })),
    );
    expect(racing.map((r) => r.json().code).sort()).toEqual([0, 0, 30012, 30012, 30012, 30012]);
    expect(await count(sql`SELECT count(*)::int AS n FROM companies WHERE parent_id = ${root.companyId}`)).toBe(LIMITS.subCompaniesMax);
    const more = await call(t.app, root.session, api('/company/add'), { name: '再来一个', country: 'CN', billing: 'parent' }, { lang: 'en' });
    expect(more.json()).toMatchObject({ code: 30012, msg: `The company has the most sub-companies allowed (${LIMITS.subCompaniesMax})` });
  });

  it('edits a sub-company, auditing the changed fields; the caller’s own company is edited elsewhere (30031)', async () => {
    const root = await tenant('edit@tree.test');
    const id = await add(root.session, { name: '旧名称', country: 'CN', billing: 'parent' });
    const res = await call(t.app, root.session, api('/company/update'), { id, name: '新名称', country: 'SG', billing: 'independent' });
    expect(res.json().success).toBe(true);
    expect(await companyRow(id)).toMatchObject({ name: '新名称', country: 'SG', billing: 'independent' });
    const [event] = (await auditOf(t.database, 'company.update')).filter((e) => e.target_id === id);
    expect(event.changes).toEqual({ name: ['旧名称', '新名称'], country: ['CN', 'SG'], billing: ['parent', 'independent'] });
    const own = await call(t.app, root.session, api('/company/update'), { id: root.companyId, name: 'x', country: 'CN', billing: 'parent' }, { lang: 'en' });
    expect(own.json()).toMatchObject({ code: 30031 });
    expect((await companyRow(root.companyId)).name).toBe('公司 edit');
    // a verified sub-company keeps its verified name
    await t.database.rows(sql`UPDATE companies SET certification = 'verified' WHERE id = ${id}`);
    expect((await call(t.app, root.session, api('/company/update'), { id, name: '改名', country: 'SG', billing: 'independent' })).json().code).toBe(30019);
    expect((await call(t.app, root.session, api('/company/update'), { id, name: '新名称', country: 'CN', billing: 'independent' })).json().success).toBe(true);
  });

  it('disables a sub-company with the companies below it: sessions end, sign-in is refused, until enabled again', async () => {
    const root = await tenant('disable@tree.test');
    const sub = await add(root.session, { name: '要停用的子公司' });
    const subSub = await add(root.session, { name: '下级子公司', parentId: sub });
    const sibling = await add(root.session, { name: '兄弟公司' });
    await superMember(t.database, sub, 'sub@disable.test');
    await superMember(t.database, subSub, 'subsub@disable.test');
    await superMember(t.database, sibling, 'sibling@disable.test');
    const [s1, s2, s3] = await Promise.all(['sub@disable.test', 'subsub@disable.test', 'sibling@disable.test'].map((e) => login(t.app, e)));

    expect((await call(t.app, root.session, api('/company/state'), { id: sub, state: 'disabled' })).json().success).toBe(true);
    expect((await companyRow(sub)).state).toBe('disabled');
    expect((await companyRow(subSub)).state).toBe('disabled');
    expect((await companyRow(sibling)).state).toBe('enabled');
    for (const s of [s1, s2]) expect((await call(t.app, s, api('/account/query'))).json().code).toBe(88016);
    expect((await call(t.app, s3, api('/account/query'))).json().success).toBe(true);
    for (const e of ['sub@disable.test', 'subsub@disable.test']) expect((await tryLogin(t.app, e, 'Demo#2026pass', { lang: 'en' })).json().code).toBe(30018);
    const events = (await auditOf(t.database, 'company.state')).filter((e) => e.target_id === sub || e.target_id === subSub);
    expect(events.map((e) => e.changes.state)).toEqual([
      ['enabled', 'disabled'],
      ['enabled', 'disabled'],
    ]);
    // nothing is added under a disabled company, nor is an administrator invited to it
    expect((await call(t.app, root.session, api('/company/add'), { name: 'x', country: 'CN', billing: 'parent', parentId: sub })).json().code).toBe(30018);
    expect(
      (await call(t.app, root.session, api('/company/admin/invite'), { companyId: subSub, name: '张三', phone: '13700000001', mail: 'z@disable.test' })).json()
        .code,
    ).toBe(30018);

    // the lower company cannot come back while its parent is disabled
    expect((await call(t.app, root.session, api('/company/state'), { id: subSub, state: 'enabled' })).json().code).toBe(30032);
    expect((await companyRow(subSub)).state).toBe('disabled');
    expect((await call(t.app, root.session, api('/company/state'), { id: sub, state: 'enabled' })).json().success).toBe(true);
    expect((await companyRow(subSub)).state).toBe('enabled');
    // the old sessions stay ended; signing in works again
    expect((await call(t.app, s1, api('/account/query'))).json().code).toBe(88016);
    expect((await tryLogin(t.app, 'subsub@disable.test', 'Demo#2026pass')).json().success).toBe(true);
    // the caller's own company is not disabled here
    expect((await call(t.app, root.session, api('/company/state'), { id: root.companyId, state: 'disabled' })).json().code).toBe(30031);
    expect((await companyRow(root.companyId)).state).toBe('enabled');
  });
});

describe('sub-company administrator', () => {
  it('invites a super administrator of a sub-company, e-mailed in the company’s language', async () => {
    const root = await tenant('invite@tree.test', 'en');
    const sub = await add(root.session, { name: 'Hong Kong branch', country: 'HK' });
    const res = await call(t.app, root.session, api('/company/admin/invite'), {
      companyId: sub,
      name: 'Chan Tai Man',
      phone: '+85291234567',
      mail: 'Chan@HK-Branch.test',
    });
    expect(res.json().success).toBe(true);
    const held = await t.database.rows<Row<'users', 'id' | 'state' | 'locale'> & As<'roles', { role: 'name' }>>(sql`
      SELECT u.id, u.state, u.locale, r.name AS role FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id AND r.is_super
      WHERE u.company_id = ${sub} AND u.email = 'chan@hk-branch.test'`);
    const m = { id: held[0]?.id, state: held[0]?.state, locale: held[0]?.locale, roles: held.map((h) => h.role) };
    expect(m).toMatchObject({ state: 'pending', locale: 'en', roles: ['Super administrator'] });
    await mail.deliver();
    const sent = mail.catcher.messages.find((x) => x.to.includes('chan@hk-branch.test'));
    expect(sent?.subject).toBe('Hong Kong branch invites you to the RRP Console');
    expect(sent?.text).toMatch(/\/invite\?token=/);
    const [event] = (await auditOf(t.database, 'company.adminInvite')).filter((e) => e.company_id === sub);
    expect(event).toMatchObject({ target_id: m.id, target_label: 'Chan Tai Man' });

    // the same address again, a bad name, the caller's own company: nothing more is created
    const again = await call(t.app, root.session, api('/company/admin/invite'), {
      companyId: sub,
      name: 'Other',
      phone: '+85291234568',
      mail: 'chan@hk-branch.test',
    });
    expect(again.json().code).toBe(29005);
    expect(
      (await call(t.app, root.session, api('/company/admin/invite'), { companyId: sub, name: 'x'.repeat(21), phone: '+85291234569', mail: 'a@b.test' })).json()
        .code,
    ).toBe(28002);
    expect(
      (
        await call(t.app, root.session, api('/company/admin/invite'), { companyId: root.companyId, name: 'Self', phone: '+85291234560', mail: 's@b.test' })
      ).json().code,
    ).toBe(30031);
    expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE company_id = ${sub}`)).toBe(1);
  });
});

describe('company dashboard and billing', () => {
  it('shows a company’s devices, online, Licenses, usage this month and members; billed by its parent it draws on the parent’s stock', async () => {
    const root = await tenant('dash@tree.test');
    await t.database.rows(sql`INSERT INTO license_ledger (company_id, delta, reason) VALUES (${root.companyId}, 7, 'purchase')`);
    const sub = await add(root.session, { name: '看板子公司', billing: 'parent' });
    const [d1] = await addDevices(t.database, sub, ['862000000000001', '862000000000002', '862000000000003'], { online: 2, licensed: 1 });
    await addDevices(t.database, root.companyId, ['862000000000004'], { online: 1 });
    await t.database.rows(sql`INSERT INTO device_usage_daily (device_id, company_id, day, bytes) VALUES
      (${d1}, ${sub}, (now() AT TIME ZONE 'UTC')::date, ${10 * 1048576}),
      (${d1}, ${sub}, (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '1 day')::date, ${99 * 1048576})`);
    await superMember(t.database, sub, 'sub@dash.test');

    const dash = (await call(t.app, root.session, api('/company/dashboard'), { id: sub })).json().obj;
    expect(dash).toEqual({
      id: sub,
      name: '看板子公司',
      devices: 3,
      online: 2,
      licenseStock: 7,
      licensesInUse: 1,
      usageMonthMb: 10,
      members: 1,
      subCompanies: 0,
      billing: 'parent',
      payerName: '公司 dash',
    });
    expect((await call(t.app, root.session, api('/company/dashboard'), { id: root.companyId })).json().obj).toMatchObject({
      devices: 1,
      online: 1,
      members: 1,
      subCompanies: 1,
      licenseStock: 7,
    });

    // renewing a sub-company's device uses the parent's License
    const subSession = await login(t.app, 'sub@dash.test');
    expect(subSession.deductionSource).toBe(1);
    expect((await call(t.app, subSession, api('/device/license/renew'), { imei: '862000000000002' })).json().success).toBe(true);
    expect((await holdings(t.database, root.companyId)).licenses).toBe(6);
    expect((await holdings(t.database, sub)).licenses).toBe(0);
    // a deeper company billed by its parent, itself billed by the top: the top pays
    const deeper = await add(root.session, { name: '更下级', parentId: sub, billing: 'parent' });
    expect((await call(t.app, root.session, api('/company/dashboard'), { id: deeper })).json().obj).toMatchObject({ licenseStock: 6, payerName: '公司 dash' });

    // billed independently, the sub-company has its own (empty) stock
    await call(t.app, root.session, api('/company/update'), { id: sub, name: '看板子公司', country: 'CN', billing: 'independent' });
    expect((await call(t.app, root.session, api('/company/dashboard'), { id: sub })).json().obj).toMatchObject({ licenseStock: 0, payerName: '看板子公司' });
    expect((await call(t.app, root.session, api('/company/dashboard'), { id: deeper })).json().obj).toMatchObject({ licenseStock: 0, payerName: '看板子公司' });
    expect((await call(t.app, subSession, api('/device/license/renew'), { imei: '862000000000003' })).json().code).toBe(23010);
    expect((await holdings(t.database, root.companyId)).licenses).toBe(6);
  });
});

describe('foreign companies', () => {
  it('answers 21001 for a company outside the caller’s tree and changes nothing', async () => {
    const other = await tenant('foreign@tree.test');
    const before = await companyRow(demoSub.id);
    const calls: [string, Record<string, unknown>][] = [
      ['/company/update', { id: demoSub.id, name: '入侵', country: 'CN', billing: 'independent' }],
      ['/company/state', { id: demoSub.id, state: 'disabled' }],
      ['/company/dashboard', { id: demoSub.id }],
      ['/company/admin/invite', { companyId: demoSub.id, name: '入侵者', phone: '13700000099', mail: 'intruder@foreign.test' }],
      ['/company/add', { name: '入侵', country: 'CN', billing: 'parent', parentId: demoSub.id }],
      ['/company/dashboard', { id: randomUUID() }],
    ];
    for (const [path, body] of calls) {
      const res = await call(t.app, other.session, api(path), body);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code, path).toBe(21001);
    }
    expect(await companyRow(demoSub.id)).toEqual(before);
    expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE email = 'intruder@foreign.test'`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM companies WHERE parent_id = ${demoSub.id}`)).toBe(0);
    // the demo sub-company's administrator cannot reach its parent either
    const subAdmin = await login(t.app, DEMO.subAdmin);
    expect((await call(t.app, subAdmin, api('/company/update'), { id: demoRoot.id, name: 'x', country: 'CN', billing: 'parent' })).json().code).toBe(21001);
    expect((await call(t.app, subAdmin, api('/company/state'), { id: demoRoot.id, state: 'disabled' })).json().code).toBe(21001);
    expect((await call(t.app, subAdmin, api('/company/tree'))).json().obj.tree).toMatchObject({ id: demoSub.id, children: [] });
  });
});

describe('company directory (back office)', () => {
  it('lists every company by name and opens one: tree, members, certification, stock', async () => {
    const staff = await login(t.app, DEMO.ops, OPS_PASSWORD);
    const list = (await call(t.app, staff, ops('/company/list'), { keyword: '演示科技' })).json().obj;
    expect(list.total).toBe(2);
    const root = list.list.find((r: { id: string }) => r.id === demoRoot.id);
    expect(root).toMatchObject({ name: '演示科技有限公司', certification: 'verified', subCompanies: 1, members: 3, licenseStock: 50, parentName: null });
    expect(list.list.find((r: { id: string }) => r.id === demoSub.id)).toMatchObject({ parentName: '演示科技有限公司', billing: 'parent', licenseStock: 50 });
    const all = (await call(t.app, staff, ops('/company/list'), { pageSize: 100 })).json().obj;
    expect(all.total).toBe(await count(sql`SELECT count(*)::int AS n FROM companies`));

    const detail = (await call(t.app, staff, ops('/company/detail'), { id: demoRoot.id }, { lang: 'en' })).json().obj;
    expect(detail.company).toMatchObject({ id: demoRoot.id, address: '上海市浦东新区张江高科技园区 88 号', dataRemainingMb: 5220 });
    expect(detail.tree.children.map((c: { id: string }) => c.id)).toEqual([demoSub.id]);
    expect(detail.members.map((m: { mail: string }) => m.mail)).toEqual([DEMO.admin, DEMO.manager, DEMO.specialist]);
    expect(detail.members.map((m: { roles: { name: string }[] }) => m.roles[0].name)).toEqual(['Super administrator', 'Administrator', 'Operation specialist']);
    expect(detail.certification).toEqual({ state: 'verified', submission: null });
    expect((await call(t.app, staff, ops('/company/detail'), { id: randomUUID() })).json().code).toBe(21001);
    // customers do not reach it
    expect((await call(t.app, admin, ops('/company/list'), {})).json().code).toBe(10002);
  });
});
