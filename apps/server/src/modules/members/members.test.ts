import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, otherCompany } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp, tryLogin } from '../../../test/helper.js';
import { auditOf, contact, inviteAndSignIn, MEMBER_PASSWORD, queuedInvitationToken, roleId, userIdOf } from '../../../test/members.js';
import type { Count, Narrow, Row } from '../../db/row.js';

let t: TestApp;
let admin: Session;
let manager: Session;
let stranger: Session;
let demo: { id: string; path: string };
let other: { companyId: string; email: string };
let roles: { super: string; admin: string; specialist: string };

type UserRow = Row<'users', 'name' | 'email' | 'phone' | 'state' | 'description' | 'deleted_at'>;
const userRow = async (id: string) =>
  (await t.database.rows<UserRow>(sql`SELECT name, email, phone, state, description, deleted_at FROM users WHERE id = ${id}`))[0];
const roleIdsOf = async (id: string) =>
  (await t.database.rows<Row<'user_roles', 'role_id'>>(sql`SELECT role_id FROM user_roles WHERE user_id = ${id} ORDER BY role_id`)).map((r) => r.role_id);
const memberCount = async (companyId: string) => (await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM users WHERE company_id = ${companyId}`))[0].n;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
  manager = await login(t.app, DEMO.manager);
  demo = await companyIdOf(t.database, DEMO.admin);
  other = await otherCompany(t.database);
  stranger = await login(t.app, other.email);
  roles = {
    super: await roleId(t.database, demo.id, '超级管理员'),
    admin: await roleId(t.database, demo.id, '管理员'),
    specialist: await roleId(t.database, demo.id, '运营专员'),
  };
});
afterAll(() => t.close());

describe('member list and detail', () => {
  it('lists the company’s members with roles in the request’s language, marks the caller, leaves other companies out', async () => {
    const obj = (await call(t.app, admin, api('/user/list'), { pageNum: 1, pageSize: 10 }, { lang: 'en' })).json().obj;
    expect(obj.total).toBe(3);
    const byMail = Object.fromEntries(obj.list.map((m: { mail: string }) => [m.mail, m]));
    expect(byMail[DEMO.admin]).toMatchObject({
      name: '演示管理员',
      phone: '13800000001',
      state: 'enabled',
      isSelf: true,
      invitedAt: null,
      roles: [{ id: roles.super, name: 'Super administrator' }],
    });
    expect(byMail[DEMO.specialist]).toMatchObject({ isSelf: false, roles: [{ name: 'Operation specialist' }] });
    expect(byMail[DEMO.subAdmin]).toBeUndefined();
    expect(byMail[other.email]).toBeUndefined();
  });

  it('filters by name, phone, e-mail, role and state, and pages', async () => {
    const list = async (f: Record<string, unknown>) =>
      (await call(t.app, admin, api('/user/list'), { pageNum: 1, pageSize: 10, ...f })).json().obj.list.map((m: { mail: string }) => m.mail);
    expect(await list({ name: '运营' })).toEqual([DEMO.specialist]);
    expect(await list({ phone: '00000002' })).toEqual([DEMO.manager]);
    expect(await list({ mail: 'MANAGER@' })).toEqual([DEMO.manager]);
    expect(await list({ roleId: roles.super })).toEqual([DEMO.admin]);
    expect(await list({ state: 'disabled' })).toEqual([]);
    expect(await list({ name: '%' })).toEqual([]);
    const page = (await call(t.app, admin, api('/user/list'), { pageNum: 2, pageSize: 2 })).json().obj;
    expect(page.total).toBe(3);
    expect(page.list).toHaveLength(1);
    const bad = await call(t.app, admin, api('/user/list'), { pageNum: 0 });
    expect(bad.json().code).toBe(28002);
  });

  it('shows one member with their codes; another company’s member is not found (30001)', async () => {
    const id = await userIdOf(t.database, DEMO.specialist);
    const obj = (await call(t.app, admin, api('/user/detail'), { id })).json().obj;
    expect(obj).toMatchObject({ id, mail: DEMO.specialist, jobTitle: '', invitationExpiresAt: null, lastSignInAt: null });
    expect(obj.permissions).toContain('DEVICE_IMPORT');
    expect(obj.permissions).not.toContain('USER_LIST');
    const foreign = await userIdOf(t.database, other.email);
    const res = await call(t.app, admin, api('/user/detail'), { id: foreign }, { lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 30001, msg: expect.stringContaining('Member not found') });
  });

  it('refuses the list without USER_LIST (10002)', async () => {
    const specialist = await login(t.app, DEMO.specialist);
    expect((await call(t.app, specialist, api('/user/list'), {})).json().code).toBe(10002);
  });
});

describe('adding a member', () => {
  it('refuses a 21-character name, naming the field, and adds nothing', async () => {
    const before = await memberCount(demo.id);
    const c = contact();
    const res = await call(t.app, admin, api('/user/add'), { name: 'N'.repeat(21), ...c, roleIds: [roles.specialist], state: 'enabled' }, { lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 28002, msg: expect.stringContaining('member name: at most 20 characters') });
    const zh = await call(t.app, admin, api('/user/add'), { name: '名'.repeat(21), ...c, roleIds: [roles.specialist], state: 'enabled' });
    expect(zh.json().msg).toContain('成员名称最多 20 个字符');
    expect(await memberCount(demo.id)).toBe(before);
    expect((await t.database.rows(sql`SELECT 1 FROM jobs WHERE payload->>'to' = ${c.mail}`)).length).toBe(0);
  });

  it('refuses bad fields each by name: phone, e-mail, no role, bad state', async () => {
    const before = await memberCount(demo.id);
    const base = { name: 'Ok', ...contact(), roleIds: [roles.specialist], state: 'enabled' };
    for (const [patch, label] of [
      [{ phone: '12345' }, 'mobile phone'],
      [{ mail: 'not-an-address' }, 'e-mail'],
      [{ roleIds: [] }, 'roles'],
      [{ state: 'pending' }, 'state'],
      [{ name: '' }, 'member name'],
    ] as const) {
      const res = await call(t.app, admin, api('/user/add'), { ...base, ...patch }, { lang: 'en' });
      expect(res.json().code, label).toBe(28002);
      expect(res.json().msg, label).toContain(label);
    }
    expect(await memberCount(demo.id)).toBe(before);
  });

  it('refuses an e-mail or phone in use (29005, 29014) and another company’s role (30006)', async () => {
    const before = await memberCount(demo.id);
    const c = contact();
    const body = { name: 'Dup', ...c, roleIds: [roles.specialist], state: 'enabled' };
    expect((await call(t.app, admin, api('/user/add'), { ...body, mail: DEMO.manager.toUpperCase() })).json().code).toBe(29005);
    expect((await call(t.app, admin, api('/user/add'), { ...body, phone: '13800000003' })).json().code).toBe(29014);
    const foreignRole = await roleId(t.database, other.companyId, '运营专员');
    const res = await call(t.app, admin, api('/user/add'), { ...body, roleIds: [roles.specialist, foreignRole] }, { lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 30006, msg: expect.stringContaining('roles') });
    expect(await memberCount(demo.id)).toBe(before);
  });

  it('adds a pending member with an invitation queued in the company’s language, audited without secrets', async () => {
    const c = contact();
    const res = (
      await call(
        t.app,
        admin,
        api('/user/add'),
        { name: '新成员', ...c, roleIds: [roles.specialist, roles.specialist], state: 'disabled', description: '夜班' },
        { lang: 'en' },
      )
    ).json();
    expect(res.success).toBe(true);
    const row = await userRow(res.obj.id);
    expect(row).toMatchObject({ name: '新成员', email: c.mail, phone: c.phone, state: 'pending', description: '夜班' });
    expect(await roleIdsOf(res.obj.id)).toEqual([roles.specialist]);
    // the company's language is Chinese, whatever the inviter's browser says
    const [job] = await t.database.rows<Narrow<Row<'jobs', 'payload'>, { payload: { locale: string; template: { link: string; companyName: string } } }>>(
      sql`SELECT payload FROM jobs WHERE payload->>'to' = ${c.mail}`,
    );
    expect(job.payload.locale).toBe('zh-CN');
    expect(job.payload.template.companyName).toBe('演示科技有限公司');
    expect(job.payload.template.link).toMatch(new RegExp(`^${t.config.publicUrl}/invite\\?token=[A-Za-z0-9_-]{43}$`));

    const listed = (await call(t.app, admin, api('/user/list'), { state: 'pending' })).json().obj.list;
    expect(listed.map((m: { id: string }) => m.id)).toEqual([res.obj.id]);
    expect(listed[0].invitedAt).not.toBeNull();
    const detail = (await call(t.app, admin, api('/user/detail'), { id: res.obj.id })).json().obj;
    expect(Date.parse(detail.invitationExpiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const [event] = await auditOf(t.database, res.obj.id);
    expect(event).toMatchObject({ action: 'member.add', actor_name: '演示管理员', company_id: demo.id, target_label: '新成员' });
    expect(event.changes).toMatchObject({ name: [null, '新成员'], state: [null, 'pending'], acceptState: [null, 'disabled'], roles: [null, ['运营专员']] });
    expect(JSON.stringify(event.changes)).not.toMatch(/token|password/i);
  });

  it('invites in English for a company whose super administrator uses English', async () => {
    await t.database.rows(sql`UPDATE users SET locale = 'en' WHERE email = ${other.email}`);
    const c = contact();
    const ownRole = await roleId(t.database, other.companyId, '运营专员');
    expect((await call(t.app, stranger, api('/user/add'), { name: 'Abroad', ...c, roleIds: [ownRole], state: 'enabled' })).json().success).toBe(true);
    const [job] = await t.database.rows<Narrow<Row<'jobs', 'payload'>, { payload: { locale: string } }>>(
      sql`SELECT payload FROM jobs WHERE payload->>'to' = ${c.mail}`,
    );
    expect(job.payload.locale).toBe('en');
  });

  it('stops at the member limit of a company (30017)', async () => {
    const { companyId } = await otherCompany(t.database, 'limit@other.rrp.local');
    const lead = await login(t.app, 'limit@other.rrp.local');
    await t.database.rows(
      sql`INSERT INTO users (company_id, kind, name, email, phone, password_hash, state)
          SELECT ${companyId}, 'member', 'm' || g, 'filler' || g || '@limit.example', NULL, '!', 'enabled' FROM generate_series(1, 499) AS g`,
    );
    const role = await roleId(t.database, companyId, '运营专员');
    const res = await call(t.app, lead, api('/user/add'), { name: 'One more', ...contact(), roleIds: [role], state: 'enabled' });
    expect(res.json().code).toBe(30017);
    expect(await memberCount(companyId)).toBe(500);
  });
});

describe('editing a member', () => {
  it('changes name, phone, e-mail, roles and description, audited field by field', async () => {
    const m = await inviteAndSignIn(t.app, t.database, admin, { name: 'Editable', roleIds: [roles.specialist] });
    const c = contact();
    const res = await call(t.app, admin, api('/user/detail/update'), {
      id: m.id,
      name: 'Edited',
      ...c,
      roleIds: [roles.admin],
      description: 'moved',
    });
    expect(res.json().success).toBe(true);
    expect(await userRow(m.id)).toMatchObject({ name: 'Edited', email: c.mail, phone: c.phone, description: 'moved', state: 'enabled' });
    expect(await roleIdsOf(m.id)).toEqual([roles.admin]);
    const event = (await auditOf(t.database, m.id)).at(-1);
    expect(event?.action).toBe('member.update');
    expect(event?.changes).toEqual({
      name: ['Editable', 'Edited'],
      phone: [m.phone, c.phone],
      mail: [m.mail, c.mail],
      roles: [['运营专员'], ['管理员']],
      description: ['', 'moved'],
    });
    // the new roles apply to the member's next call
    expect((await call(t.app, m.session, api('/user/list'), {})).json().success).toBe(true);
  });

  it('refuses a 21-character name and another member’s e-mail, changing nothing', async () => {
    const id = await userIdOf(t.database, DEMO.specialist);
    const before = await userRow(id);
    const body = { id, name: 'x'.repeat(21), phone: '13800000003', mail: DEMO.specialist, roleIds: [roles.specialist] };
    const res = await call(t.app, admin, api('/user/detail/update'), body, { lang: 'en' });
    expect(res.json().msg).toContain('member name: at most 20 characters');
    expect((await call(t.app, admin, api('/user/detail/update'), { ...body, name: 'ok', mail: DEMO.manager })).json().code).toBe(29005);
    expect(await userRow(id)).toEqual(before);
  });

  it('re-invites a pending member at their new address: the old link stops working', async () => {
    const c = contact();
    const { obj } = (await call(t.app, admin, api('/user/add'), { name: 'Typo', ...c, roleIds: [roles.specialist], state: 'enabled' })).json();
    const oldToken = await queuedInvitationToken(t.database, c.mail);
    const fixed = contact();
    await call(t.app, admin, api('/user/detail/update'), { id: obj.id, name: 'Typo', ...fixed, roleIds: [roles.specialist] });
    const check = (token: string) => t.app.inject({ method: 'POST', url: api('/user/invitation/check'), payload: { token } });
    expect((await check(oldToken)).json().code).toBe(30004);
    expect((await check(await queuedInvitationToken(t.database, fixed.mail))).json().obj).toMatchObject({ mail: fixed.mail, name: 'Typo' });
  });
});

describe('who may manage whom', () => {
  it('refuses managing a member holding codes the caller lacks, or giving such a role (30009), changing nothing', async () => {
    // the administrator role lacks ROLE_LIST, COMPANY_SETTING, DEVELOPER_MANAGEMENT, AUDIT_LOG
    const superId = await userIdOf(t.database, DEMO.admin);
    const before = await userRow(superId);
    const edits: [string, Record<string, unknown>][] = [
      ['/user/detail/update', { id: superId, name: 'Renamed', phone: '13800000001', mail: DEMO.admin, roleIds: [roles.super] }],
      ['/user/update', { id: superId, state: 'disabled' }],
      ['/user/delete', { id: superId }],
    ];
    for (const [path, body] of edits) {
      const res = await call(t.app, manager, api(path), body, { lang: 'en' });
      expect(res.statusCode, path).toBe(403);
      expect(res.json().code, path).toBe(30009);
      expect(res.json().msg, path).toContain('ROLE_LIST');
    }
    expect(await userRow(superId)).toEqual(before);

    const countBefore = await memberCount(demo.id);
    const c = contact();
    const add = await call(t.app, manager, api('/user/add'), { name: 'Promoted', ...c, roleIds: [roles.super], state: 'enabled' });
    expect(add.json().code).toBe(30009);
    expect(await memberCount(demo.id)).toBe(countBefore);

    const specialistId = await userIdOf(t.database, DEMO.specialist);
    const raise = await call(t.app, manager, api('/user/detail/update'), {
      id: specialistId,
      name: '演示运营专员',
      phone: '13800000003',
      mail: DEMO.specialist,
      roleIds: [roles.super],
    });
    expect(raise.json().code).toBe(30009);
    expect(await roleIdsOf(specialistId)).toEqual([roles.specialist]);

    // within their own codes the manager may act
    expect((await call(t.app, manager, api('/user/add'), { name: 'Helper', ...c, roleIds: [roles.specialist], state: 'enabled' })).json().success).toBe(true);
  });

  it('answers 30001 for another company’s member on every change, changing nothing', async () => {
    const foreign = await userIdOf(t.database, other.email);
    const before = await userRow(foreign);
    const c = contact();
    for (const [path, body] of [
      ['/user/detail/update', { id: foreign, name: 'Hacked', ...c, roleIds: [roles.specialist] }],
      ['/user/update', { id: foreign, state: 'disabled' }],
      ['/user/delete', { id: foreign }],
      ['/user/reInvite', { id: foreign }],
      ['/user/detail', { id: foreign }],
    ] as const) {
      const res = await call(t.app, admin, api(path), body);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code, path).toBe(30001);
    }
    expect(await userRow(foreign)).toEqual(before);
    expect(await auditOf(t.database, foreign)).toEqual([]);
    // and the stranger still signs in
    expect((await call(t.app, stranger, api('/account/query'))).json().success).toBe(true);
  });
});

describe('disabling, enabling and deleting', () => {
  it('disabling ends the member’s sessions at once (88016) and stops sign-in; enabling lets them back', async () => {
    const m = await inviteAndSignIn(t.app, t.database, admin, { name: 'Night shift', roleIds: [roles.specialist] });
    expect((await call(t.app, m.session, api('/account/query'))).json().success).toBe(true);
    expect((await call(t.app, admin, api('/user/update'), { id: m.id, state: 'disabled' })).json().success).toBe(true);
    const old = await call(t.app, m.session, api('/account/query'));
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe(88016);
    expect((await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${m.id} AND ended_at IS NULL`))[0].n).toBe(0);
    expect((await tryLogin(t.app, m.mail, MEMBER_PASSWORD)).json().code).toBe(22009);
    expect((await call(t.app, admin, api('/user/list'), { state: 'disabled' })).json().obj.list.map((x: { id: string }) => x.id)).toContain(m.id);

    // a second identical request changes nothing and records nothing
    await call(t.app, admin, api('/user/update'), { id: m.id, state: 'disabled' });
    expect((await auditOf(t.database, m.id)).filter((e) => e.action === 'member.state')).toHaveLength(1);

    expect((await call(t.app, admin, api('/user/update'), { id: m.id, state: 'enabled' })).json().success).toBe(true);
    // the ended session stays ended; a new sign-in works
    expect((await call(t.app, m.session, api('/account/query'))).json().code).toBe(88016);
    const again = await login(t.app, m.mail, MEMBER_PASSWORD);
    expect((await call(t.app, again, api('/account/query'))).json().success).toBe(true);
    expect((await auditOf(t.database, m.id)).filter((e) => e.action === 'member.state').map((e) => e.changes)).toEqual([
      { state: ['enabled', 'disabled'] },
      { state: ['disabled', 'enabled'] },
    ]);
  });

  it('sets the state a pending member will take when they accept', async () => {
    const c = contact();
    const { obj } = (await call(t.app, admin, api('/user/add'), { name: 'Later', ...c, roleIds: [roles.specialist], state: 'enabled' })).json();
    expect((await call(t.app, admin, api('/user/update'), { id: obj.id, state: 'disabled' })).json().success).toBe(true);
    expect((await userRow(obj.id)).state).toBe('pending');
    const token = await queuedInvitationToken(t.database, c.mail);
    await t.app.inject({
      method: 'POST',
      url: api('/user/invitation/accept'),
      payload: { token, password: MEMBER_PASSWORD, confirmPassword: MEMBER_PASSWORD },
    });
    expect((await userRow(obj.id)).state).toBe('disabled');
  });

  it('refuses disabling or deleting oneself (30002)', async () => {
    const selfId = await userIdOf(t.database, DEMO.admin);
    for (const [path, body] of [
      ['/user/update', { id: selfId, state: 'disabled' }],
      ['/user/delete', { id: selfId }],
    ] as const) {
      const res = await call(t.app, admin, api(path), body);
      expect(res.statusCode, path).toBe(409);
      expect(res.json().code, path).toBe(30002);
    }
    expect((await userRow(selfId)).state).toBe('enabled');
  });

  it('keeps the last enabled super administrator: no disabling, deleting or taking the role away (30003)', async () => {
    const { companyId } = await otherCompany(t.database, 'solo@other.rrp.local');
    const lead = await login(t.app, 'solo@other.rrp.local');
    const leadId = await userIdOf(t.database, 'solo@other.rrp.local');
    const superRole = await roleId(t.database, companyId, '超级管理员');
    const adminRole = await roleId(t.database, companyId, '管理员');
    // a member holding every code, without the super administrator role
    const all = (await call(t.app, lead, api('/role/permissionTree')))
      .json()
      .obj.tree.flatMap((n: { code: string; children: { code: string }[] }) => [n.code, ...n.children.map((c) => c.code)]);
    const full = (await call(t.app, lead, api('/role/add'), { name: 'Full', permissions: all })).json().obj.id;
    const x = await inviteAndSignIn(t.app, t.database, lead, { name: 'Everything', roleIds: [full] });
    // a pending super administrator does not count
    await call(t.app, lead, api('/user/add'), { name: 'Pending super', ...contact(), roleIds: [superRole], state: 'enabled' });

    const keepLead = { id: leadId, name: '其他管理员', phone: '13900000999', mail: 'solo@other.rrp.local' };
    for (const [path, body] of [
      ['/user/update', { id: leadId, state: 'disabled' }],
      ['/user/delete', { id: leadId }],
      ['/user/detail/update', { ...keepLead, roleIds: [adminRole] }],
    ] as const) {
      const res = await call(t.app, x.session, api(path), body, { lang: 'en' });
      expect(res.statusCode, path).toBe(409);
      expect(res.json().code, path).toBe(30003);
    }
    // giving up one's own role is refused the same way
    const own = await call(t.app, lead, api('/user/detail/update'), { ...keepLead, roleIds: [adminRole] }, { lang: 'en' });
    expect(own.json()).toMatchObject({ code: 30003, msg: expect.stringContaining('roles') });
    expect(await userRow(leadId)).toMatchObject({ state: 'enabled' });
    expect(await roleIdsOf(leadId)).toEqual([superRole]);

    // with a second enabled super administrator, one of them may go; then the other is the last
    const deputy = await inviteAndSignIn(t.app, t.database, lead, { name: 'Deputy', roleIds: [superRole] });
    expect((await call(t.app, x.session, api('/user/update'), { id: leadId, state: 'disabled' })).json().success).toBe(true);
    expect((await call(t.app, x.session, api('/user/delete'), { id: deputy.id })).json().code).toBe(30003);
    expect((await call(t.app, x.session, api('/user/update'), { id: deputy.id, state: 'disabled' })).json().code).toBe(30003);
    expect((await userRow(deputy.id)).state).toBe('enabled');
    // enabling the lead again frees the deputy
    expect((await call(t.app, x.session, api('/user/update'), { id: leadId, state: 'enabled' })).json().success).toBe(true);
    expect((await call(t.app, x.session, api('/user/delete'), { id: deputy.id })).json().success).toBe(true);
  });

  it('lets only one of two super administrators disabling each other at once through', async () => {
    const { companyId } = await otherCompany(t.database, 'pair@other.rrp.local');
    const a = await login(t.app, 'pair@other.rrp.local');
    const aId = await userIdOf(t.database, 'pair@other.rrp.local');
    const b = await inviteAndSignIn(t.app, t.database, a, { name: 'Pair B', roleIds: [await roleId(t.database, companyId, '超级管理员')] });
    const [ra, rb] = await Promise.all([
      call(t.app, a, api('/user/update'), { id: b.id, state: 'disabled' }),
      call(t.app, b.session, api('/user/update'), { id: aId, state: 'disabled' }),
    ]);
    expect([ra.json().success, rb.json().success].filter(Boolean)).toHaveLength(1);
    // the loser either waited for the winner and found itself the last one (30003), or came in after it and was signed out (88016)
    const loser = [ra, rb].find((r) => !r.json().success);
    expect([30003, 88016]).toContain(loser?.json().code);
    const enabled = await t.database.rows(sql`SELECT 1 FROM users WHERE company_id = ${companyId} AND state = 'enabled'`);
    expect(enabled).toHaveLength(1);
  });

  it('deletes softly: the name stays in history, contacts are free again, the role is no longer held', async () => {
    const m = await inviteAndSignIn(t.app, t.database, admin, { name: 'Leaver', roleIds: [roles.specialist] });
    expect((await call(t.app, admin, api('/user/delete'), { id: m.id })).json().success).toBe(true);
    const row = await userRow(m.id);
    expect(row).toMatchObject({ name: 'Leaver', state: 'deleted' });
    expect(row.deleted_at).not.toBeNull();
    expect(await roleIdsOf(m.id)).toEqual([]);
    expect((await call(t.app, m.session, api('/account/query'))).json().code).toBe(88016);
    expect((await tryLogin(t.app, m.mail, MEMBER_PASSWORD)).json().code).toBe(29015);
    // gone from the list and detail
    expect((await call(t.app, admin, api('/user/list'), { name: 'Leaver' })).json().obj.total).toBe(0);
    expect((await call(t.app, admin, api('/user/detail'), { id: m.id })).json().code).toBe(30001);
    expect((await call(t.app, admin, api('/user/delete'), { id: m.id })).json().code).toBe(30001);
    // the audit log keeps the name
    const events = await auditOf(t.database, m.id);
    expect(events.at(-1)).toMatchObject({ action: 'member.delete', target_label: 'Leaver' });
    // the same e-mail and phone make a new member
    const again = await call(t.app, admin, api('/user/add'), { name: 'Returner', phone: m.phone, mail: m.mail, roleIds: [roles.specialist], state: 'enabled' });
    expect(again.json().success).toBe(true);
  });
});

describe('sub-companies', () => {
  it('a parent company does not manage its sub-company’s members through these routes, nor the other way round', async () => {
    const sub = await login(t.app, DEMO.subAdmin);
    const subAdminId = await userIdOf(t.database, DEMO.subAdmin);
    const specialistId = await userIdOf(t.database, DEMO.specialist);
    expect((await call(t.app, admin, api('/user/detail'), { id: subAdminId })).json().code).toBe(30001);
    expect((await call(t.app, admin, api('/user/update'), { id: subAdminId, state: 'disabled' })).json().code).toBe(30001);
    expect((await call(t.app, sub, api('/user/delete'), { id: specialistId })).json().code).toBe(30001);
    const listed = (await call(t.app, sub, api('/user/list'), {})).json().obj.list.map((m: { mail: string }) => m.mail);
    expect(listed).toEqual([DEMO.subAdmin]);
    expect((await t.database.rows<Row<'users', 'state'>>(sql`SELECT state FROM users WHERE id = ${subAdminId}`))[0].state).toBe('enabled');
  });
});
