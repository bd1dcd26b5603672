import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, registeredCompany } from '../../../test/companies.js';
import { api, buildTestApp, call, DEMO, DEMO_PASSWORD, login, mailHarness, type Session, type TestApp, tryLogin } from '../../../test/helper.js';
import type { Row } from '../../db/row.js';

let t: TestApp;
let mail: Awaited<ReturnType<typeof mailHarness>>;
beforeAll(async () => {
  t = await buildTestApp();
  mail = await mailHarness(t.database);
});
afterAll(async () => {
  await mail.close();
  await t.close();
});

async function person(email: string, phone: string | null = null) {
  const c = await registeredCompany(t.database, { email, phone, name: `公司 ${email.split('@')[0]}` });
  return { ...c, session: await login(t.app, email) };
}
const userRow = async (email: string) =>
  (
    await t.database.rows<Row<'users', 'id' | 'name' | 'email' | 'phone' | 'job_title' | 'password_hash'>>(
      sql`SELECT id, name, email, phone, job_title, password_hash FROM users WHERE lower(email) = ${email.toLowerCase()}`,
    )
  )[0];

describe('account information', () => {
  it('changes your name, phone and job title, and audits the changed fields', async () => {
    const p = await person('me@settings.test', '13600000001');
    const res = await call(t.app, p.session, api('/account/update'), { name: ' 李四 ', phone: '13600000002', jobTitle: '采购经理' });
    expect(res.json().success).toBe(true);
    expect((await call(t.app, p.session, api('/account/query'))).json().obj).toMatchObject({ name: '李四', telephone: '13600000002', jobTitle: '采购经理' });
    const [event] = (await auditOf(t.database, 'account.update')).filter((e) => e.company_id === p.companyId);
    expect(event.changes).toEqual({ name: ['注册人', '李四'], phone: ['13600000001', '13600000002'], jobTitle: ['', '采购经理'] });
    // the job title stays when it is not sent
    await call(t.app, p.session, api('/account/update'), { name: '李四', phone: '13600000003' });
    expect((await userRow('me@settings.test')).job_title).toBe('采购经理');
  });

  it('refuses a 21-character name, a bad phone and another account’s phone, naming the field, and changes nothing', async () => {
    const p = await person('bad@settings.test', '13600000011');
    const before = await userRow('bad@settings.test');
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ name: '张'.repeat(21), phone: '13600000012' }, 28002, /name/],
      [{ name: '张三', phone: '12345' }, 28002, /mobile phone/],
      [{ name: '张三', phone: '13800000002' }, 29014, /mobile phone/],
      [{ name: '张三', phone: '13600000012', jobTitle: 'x'.repeat(51) }, 28002, /job title/],
    ];
    for (const [body, code, msg] of cases) {
      const res = (await call(t.app, p.session, api('/account/update'), body, { lang: 'en' })).json();
      expect(res, JSON.stringify(body)).toMatchObject({ success: false, code });
      expect(res.msg).toMatch(msg);
    }
    expect(await userRow('bad@settings.test')).toEqual(before);
    expect((await auditOf(t.database, 'account.update')).filter((e) => e.company_id === p.companyId)).toHaveLength(0);
  });
});

describe('e-mail change', () => {
  it('sends a code to the new address and changes the e-mail with it; you sign in with the new address', async () => {
    const p = await person('old@settings.test');
    expect((await call(t.app, p.session, api('/account/email/code'), { email: 'New@Settings.test' })).json().success).toBe(true);
    // one send per minute
    expect((await call(t.app, p.session, api('/account/email/code'), { email: 'new@settings.test' })).json().code).toBe(29004);
    await mail.deliver();
    const code = mail.lastCode('new@settings.test');
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await call(t.app, p.session, api('/account/email/update'), { email: 'new@settings.test', code: wrong }, { lang: 'en' });
    expect(bad.json()).toMatchObject({ code: 29003 });
    expect(bad.json().msg).toMatch(/e-mail code/);
    // the code is for that address only
    expect((await call(t.app, p.session, api('/account/email/update'), { email: 'other@settings.test', code })).json().code).toBe(29003);
    expect((await userRow('old@settings.test')).email).toBe('old@settings.test');

    expect((await call(t.app, p.session, api('/account/email/update'), { email: 'new@settings.test', code })).json().success).toBe(true);
    expect((await call(t.app, p.session, api('/account/query'))).json().obj.email).toBe('new@settings.test');
    expect((await tryLogin(t.app, 'new@settings.test', DEMO_PASSWORD)).json().success).toBe(true);
    expect((await tryLogin(t.app, 'old@settings.test', DEMO_PASSWORD)).json().success).toBe(false);
    // used up
    expect((await call(t.app, p.session, api('/account/email/update'), { email: 'new@settings.test', code })).json().code).toBe(29005);
    const [event] = (await auditOf(t.database, 'account.email')).filter((e) => e.company_id === p.companyId);
    expect(event.changes).toEqual({ mail: ['old@settings.test', 'new@settings.test'] });
  });

  it('refuses an address another account has, and a code sent to someone else', async () => {
    const p = await person('mine@settings.test');
    const q = await person('theirs@settings.test');
    const taken = await call(t.app, p.session, api('/account/email/code'), { email: DEMO.manager.toUpperCase() }, { lang: 'en' });
    expect(taken.json()).toMatchObject({ code: 29005 });
    expect((await call(t.app, p.session, api('/account/email/code'), { email: 'not-an-email' })).json().code).toBe(28002);
    // q asks for a code to an address; p cannot use it
    await call(t.app, q.session, api('/account/email/code'), { email: 'shared@settings.test' });
    await mail.deliver();
    const code = mail.lastCode('shared@settings.test');
    expect((await call(t.app, p.session, api('/account/email/update'), { email: 'shared@settings.test', code })).json().code).toBe(29003);
    expect((await userRow('mine@settings.test')).email).toBe('mine@settings.test');
  });

  it('ends the code after five wrong tries', async () => {
    const p = await person('tries@settings.test');
    await call(t.app, p.session, api('/account/email/code'), { email: 'tries-new@settings.test' });
    await mail.deliver();
    const code = mail.lastCode('tries-new@settings.test');
    const wrong = code === '000000' ? '111111' : '000000';
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await call(t.app, p.session, api('/account/email/update'), { email: 'tries-new@settings.test', code: wrong })).json().code);
    expect(codes).toEqual([29003, 29003, 29003, 29003, 29010]);
    expect((await call(t.app, p.session, api('/account/email/update'), { email: 'tries-new@settings.test', code })).json().code).toBe(29010);
    expect((await userRow('tries@settings.test')).email).toBe('tries@settings.test');
  });
});

describe('password change', () => {
  it('needs the current password and the password rule; your other sessions end, this one stays', async () => {
    const p = await person('pw@settings.test');
    const other: Session = await login(t.app, 'pw@settings.test');
    const before = (await userRow('pw@settings.test')).password_hash;
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ oldPassword: 'Wrong#2026pass', password: 'New#2026pass', confirmPassword: 'New#2026pass' }, 22005, /current password/],
      [{ oldPassword: DEMO_PASSWORD, password: 'short1A', confirmPassword: 'short1A' }, 29006, /new password/],
      [{ oldPassword: DEMO_PASSWORD, password: 'Admin#2026x', confirmPassword: 'Admin#2026x' }, 29006, /new password/],
      [{ oldPassword: DEMO_PASSWORD, password: 'New#2026pass', confirmPassword: 'New#2026pasS' }, 29007, /confirm password/],
    ];
    for (const [body, code, msg] of cases) {
      const res = (await call(t.app, p.session, api('/account/password/update'), body, { lang: 'en' })).json();
      expect(res, JSON.stringify(body)).toMatchObject({ success: false, code });
      expect(res.msg).toMatch(msg);
    }
    expect((await userRow('pw@settings.test')).password_hash).toBe(before);
    expect((await call(t.app, other, api('/account/query'))).json().success).toBe(true);

    const ok = await call(t.app, p.session, api('/account/password/update'), {
      oldPassword: DEMO_PASSWORD,
      password: 'New#2026pass',
      confirmPassword: 'New#2026pass',
    });
    expect(ok.json().success).toBe(true);
    expect((await call(t.app, other, api('/account/query'))).json().code).toBe(88016);
    expect((await call(t.app, p.session, api('/account/query'))).json().success).toBe(true);
    expect((await tryLogin(t.app, 'pw@settings.test', DEMO_PASSWORD)).json().success).toBe(false);
    expect((await tryLogin(t.app, 'pw@settings.test', 'New#2026pass')).json().success).toBe(true);
    const [event] = (await auditOf(t.database, 'account.password')).filter((e) => e.company_id === p.companyId);
    expect(event.changes).toEqual({ password: ['***', '***'] });
    expect(JSON.stringify(event)).not.toContain('scrypt');
  });

  it('stops guessing the current password after five tries (29013)', async () => {
    const p = await person('guess@settings.test');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (
          await call(t.app, p.session, api('/account/password/update'), {
            oldPassword: `Guess#${i}pass`,
            password: 'New#2026pass',
            confirmPassword: 'New#2026pass',
          })
        ).json().code,
      );
    expect(codes).toEqual([22005, 22005, 22005, 22005, 22005, 29013]);
    const right = await call(t.app, p.session, api('/account/password/update'), {
      oldPassword: DEMO_PASSWORD,
      password: 'New#2026pass',
      confirmPassword: 'New#2026pass',
    });
    expect(right.json().code).toBe(29013);
  });
});

describe('company profile', () => {
  it('edits name, country and address until verified; a verified company keeps its name (30019)', async () => {
    const p = await person('profile@settings.test');
    const res = await call(t.app, p.session, api('/account/company/update'), { name: '新公司名', country: 'SG', address: 'Marina Bay 1' });
    expect(res.json().success).toBe(true);
    expect((await call(t.app, p.session, api('/account/company'))).json().obj).toMatchObject({ name: '新公司名', country: 'SG', address: 'Marina Bay 1' });
    const [event] = (await auditOf(t.database, 'company.profile')).filter((e) => e.company_id === p.companyId);
    expect(event.changes).toEqual({ name: ['公司 profile', '新公司名'], country: ['CN', 'SG'], address: ['杭州', 'Marina Bay 1'] });

    const admin = await login(t.app, DEMO.admin);
    const renamed = await call(t.app, admin, api('/account/company/update'), { name: '改个名字', country: 'CN', address: '上海' }, { lang: 'en' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toMatchObject({ code: 30019 });
    expect(renamed.json().msg).toMatch(/company name/);
    expect((await call(t.app, admin, api('/account/company'))).json().obj).toMatchObject({
      name: '演示科技有限公司',
      address: '上海市浦东新区张江高科技园区 88 号',
    });
    const moved = await call(t.app, admin, api('/account/company/update'), { name: '演示科技有限公司', country: 'CN', address: '上海市徐汇区 1 号' });
    expect(moved.json().success).toBe(true);
  });

  it('refuses bad input naming the field, and members without ACCOUNT_INFO', async () => {
    const p = await person('profile-bad@settings.test');
    for (const [body, msg] of [
      [{ name: 'x'.repeat(33), country: 'CN', address: 'a' }, /company name/],
      [{ name: 'ok', country: 'XX', address: 'a' }, /country or region/],
      [{ name: 'ok', country: 'CN', address: 'a'.repeat(101) }, /company address/],
    ] as const) {
      const res = (await call(t.app, p.session, api('/account/company/update'), body, { lang: 'en' })).json();
      expect(res.code).toBe(28002);
      expect(res.msg).toMatch(msg);
    }
    expect((await call(t.app, p.session, api('/account/company'))).json().obj).toMatchObject({ name: '公司 profile-bad', country: 'CN', address: '杭州' });
    const specialist = await login(t.app, DEMO.specialist);
    expect((await call(t.app, specialist, api('/account/company/update'), { name: 'x', country: 'CN', address: 'a' })).json().code).toBe(10002);
  });
});
