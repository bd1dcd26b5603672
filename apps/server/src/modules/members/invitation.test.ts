import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, mailHarness, type Session, type TestApp, tryLogin } from '../../../test/helper.js';
import { auditOf, contact, MEMBER_PASSWORD, queuedInvitationToken, roleId, tokenOf } from '../../../test/members.js';
import type { Row } from '../../db/row.js';

let t: TestApp;
let mail: Awaited<ReturnType<typeof mailHarness>>;
let admin: Session;
let specialistRole: string;

const PUBLIC_URL = 'https://console.example.com';

const state = async (id: string) =>
  (await t.database.rows<Row<'users', 'state' | 'password_hash'>>(sql`SELECT state, password_hash FROM users WHERE id = ${id}`))[0];
const check = (token: string, lang = 'en') =>
  t.app.inject({ method: 'POST', url: api('/user/invitation/check'), headers: { 'accept-language': lang }, payload: { token } });
const accept = (token: string, password = MEMBER_PASSWORD, confirmPassword = password, lang = 'en') =>
  t.app.inject({ method: 'POST', url: api('/user/invitation/accept'), headers: { 'accept-language': lang }, payload: { token, password, confirmPassword } });

/** Adds a member and delivers the invitation over SMTP; returns the member and the link from the mail as caught. */
async function invite(name = 'Invitee') {
  const c = contact('inv');
  const res = (await call(t.app, admin, api('/user/add'), { name, ...c, roleIds: [specialistRole], state: 'enabled' })).json();
  expect(res.success).toBe(true);
  await mail.deliver();
  const caught = mail.catcher.messages.find((m) => m.to.includes(c.mail));
  if (!caught) throw new Error(`no mail delivered to ${c.mail}`);
  const link = caught.text.match(/https?:\/\/\S+\/invite\?token=\S+/)?.[0];
  if (!link) throw new Error(`no link in ${caught.text}`);
  return { id: res.obj.id as string, ...c, caught, link };
}

beforeAll(async () => {
  t = await buildTestApp({ config: { RRP_PUBLIC_URL: PUBLIC_URL } });
  mail = await mailHarness(t.database);
  admin = await login(t.app, DEMO.admin);
  specialistRole = await roleId(t.database, (await companyIdOf(t.database, DEMO.admin)).id, '运营专员');
});
afterAll(async () => {
  await mail.close();
  await t.close();
});

describe('the invitation e-mail and its link', () => {
  it('is delivered over SMTP in the company’s language, and its link sets the password and signs the member up', async () => {
    const m = await invite('王小明');
    expect(m.caught.subject).toBe('演示科技有限公司 邀请您加入 RRP 控制台');
    expect(m.caught.text).toContain('王小明，您好');
    expect(m.caught.text).toContain('演示管理员 邀请您');
    expect(m.link.startsWith(`${PUBLIC_URL}/invite?token=`)).toBe(true);
    expect(m.caught.html).toContain(`href="${PUBLIC_URL}/invite?token=`);

    const token = tokenOf(m.link);
    const info = (await check(token)).json();
    expect(info.obj).toMatchObject({ name: '王小明', mail: m.mail, companyName: '演示科技有限公司' });
    expect(Date.parse(info.obj.expiresAt)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    // pending members cannot sign in yet
    expect((await tryLogin(t.app, m.mail, MEMBER_PASSWORD)).json().code).toBe(29015);

    const res = await accept(token);
    expect(res.json()).toMatchObject({ success: true });
    expect((await state(m.id)).state).toBe('enabled');
    const session = await login(t.app, m.mail, MEMBER_PASSWORD);
    expect(session.permissionsList).toContain('DEVICE_LIST');
    expect(session.permissionsList).not.toContain('USER_LIST');
    expect((await call(t.app, session, api('/account/query'))).json().obj).toMatchObject({ name: '王小明', email: m.mail });

    const event = (await auditOf(t.database, m.id)).at(-1);
    expect(event).toMatchObject({ action: 'member.accept', actor_id: m.id, actor_name: '王小明' });
    expect(event?.changes).toEqual({ state: ['pending', 'enabled'], password: ['***', '***'] });
  });

  it('answers 30004 for a link used once already, and changes nothing', async () => {
    const m = await invite();
    const token = tokenOf(m.link);
    expect((await accept(token)).json().success).toBe(true);
    const before = await state(m.id);
    const reused = await accept(token, 'Other#2026pass');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 30004, msg: expect.stringContaining('invitation link') });
    expect((await check(token)).json().code).toBe(30004);
    expect(await state(m.id)).toEqual(before);
    // the first password still works, the second never took
    await login(t.app, m.mail, MEMBER_PASSWORD);
    expect((await tryLogin(t.app, m.mail, 'Other#2026pass')).json().code).toBe(29015);
  });

  it('answers 30004 for an expired link, and the member stays pending', async () => {
    const m = await invite();
    await t.database.rows(sql`UPDATE invitations SET expires_at = now() - interval '1 second' WHERE user_id = ${m.id}`);
    const token = tokenOf(m.link);
    expect((await check(token)).json().code).toBe(30004);
    const res = await accept(token, MEMBER_PASSWORD, MEMBER_PASSWORD, 'zh-CN');
    expect(res.json()).toMatchObject({ code: 30004, msg: expect.stringContaining('邀请链接无效或已过期') });
    expect((await state(m.id)).state).toBe('pending');
  });

  it('answers 30004 for a made-up token and 28002 for one too short to be a token', async () => {
    expect((await check('x'.repeat(43))).json().code).toBe(30004);
    expect((await check('short')).json().code).toBe(28002);
  });

  it('refuses a weak password or a different confirmation, naming the field, and keeps the link usable', async () => {
    const m = await invite();
    const token = tokenOf(m.link);
    for (const weak of ['Ab#1', 'Ab#1'.repeat(5), 'abcdefgh1', 'Admin#2026x', 'Password#99']) {
      const res = await accept(token, weak);
      expect(res.json().code, weak).toBe(29006);
      expect(res.json().msg, weak).toContain('password');
    }
    const mismatch = await accept(token, MEMBER_PASSWORD, `${MEMBER_PASSWORD}x`);
    expect(mismatch.json()).toMatchObject({ code: 29007, msg: expect.stringContaining('confirm password') });
    expect(await state(m.id)).toMatchObject({ state: 'pending', password_hash: '!' });
    expect((await check(token)).json().success).toBe(true);
    expect((await accept(token)).json().success).toBe(true);
  });

  it('lets only one of two simultaneous acceptances through', async () => {
    const m = await invite();
    const token = tokenOf(m.link);
    const results = await Promise.all([accept(token, MEMBER_PASSWORD), accept(token, 'Second#2026pw')]);
    expect(results.map((r) => r.json().success).sort()).toEqual([false, true]);
    expect((await auditOf(t.database, m.id)).filter((e) => e.action === 'member.accept')).toHaveLength(1);
  });
});

describe('re-inviting', () => {
  it('sends a new link and the old one stops working', async () => {
    const m = await invite();
    const oldToken = tokenOf(m.link);
    const before = mail.catcher.messages.filter((x) => x.to.includes(m.mail)).length;
    expect((await call(t.app, admin, api('/user/reInvite'), { id: m.id })).json().success).toBe(true);
    await mail.deliver();
    const mails = mail.catcher.messages.filter((x) => x.to.includes(m.mail));
    expect(mails).toHaveLength(before + 1);
    const newToken = tokenOf(mails[0].text.match(/https?:\/\/\S+\/invite\?token=\S+/)?.[0] ?? '');
    expect(newToken).not.toBe(oldToken);
    expect(newToken).toBe(await queuedInvitationToken(t.database, m.mail));

    expect((await check(oldToken)).json().code).toBe(30004);
    expect((await accept(oldToken)).json().code).toBe(30004);
    expect((await state(m.id)).state).toBe('pending');
    expect((await accept(newToken)).json().success).toBe(true);
    expect((await auditOf(t.database, m.id)).map((e) => e.action)).toEqual(['member.add', 'member.reinvite', 'member.accept']);
  });

  it('is only for pending members (30005)', async () => {
    const m = await invite();
    await accept(tokenOf(m.link));
    const queued = async () => (await t.database.rows(sql`SELECT 1 FROM jobs WHERE payload->>'to' = ${m.mail}`)).length;
    const before = await queued();
    const res = await call(t.app, admin, api('/user/reInvite'), { id: m.id }, { lang: 'en' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(30005);
    expect(await queued()).toBe(before);
  });
});
