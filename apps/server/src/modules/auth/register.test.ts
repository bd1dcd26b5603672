import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, call, login, mailHarness, type TestApp } from '../../../test/helper.js';
import type { Count } from '../../db/row.js';

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
const register = (body: unknown, lang = 'zh-CN', ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: api('/user/register'), remoteAddress: ip, headers: { 'accept-language': lang }, payload: body as object });
const forget = (body: object, ip = '127.0.0.1') => t.app.inject({ method: 'POST', url: api('/user/forget/password'), remoteAddress: ip, payload: body });
const userCount = async () => (await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM users`))[0].n;

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

  it('answers a code request for a registered address like any other, and mails its owner a notice instead of a code', async () => {
    mail.catcher.messages.length = 0;
    await t.database.rows(sql`UPDATE email_codes SET created_at = created_at - interval '61 seconds'`);
    // new@acme.example registered in English above; the request here is in Chinese
    const known = await sendCode('new@acme.example', 'register', 'zh-CN', '10.9.1.1');
    const fresh = await sendCode('fresh@acme.example', 'register', 'zh-CN', '10.9.1.1');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(fresh.json());
    expect(known.json()).toMatchObject({ success: true, code: 0 });
    expect(await mail.deliver()).toBe(2);
    const notice = mail.catcher.messages.find((m) => m.to.includes('new@acme.example'))!;
    expect(notice.subject).toBe('RRP Console: someone tried to register with your e-mail');
    expect(notice.text).toContain('no code was sent');
    expect(notice.text).toContain('Forgot password?');
    expect(notice.text).toContain(`${t.config.publicUrl}/login`);
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    expect(() => mail.lastCode('new@acme.example')).toThrow();
    expect(mail.lastCode('fresh@acme.example')).toMatch(/^\d{6}$/);
    // sending again within a minute: the same wait for both
    const again = [await sendCode('new@acme.example', 'register', 'en', '10.9.1.2'), await sendCode('fresh@acme.example', 'register', 'en', '10.9.1.2')];
    for (const r of again) {
      expect(r.statusCode).toBe(429);
      expect(r.json().code).toBe(29004);
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(50);
    }
  });

  it('checks the code before the address and the phone: without the code nothing tells whether they are registered', async () => {
    const fresh = mail.lastCode('fresh@acme.example');
    const wrong = fresh === '999999' ? '999998' : '999999';
    const cases = [
      form({ email: 'new@acme.example', code: wrong, phone: '13900000001' }), // registered address
      form({ email: 'fresh@acme.example', code: wrong, phone: '13912345678' }), // registered phone
      form({ email: 'ghost@acme.example', code: wrong, phone: '13900000001' }), // neither (no code was ever sent)
      form({ email: 'fresh@acme.example', code: wrong, phone: '13900000001' }), // neither
    ];
    const answers = await Promise.all(cases.map((c, i) => register(c, 'en', `10.9.2.${i}`)));
    for (const a of answers) expect(a.json()).toEqual({ success: false, code: 29003, msg: 'The e-mail code is wrong or has expired', obj: null });
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([400]));
  });

  it('names a registered phone to whoever holds the code, and uses the code up', async () => {
    const code = mail.lastCode('fresh@acme.example');
    const taken = await register(form({ email: 'fresh@acme.example', code, phone: '13912345678' }), 'zh-CN', '10.9.3.1');
    expect(taken.json().code).toBe(29014);
    const retry = await register(form({ email: 'fresh@acme.example', code, phone: '13900000001' }), 'zh-CN', '10.9.3.1');
    expect(retry.json().code).toBe(29003);
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

  it('answers, waits and counts wrong codes alike for an address with an account and one without', async () => {
    const addresses = ['manager@demo.rrp.local', 'nobody@acme.example'];
    const sent = await Promise.all(addresses.map((a) => sendCode(a, 'reset', 'en', '10.9.4.1')));
    expect(sent[0].json()).toEqual(sent[1].json());
    const again = await Promise.all(addresses.map((a) => sendCode(a, 'reset', 'en', '10.9.4.2')));
    expect(again.map((r) => [r.statusCode, r.json().code])).toEqual([
      [429, 29004],
      [429, 29004],
    ]);
    for (const email of addresses) {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push((await forget({ email, code: '000000', password: 'Next#2026go', confirmPassword: 'Next#2026go' }, '10.9.4.3')).json().code);
      expect(codes, email).toEqual([29003, 29003, 29003, 29003, 29010, 29010]);
    }
  });
});
