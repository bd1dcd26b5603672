import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, otherCompany } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../../test/helper.js';
import { auditOf, inviteAndSignIn, roleId } from '../../../test/members.js';
import type { Count, Row } from '../../db/row.js';

let t: TestApp;
let admin: Session;
let stranger: Session;
let demo: { id: string; path: string };
let other: { companyId: string; email: string };

const roleRow = async (id: string) =>
  (await t.database.rows<Row<'roles', 'name' | 'permissions' | 'is_super'>>(sql`SELECT name, permissions, is_super FROM roles WHERE id = ${id}`))[0];
const roleCount = async (companyId: string) => (await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM roles WHERE company_id = ${companyId}`))[0].n;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
  demo = await companyIdOf(t.database, DEMO.admin);
  other = await otherCompany(t.database);
  stranger = await login(t.app, other.email);
});
afterAll(() => t.close());

describe('role list and detail', () => {
  it('gives the member form its role choices with USER_LIST alone (the administrator holds no ROLE_LIST)', async () => {
    const manager = await login(t.app, DEMO.manager);
    expect((await call(t.app, manager, api('/role/list'), { pageNum: 1, pageSize: 10 })).json().code).toBe(10002);
    const obj = (await call(t.app, manager, api('/role/options'), {}, { lang: 'en' })).json().obj;
    expect(obj.list.map((r: { name: string }) => r.name)).toEqual(['Super administrator', 'Administrator', 'Operation specialist']);
    expect(obj.list[0]).toMatchObject({ isSuper: true });
    const specialist = await login(t.app, DEMO.specialist);
    expect((await call(t.app, specialist, api('/role/options'))).json().code).toBe(10002);
  });

  it('lists the sample roles, the super administrator first, named in the language of the request', async () => {
    const obj = (await call(t.app, admin, api('/role/list'), { pageNum: 1, pageSize: 10 }, { lang: 'en' })).json().obj;
    expect(obj.total).toBe(3);
    expect(obj.list.map((r: { name: string }) => r.name)).toEqual(['Super administrator', 'Administrator', 'Operation specialist']);
    expect(obj.list[0]).toMatchObject({ isSuper: true, memberCount: 1 });
    expect(obj.list[0].permissions).toContain('ROLE_LIST');
    expect(obj.list[0].permissions).not.toContain('DEDUCTION_SOURCE');
    expect(obj.list[2]).toMatchObject({ isSuper: false, memberCount: 1 });
    expect(obj.list[2].permissions).toEqual([
      'DEVICE_IMPORT',
      'DEVICE_LIST',
      'SERVICE_SETTING',
      'SERVICE_SETTING_MONITORSTRATEGY_INFO',
      'SERVICE_SETTING_ALARM_MANAGE',
      'AC_LIST',
      'OPERATION_REPORT',
    ]);
    expect(Number.isNaN(Date.parse(obj.list[0].createdAt))).toBe(false);
    const zh = (await call(t.app, admin, api('/role/list'), {})).json().obj;
    expect(zh.list.map((r: { name: string }) => r.name)).toEqual(['超级管理员', '管理员', '运营专员']);
  });

  it('filters by name (a sample role by its label in either language) and pages', async () => {
    const names = async (name: string, lang = 'zh-CN') =>
      (await call(t.app, admin, api('/role/list'), { name }, { lang })).json().obj.list.map((r: { name: string }) => r.name);
    expect(await names('admin', 'en')).toEqual(['Super administrator', 'Administrator']);
    expect(await names('运营')).toEqual(['运营专员']);
    expect(await names('specialist')).toEqual(['运营专员']);
    expect(await names('nothing like it')).toEqual([]);
    const page = (await call(t.app, admin, api('/role/list'), { pageNum: 2, pageSize: 2 })).json().obj;
    expect(page).toMatchObject({ total: 3 });
    expect(page.list.map((r: { name: string }) => r.name)).toEqual(['运营专员']);
  });

  it('shows one role with the members holding it; another company’s role is not found', async () => {
    const superId = await roleId(t.database, demo.id, '超级管理员');
    const obj = (await call(t.app, admin, api('/role/detail'), { id: superId })).json().obj;
    expect(obj).toMatchObject({ id: superId, name: '超级管理员', isSuper: true, memberCount: 1, members: [{ name: '演示管理员' }] });
    const foreign = await roleId(t.database, other.companyId, '超级管理员');
    const res = await call(t.app, admin, api('/role/detail'), { id: foreign }, { lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 30006 });
  });

  it('answers the permission tree, every code grantable for the super administrator', async () => {
    const { tree } = (await call(t.app, admin, api('/role/permissionTree'))).json().obj;
    expect(tree.map((n: { code: string }) => n.code)).toContain('USER_ROLE');
    const userRole = tree.find((n: { code: string }) => n.code === 'USER_ROLE');
    expect(userRole.children).toEqual([
      { code: 'USER_LIST', grantable: true },
      { code: 'ROLE_LIST', grantable: true },
    ]);
    expect(tree.every((n: { grantable: boolean; children: { grantable: boolean }[] }) => n.grantable && n.children.every((c) => c.grantable))).toBe(true);
  });
});

describe('creating and editing roles', () => {
  it('refuses an 11-character name, naming the field, and creates nothing', async () => {
    const before = await roleCount(demo.id);
    const res = await call(t.app, admin, api('/role/add'), { name: 'A'.repeat(11), permissions: ['DEVICE_LIST'] }, { lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 28002 });
    expect(res.json().msg).toContain('role name: at most 10 characters');
    const zh = await call(t.app, admin, api('/role/add'), { name: '一二三四五六七八九十一', permissions: [] });
    expect(zh.json().msg).toContain('角色名称最多 10 个字符');
    expect(await roleCount(demo.id)).toBe(before);
  });

  it('refuses an empty name, an unknown code and DEDUCTION_SOURCE (derived, never granted)', async () => {
    const before = await roleCount(demo.id);
    for (const body of [
      { name: '  ', permissions: [] },
      { name: 'X', permissions: ['NOT_A_CODE'] },
      { name: 'X', permissions: ['DEDUCTION_SOURCE'] },
    ]) {
      const res = await call(t.app, admin, api('/role/add'), body);
      expect(res.json().code).toBe(28002);
    }
    expect(await roleCount(demo.id)).toBe(before);
  });

  it('creates a role of 10 characters; a child code brings its section parent, a parent alone is dropped; audited', async () => {
    const res = (
      await call(t.app, admin, api('/role/add'), {
        name: '告警值班员一二三四五',
        permissions: ['SERVICE_SETTING_ALARM_MANAGE', 'DEVICE_LIST', 'MERCHANDISE', 'DEVICE_LIST'],
      })
    ).json();
    expect(res.success).toBe(true);
    const row = await roleRow(res.obj.id);
    expect(row).toMatchObject({ name: '告警值班员一二三四五', is_super: false });
    expect(row.permissions).toEqual(['DEVICE_LIST', 'SERVICE_SETTING', 'SERVICE_SETTING_ALARM_MANAGE']);
    const [event] = await auditOf(t.database, res.obj.id);
    expect(event).toMatchObject({ action: 'role.add', actor_name: '演示管理员', company_id: demo.id, target_label: '告警值班员一二三四五' });
    expect(event.changes).toEqual({
      name: [null, '告警值班员一二三四五'],
      permissions: [null, ['DEVICE_LIST', 'SERVICE_SETTING', 'SERVICE_SETTING_ALARM_MANAGE']],
    });
  });

  it('keeps names unique in the company: ignoring case, and a sample role under its label in the other language (30007)', async () => {
    const ok = (await call(t.app, admin, api('/role/add'), { name: 'Auditor', permissions: ['AUDIT_LOG'] })).json();
    expect(ok.success).toBe(true);
    const before = await roleCount(demo.id);
    for (const name of ['Auditor', 'AUDITOR', ' auditor ', '管理员', 'Administrator']) {
      const res = await call(t.app, admin, api('/role/add'), { name, permissions: [] }, { lang: 'en' });
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toMatchObject({ code: 30007 });
      expect(res.json().msg).toContain('role name');
    }
    expect(await roleCount(demo.id)).toBe(before);
    // the same name in another company is fine
    expect((await call(t.app, stranger, api('/role/add'), { name: 'Auditor', permissions: [] })).json().success).toBe(true);
    // renaming onto another role's name is refused too
    const res = await call(t.app, admin, api('/role/update'), { id: ok.obj.id, name: '运营专员', permissions: [] });
    expect(res.json().code).toBe(30007);
    expect((await roleRow(ok.obj.id)).name).toBe('Auditor');
  });

  it('edits a sample role whose label comes back in the other language without renaming it', async () => {
    const id = await roleId(t.database, demo.id, '运营专员');
    const before = await roleRow(id);
    const res = await call(t.app, admin, api('/role/update'), {
      id,
      name: 'Operation specialist',
      permissions: [...before.permissions, 'AC_LIST', 'ACCOUNT_INFO'],
    });
    expect(res.json().success).toBe(true);
    const after = await roleRow(id);
    expect(after.name).toBe('运营专员');
    expect(after.permissions).toContain('ACCOUNT_INFO');
    expect(after.permissions).toContain('ACCOUNT');
    const events = await auditOf(t.database, id);
    expect(events.at(-1)?.action).toBe('role.update');
    expect(events.at(-1)?.changes).not.toHaveProperty('name');
    expect(events.at(-1)?.changes).toHaveProperty('permissions');
    // back as it was
    await call(t.app, admin, api('/role/update'), { id, name: '运营专员', permissions: before.permissions });
    expect((await roleRow(id)).permissions).toEqual(before.permissions);
  });

  it('never edits or deletes the super administrator role (30010), changing nothing', async () => {
    const id = await roleId(t.database, demo.id, '超级管理员');
    const before = await roleRow(id);
    const upd = await call(t.app, admin, api('/role/update'), { id, name: '超级管理员', permissions: ['DEVICE_LIST'] });
    expect(upd.statusCode).toBe(409);
    expect(upd.json().code).toBe(30010);
    const del = await call(t.app, admin, api('/role/delete'), { id });
    expect(del.json().code).toBe(30010);
    expect(await roleRow(id)).toEqual(before);
  });

  it('refuses deleting a role in use, naming who holds it (30008); deletes an unused one', async () => {
    const used = await roleId(t.database, demo.id, '运营专员');
    const res = await call(t.app, admin, api('/role/delete'), { id: used }, { lang: 'en' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(30008);
    expect(res.json().msg).toContain('演示运营专员');
    expect(await roleRow(used)).toBeDefined();

    const { obj } = (await call(t.app, admin, api('/role/add'), { name: 'Temp', permissions: ['DEVICE_LIST'] })).json();
    expect((await call(t.app, admin, api('/role/delete'), { id: obj.id })).json().success).toBe(true);
    expect(await roleRow(obj.id)).toBeUndefined();
    expect((await auditOf(t.database, obj.id)).map((e) => e.action)).toEqual(['role.add', 'role.delete']);
  });

  it('answers 30006 for another company’s role on update and delete, changing nothing', async () => {
    const id = await roleId(t.database, demo.id, '管理员');
    const before = await roleRow(id);
    for (const [path, body] of [
      ['/role/update', { id, name: 'Hacked', permissions: [] }],
      ['/role/delete', { id }],
    ] as const) {
      const res = await call(t.app, stranger, api(path), body);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code).toBe(30006);
    }
    expect(await roleRow(id)).toEqual(before);
    expect(await auditOf(t.database, id)).toEqual([]);
  });

  it('stops at the role limit of a company (30017)', async () => {
    const n = await roleCount(other.companyId);
    await t.database.rows(sql`INSERT INTO roles (company_id, name) SELECT ${other.companyId}, 'r' || g FROM generate_series(1, ${50 - n}) AS g`);
    const res = await call(t.app, stranger, api('/role/add'), { name: 'One more', permissions: [] });
    expect(res.json().code).toBe(30017);
    expect(await roleCount(other.companyId)).toBe(50);
  });
});

describe('granting only what one holds', () => {
  let limited: Session;
  beforeAll(async () => {
    // a member who manages roles and sees devices, nothing else
    const { obj } = (await call(t.app, admin, api('/role/add'), { name: 'Role admin', permissions: ['ROLE_LIST', 'DEVICE_LIST'] })).json();
    limited = (await inviteAndSignIn(t.app, t.database, admin, { name: 'Limited', roleIds: [obj.id] })).session;
  });

  it('refuses a role granting a code its creator lacks (30009, naming it), creating nothing', async () => {
    const before = await roleCount(demo.id);
    const res = await call(t.app, limited, api('/role/add'), { name: 'Importers', permissions: ['DEVICE_LIST', 'DEVICE_IMPORT'] }, { lang: 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(30009);
    expect(res.json().msg).toContain('DEVICE_IMPORT');
    expect(res.json().msg).not.toContain('DEVICE_LIST,');
    expect(await roleCount(demo.id)).toBe(before);
    expect((await call(t.app, limited, api('/role/add'), { name: 'Viewers', permissions: ['DEVICE_LIST'] })).json().success).toBe(true);
  });

  it('refuses editing or deleting a role that carries codes the caller lacks (30009)', async () => {
    const id = await roleId(t.database, demo.id, '管理员');
    const before = await roleRow(id);
    expect((await call(t.app, limited, api('/role/update'), { id, name: '管理员', permissions: ['DEVICE_LIST'] })).json().code).toBe(30009);
    expect((await call(t.app, limited, api('/role/delete'), { id })).json().code).toBe(30009);
    expect(await roleRow(id)).toEqual(before);
  });

  it('marks in the tree only the codes the caller holds as grantable', async () => {
    const { tree } = (await call(t.app, limited, api('/role/permissionTree'))).json().obj;
    const grantable = tree.flatMap((n: { code: string; grantable: boolean; children: { code: string; grantable: boolean }[] }) =>
      [n, ...n.children].filter((x) => x.grantable).map((x) => x.code),
    );
    expect(grantable.sort()).toEqual(['DEVICE_LIST', 'ROLE_LIST', 'USER_ROLE']);
  });
});

describe('a role change reaches its members on their next call', () => {
  it('takes a code away and gives it back without the member signing in again', async () => {
    const { obj } = (await call(t.app, admin, api('/role/add'), { name: 'Fleet', permissions: ['DEVICE_LIST'] })).json();
    const member = await inviteAndSignIn(t.app, t.database, admin, { name: 'Fleet watcher', roleIds: [obj.id] });
    const list = () => call(t.app, member.session, api('/device/list'), { pageNum: 1, pageSize: 10 });
    expect((await list()).json().success).toBe(true);

    expect((await call(t.app, admin, api('/role/update'), { id: obj.id, name: 'Fleet', permissions: ['ACCOUNT_INFO'] })).json().success).toBe(true);
    const denied = await list();
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(10002);
    expect((await call(t.app, member.session, api('/account/company'))).json().success).toBe(true);

    await call(t.app, admin, api('/role/update'), { id: obj.id, name: 'Fleet', permissions: ['DEVICE_LIST'] });
    expect((await list()).json().success).toBe(true);
  });
});

describe('sub-companies', () => {
  it('a sub-company manages its own roles only; billed by its parent, its super administrator still hands on every code', async () => {
    const sub = await login(t.app, DEMO.subAdmin);
    const subCompany = await companyIdOf(t.database, DEMO.subAdmin);
    const names = (await call(t.app, sub, api('/role/list'), {})).json().obj.list.map((r: { id: string }) => r.id);
    expect(names).toContain(await roleId(t.database, subCompany.id, '超级管理员'));
    expect(names).not.toContain(await roleId(t.database, demo.id, '超级管理员'));
    // the parent's roles are another company's to the sub-company, and the other way round
    const parentRole = await roleId(t.database, demo.id, '运营专员');
    expect((await call(t.app, sub, api('/role/detail'), { id: parentRole })).json().code).toBe(30006);
    expect((await call(t.app, admin, api('/role/detail'), { id: await roleId(t.database, subCompany.id, '运营专员') })).json().code).toBe(30006);
    // MERCHANDISE is removed from what the sub-company's members use, not from what its super administrator may grant
    expect(sub.permissionsList).not.toContain('MERCHANDISE_BUY_DATA');
    const { tree } = (await call(t.app, sub, api('/role/permissionTree'))).json().obj;
    expect(tree.find((n: { code: string }) => n.code === 'MERCHANDISE').grantable).toBe(true);
    expect((await call(t.app, sub, api('/role/add'), { name: 'Buyers', permissions: ['MERCHANDISE_BUY_DATA'] })).json().success).toBe(true);
  });
});
