import { LOGIN_LIMITS } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, call, DEMO, DEMO_PASSWORD, encryptFor, login, newCaptcha, TEST_CAPTCHA, type TestApp, tryLogin } from '../../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('sign-in', () => {
  it('signs in by e-mail with RSA-encrypted fields and returns a session', async () => {
    const res = await tryLogin(t.app, DEMO.admin, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 0, msg: '登录成功' });
    expect(body.obj.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.obj.secretKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.obj.token).not.toBe(body.obj.secretKey);
  });

  it('signs in by phone, and says so in English when asked', async () => {
    const res = await tryLogin(t.app, '13800000002', DEMO_PASSWORD, { lang: 'en-US,en;q=0.9' });
    expect(res.json()).toMatchObject({ success: true, msg: 'login successful' });
  });

  it('applies the deductionSource rule to the permission list', async () => {
    const main = await login(t.app, DEMO.admin);
    expect(main.deductionSource).toBe(0);
    expect(main.permissionsList).toEqual(expect.arrayContaining(['DEDUCTION_SOURCE', 'MERCHANDISE', 'MERCHANDISE_BUY_DATA', 'MERCHANDISE_BUY_LICENSE']));
    const sub = await login(t.app, DEMO.subAdmin);
    expect(sub.deductionSource).toBe(1);
    expect(sub.permissionsList).not.toEqual(expect.arrayContaining(['MERCHANDISE']));
    for (const p of ['MERCHANDISE', 'MERCHANDISE_BUY_DATA', 'MERCHANDISE_BUY_LICENSE', 'DEDUCTION_SOURCE']) expect(sub.permissionsList).not.toContain(p);
    expect(sub.permissionsList).toContain('DEVICE_LIST');
  });

  it('gives the operation specialist only its role codes', async () => {
    const s = await login(t.app, DEMO.specialist);
    expect(s.permissionsList).toContain('DEVICE_LIST');
    expect(s.permissionsList).not.toContain('ACCOUNT_INFO');
    expect(s.permissionsList).not.toContain('USER_LIST');
  });

  it('answers an unknown account and a wrong password with the same message', async () => {
    const unknown = await tryLogin(t.app, 'nobody@demo.rrp.local', DEMO_PASSWORD, { ip: '10.1.0.1' });
    const wrong = await tryLogin(t.app, DEMO.manager, 'Wrong#pass99', { ip: '10.1.0.2' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toMatchObject({ success: false, code: 29015, msg: '用户名或密码错误' });
  });

  it('refuses an account that is neither a phone number nor an e-mail', async () => {
    const res = await tryLogin(t.app, 'just-a-name', DEMO_PASSWORD, { lang: 'en' });
    expect(res.json()).toMatchObject({ code: 29009, msg: 'Account information format is incorrect, please enter a mobile number or e-mail' });
  });

  it('refuses fields it cannot decrypt', async () => {
    const key = await newCaptcha(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: api('/user/login'),
      payload: { name: 'bm90IHJzYQ==', password: 'bm90IHJzYQ==', key, pictureCaptcha: TEST_CAPTCHA },
    });
    expect(res.json().code).toBe(29016);
  });

  it('uses a captcha once: the same captcha cannot sign in twice', async () => {
    const { keyId, values } = await encryptFor(t.app, DEMO.admin, DEMO_PASSWORD);
    const key = await newCaptcha(t.app);
    const payload = { name: values[0], password: values[1], key, pictureCaptcha: TEST_CAPTCHA, keyId };
    const first = await t.app.inject({ method: 'POST', url: api('/user/login'), payload });
    expect(first.json().success).toBe(true);
    const again = await t.app.inject({ method: 'POST', url: api('/user/login'), payload });
    expect(again.json().code).toBe(29001);
  });

  it('uses a captcha up on a wrong answer', async () => {
    const { keyId, values } = await encryptFor(t.app, DEMO.admin, DEMO_PASSWORD);
    const key = await newCaptcha(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: api('/user/login'),
      payload: { name: values[0], password: values[1], key, pictureCaptcha: 'zzzz', keyId },
    });
    expect(wrong.json().code).toBe(29001);
    const right = await t.app.inject({
      method: 'POST',
      url: api('/user/login'),
      payload: { name: values[0], password: values[1], key, pictureCaptcha: TEST_CAPTCHA, keyId },
    });
    expect(right.json().code).toBe(29001);
  });

  it('refuses an expired captcha', async () => {
    const { keyId, values } = await encryptFor(t.app, DEMO.admin, DEMO_PASSWORD);
    const key = await newCaptcha(t.app);
    await t.database.rows(sql`UPDATE captchas SET expires_at = now() - interval '1 second' WHERE id = ${key}`);
    const res = await t.app.inject({
      method: 'POST',
      url: api('/user/login'),
      payload: { name: values[0], password: values[1], key, pictureCaptcha: TEST_CAPTCHA, keyId },
    });
    expect(res.json().code).toBe(29001);
  });

  it('serves the captcha as an SVG image that is not cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: api('/captcha/generator/6c0d2b4e-1111-4222-8333-944445555666') });
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('<svg')).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url: api('/captcha/generator/not-a-uuid') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(28002);
  });

  it(`locks an account after ${LOGIN_LIMITS.perAccount} failures, and says how long`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      const r = await tryLogin(t.app, DEMO.specialist, 'Wrong#pass99', { ip: `10.2.0.${i}` });
      expect(r.json().code).toBe(29015);
    }
    const locked = await tryLogin(t.app, DEMO.specialist, DEMO_PASSWORD, { ip: '10.2.1.1', lang: 'en' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe(29002);
    expect(locked.json().msg).toMatch(/^Too many failed sign-ins, try again in (1[0-5]|[1-9]) minutes$/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // once the failures leave the window, the right password works again
    await t.database.rows(sql`UPDATE rate_limits SET window_ends = now() - interval '1 second' WHERE bucket = 'login-fail:account'`);
    expect((await tryLogin(t.app, DEMO.specialist, DEMO_PASSWORD, { ip: '10.2.1.1' })).json().success).toBe(true);
  });

  it(`limits a client address after ${LOGIN_LIMITS.perAddress} failures whatever the account`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      await tryLogin(t.app, `someone${i}@example.com`, 'Wrong#pass99', { ip: '10.3.0.9' });
    }
    const res = await tryLogin(t.app, DEMO.admin, DEMO_PASSWORD, { ip: '10.3.0.9' });
    expect(res.json().code).toBe(29002);
    expect((await tryLogin(t.app, DEMO.admin, DEMO_PASSWORD, { ip: '10.3.0.10' })).json().success).toBe(true);
  });

  it('refuses a disabled member after a right password', async () => {
    await t.database.rows(sql`UPDATE users SET state = 'disabled' WHERE email = ${DEMO.manager}`);
    const res = await tryLogin(t.app, DEMO.manager, DEMO_PASSWORD, { ip: '10.4.0.1' });
    expect(res.json().code).toBe(22009);
    await t.database.rows(sql`UPDATE users SET state = 'enabled' WHERE email = ${DEMO.manager}`);
  });

  it('validates the body and names the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('/user/login'),
      headers: { 'accept-language': 'en' },
      payload: { name: 'x', password: 'y', pictureCaptcha: 'abcd' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 28002 });
    expect(res.json().msg).toContain('captcha id');
  });

  it('ends the session on the server at logout', async () => {
    const s = await login(t.app, DEMO.admin);
    expect((await call(t.app, s, api('/account/query'))).json().success).toBe(true);
    expect((await call(t.app, s, api('/user/logout'))).json().success).toBe(true);
    const after = await call(t.app, s, api('/account/query'));
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(88016);
  });
});
