import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, call, login, mailHarness, type TestApp } from '../../../test/helper.js';

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

const sendCode = (email: string, purpose = 'register', lang = 'zh-CN', ip = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url: api('/send/verifyCode'), remoteAddress: ip, headers: { 'accept-language': lang }, payload: { email, purpose } });

const form = (over: Record<string, unknown> = {}) => ({
  email: 'new@acme.example',
  code: '000000',
  phone: '13912345678',
  password: 'Acme#2026go',
  confirmPassword: 'Acme#2026go',
  jobTitle: 'CTO',
  country: 'CN',
  companyName: 'Acme IoT',
  companyAddress: '1 Acme Road, Shanghai',
  agreement: true,
  ...over,
});
const register = (body: unknown, lang = 'zh-CN') =>
  t.app.inject({ method: 'POST', url: api('/user/register'), headers: { 'accept-language': lang }, payload: body as object });
const userCount = async () => (await t.database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`))[0].n;

describe('registration', () => {
  it('e-mails a 6-digit code over SMTP, in the language of the request', async () => {
    expect((await sendCode('new@acme.example', 'register', 'en')).json().success).toBe(true);
    expect(await mail.deliver()).toBe(1);
    const m = mail.catcher.messages[0];
    expect(m.to).toEqual(['new@acme.example']);
    expect(m.subject).toMatch(/^RRP Console verification code: \d{6}$/);
    expect(mail.lastCode('new@acme.example')).toMatch(/^\d{6}$/);
  });

  it('refuses a second send within 60 seconds and says how long to wait', async () => {
    const res = await sendCode('new@acme.example', 'register', 'en');
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe(29004);
    expect(res.json().msg).toMatch(/try again in (60|59|58|57|56|55) seconds/);
  });

  it('refuses every bad field and changes nothing', async () => {
    const before = await userCount();
    const cases: [Record<string, unknown>, number][] = [
      [{ agreement: false }, 29008],
      [{ password: 'Short#1', confirmPassword: 'Short#1' }, 29006],
      [{ password: 'alllowercase1', confirmPassword: 'alllowercase1' }, 29006],
      [{ password: 'Admin#2026go', confirmPassword: 'Admin#2026go' }, 29006],
      [{ password: 'Rooted#2026', confirmPassword: 'Rooted#2026' }, 29006],
      [{ confirmPassword: 'Acme#2026gO' }, 29007],
      [{ email: 'not-an-email' }, 28002],
      [{ phone: '12345' }, 28002],
      [{ country: 'XX' }, 28002],
      [{ companyName: 'x'.repeat(33) }, 28002],
      [{ companyAddress: 'x'.repeat(101) }, 28002],
      [{ code: '12345' }, 28002],
      [{ jobTitle: '' }, 28002],
    ];
    for (const [over, code] of cases) {
      const res = await register(form({ code: '111111', ...over }));
      expect(res.json().code, JSON.stringify(over)).toBe(code);
    }
    expect(await userCount()).toBe(before);
  });

  it('counts wrong codes and ends the code at the fifth', async () => {
    const code = mail.lastCode('new@acme.example');
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 1; i <= 4; i++) expect((await register(form({ code: wrong }))).json().code).toBe(29003);
    expect((await register(form({ code: wrong }))).json().code).toBe(29010);
    expect((await register(form({ code }))).json().code).toBe(29010);
  });

  it('registers with the right code, grants 100M and says so', async () => {
    await t.database.rows(sql`UPDATE email_codes SET created_at = created_at - interval '61 seconds'`);
    expect((await sendCode('new@acme.example', 'register', 'zh-CN')).json().success).toBe(true);
    await mail.deliver();
    const res = await register(form({ code: mail.lastCode('new@acme.example') }), 'en');
    expect(res.json()).toMatchObject({ success: true, obj: { bonusMb: 100 } });
    expect(res.json().msg).toContain('100M');
    const s = await login(t.app, 'new@acme.example', 'Acme#2026go');
    expect(s.permissionsList).toContain('DEDUCTION_SOURCE');
    const overview = await call(t.app, s, api('/account/overview'));
    expect(overview.json().obj).toMatchObject({ dataTotalMb: 100, dataRemainingMb: 100, certification: 'none', licenseStock: 0 });
    const account = (await call(t.app, s, api('/account/query'))).json().obj;
    expect(account).toMatchObject({ telephone: '13912345678', companyName: 'Acme IoT', roleName: '超级管理员' });
    expect(
      await t.database.rows(sql`SELECT DISTINCT r.name FROM roles r JOIN companies c ON c.id = r.company_id WHERE c.name = 'Acme IoT' ORDER BY r.name`),
    ).toEqual([{ name: 'Administrator' }, { name: 'Operation specialist' }, { name: 'Super administrator' }]);
  });

  it('uses a code once and refuses an e-mail already registered', async () => {
    expect((await sendCode('new@acme.example')).json().code).toBe(29005);
    const res = await register(form({ code: mail.lastCode('new@acme.example'), phone: '13900000000' }));
    expect(res.json().code).toBe(29005);
  });

  it('refuses a phone number already registered', async () => {
    await sendCode('other@acme.example', 'register', 'zh-CN', '10.9.0.2');
    await mail.deliver();
    const res = await register(form({ email: 'other@acme.example', code: mail.lastCode('other@acme.example') }));
    expect(res.json().code).toBe(29014);
  });

  it('lets a deleted member’s e-mail and phone register a new company', async () => {
    await t.database.rows(sql`UPDATE users SET state = 'deleted' WHERE email = 'new@acme.example'`);
    await t.database.rows(sql`UPDATE email_codes SET created_at = created_at - interval '61 seconds'`);
    expect((await sendCode('new@acme.example', 'register', 'zh-CN', '10.9.0.3')).json().success).toBe(true);
    await mail.deliver();
    const res = await register(form({ code: mail.lastCode('new@acme.example'), companyName: 'Acme Again' }));
    expect(res.json()).toMatchObject({ success: true });
    const s = await login(t.app, 'new@acme.example', 'Acme#2026go');
    expect((await call(t.app, s, api('/account/query'))).json().obj.companyName).toBe('Acme Again');
  });
});

describe('forgot password', () => {
  it('sends nothing to an unknown address but answers the same', async () => {
    const before = mail.catcher.messages.length;
    expect((await sendCode('ghost@acme.example', 'reset')).json().success).toBe(true);
    await mail.deliver();
    expect(mail.catcher.messages.length).toBe(before);
  });

  it('resets with the e-mailed code, in the language the member chose, and ends old sessions', async () => {
    const old = await login(t.app, 'new@acme.example', 'Acme#2026go');
    await call(t.app, old, api('/user/changeLocal'), { localCode: 'en' });
    expect((await sendCode('new@acme.example', 'reset', 'zh-CN')).json().success).toBe(true);
    await mail.deliver();
    expect(mail.catcher.messages[0].subject).toMatch(/^RRP Console verification code/);
    const code = mail.lastCode('new@acme.example');
    const bad = await t.app.inject({
      method: 'POST',
      url: api('/user/forget/password'),
      payload: { email: 'new@acme.example', code, password: 'Next#2026go', confirmPassword: 'Next#2026gx' },
    });
    expect(bad.json().code).toBe(29007);
    const res = await t.app.inject({
      method: 'POST',
      url: api('/user/forget/password'),
      payload: { email: 'new@acme.example', code, password: 'Next#2026go', confirmPassword: 'Next#2026go' },
    });
    expect(res.json().success).toBe(true);
    expect((await call(t.app, old, api('/account/query'))).json().code).toBe(88016);
    await expect(login(t.app, 'new@acme.example', 'Acme#2026go')).rejects.toThrow();
    expect((await login(t.app, 'new@acme.example', 'Next#2026go')).token).toBeTruthy();
    const reuse = await t.app.inject({
      method: 'POST',
      url: api('/user/forget/password'),
      payload: { email: 'new@acme.example', code, password: 'Other#2026go', confirmPassword: 'Other#2026go' },
    });
    expect(reuse.json().code).toBe(29003);
  });
});
