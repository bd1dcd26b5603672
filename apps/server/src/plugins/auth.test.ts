import { randomUUID } from 'node:crypto';
import { DEVICE_REPORT_PATH, signedHeaders } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, call, DEMO, login, OPS_PASSWORD, type Session, type TestApp } from '../../test/helper.js';
import type { As, Narrow } from '../db/row.js';
import { getOrCreateDeviceKey } from '../modules/devicekeys/index.js';

let t: TestApp;
let s: Session;
beforeAll(async () => {
  t = await buildTestApp();
  s = await login(t.app, DEMO.admin);
});
afterAll(() => t.close());

const codeOf = async (p: Promise<{ statusCode: number; json(): { code: number } }>) => {
  const r = await p;
  return [r.statusCode, r.json().code];
};

describe('signed calls', () => {
  it('accepts a correctly signed call', async () => {
    const r = await call(t.app, s, api('/account/query'));
    expect(r.json()).toMatchObject({ success: true, code: 0, obj: { email: DEMO.admin } });
  });

  it('answers 22007 without a token', async () => {
    expect(await codeOf(call(t.app, s, api('/account/query'), {}, { mutate: (h) => delete h['X-Token'] }))).toEqual([401, 22007]);
  });

  it('answers 88003 for an unknown token', async () => {
    expect(await codeOf(call(t.app, { ...s, token: 'x'.repeat(43) }, api('/account/query')))).toEqual([401, 88003]);
  });

  it('answers 88003 for an expired session', async () => {
    const other = await login(t.app, DEMO.admin);
    await t.database.rows(sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE secret_key = ${other.secretKey}`);
    expect(await codeOf(call(t.app, other, api('/account/query')))).toEqual([401, 88003]);
  });

  it('answers 28003 for a wrong signature, a wrong secret key and a tampered body', async () => {
    expect(await codeOf(call(t.app, s, api('/account/query'), {}, { mutate: (h) => (h['X-Sign'] = '0'.repeat(64)) }))).toEqual([401, 28003]);
    expect(await codeOf(call(t.app, { ...s, secretKey: 'not-the-key' }, api('/account/query')))).toEqual([401, 28003]);
    // signed over one body, sent with another
    const headers = await signedHeaders({
      ...s,
      method: 'POST',
      url: api('/announcement/list'),
      body: '{"pageNum":1}',
      timestamp: Date.now(),
      requestId: randomUUID(),
    });
    const tampered = await t.app.inject({
      method: 'POST',
      url: api('/announcement/list'),
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"pageNum":2}',
    });
    expect(tampered.json().code).toBe(28003);
  });

  it('verifies over the raw body bytes, not re-serialised JSON', async () => {
    const spaced = '{ "pageNum" : 1,   "pageSize": 5 }';
    const r = await call(t.app, s, api('/announcement/list'), undefined, { rawBody: spaced });
    expect(r.json().success).toBe(true);
  });

  it('answers 28003 for a timestamp more than 300 s away, either way', async () => {
    expect(await codeOf(call(t.app, s, api('/account/query'), {}, { timestamp: Date.now() - 301_000 }))).toEqual([401, 28003]);
    expect(await codeOf(call(t.app, s, api('/account/query'), {}, { timestamp: Date.now() + 301_000 }))).toEqual([401, 28003]);
    expect((await call(t.app, s, api('/account/query'), {}, { timestamp: Date.now() - 250_000 })).json().success).toBe(true);
  });

  it('keeps no trace of a request whose signature fails: its id stays usable', async () => {
    const requestId = randomUUID();
    expect(await codeOf(call(t.app, s, api('/account/query'), {}, { requestId, mutate: (h) => (h['X-Sign'] = 'a'.repeat(64)) }))).toEqual([401, 28003]);
    expect((await call(t.app, s, api('/account/query'), {}, { requestId })).json().success).toBe(true);
  });

  it('never accepts a request id twice for the same token (replay)', async () => {
    const requestId = randomUUID();
    expect((await call(t.app, s, api('/account/query'), {}, { requestId })).json().success).toBe(true);
    expect(await codeOf(call(t.app, s, api('/account/query'), {}, { requestId }))).toEqual([401, 28003]);
  });

  it('accepts a request id once when the same call arrives several times at once', async () => {
    const requestId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => codeOf(call(t.app, s, api('/account/query'), {}, { requestId }))));
    expect(answers.filter(([status]) => status === 200)).toHaveLength(1);
    expect(answers.filter(([status, code]) => status === 401 && code === 28003)).toHaveLength(5);
  });

  it('refuses a request id that is not a UUID, a foreign sign method and an unknown version', async () => {
    expect(await codeOf(call(t.app, s, api('/account/query'), {}, { requestId: 'abc' }))).toEqual([401, 28003]);
    expect(await codeOf(call(t.app, s, api('/account/query'), {}, { mutate: (h) => (h['X-Sign-Method'] = 'MD5') }))).toEqual([401, 28003]);
    expect(await codeOf(call(t.app, s, api('/account/query'), {}, { mutate: (h) => (h['X-Version'] = '2.0') }))).toEqual([401, 28003]);
  });

  it('answers 88016 once the session ended elsewhere (logout, disabled member, password change)', async () => {
    const other = await login(t.app, DEMO.manager);
    await t.database.rows(sql`UPDATE users SET state = 'disabled' WHERE email = ${DEMO.manager}`);
    expect(await codeOf(call(t.app, other, api('/account/query')))).toEqual([401, 88016]);
    await t.database.rows(sql`UPDATE users SET state = 'enabled' WHERE email = ${DEMO.manager}`);
  });

  it('stores the language with changeLocal and refuses an unknown one', async () => {
    expect((await call(t.app, s, api('/user/changeLocal'), { localCode: 'en' })).json().success).toBe(true);
    expect((await call(t.app, s, api('/account/query'))).json().obj.locale).toBe('en');
    const bad = await call(t.app, s, api('/user/changeLocal'), { localCode: 'fr' }, { lang: 'en' });
    expect(bad.json()).toMatchObject({ code: 28002, msg: 'Request parameter invalid: language' });
    expect((await call(t.app, s, api('/user/changeLocal'), { localCode: 'zh-CN' })).json().success).toBe(true);
  });
});

describe('principals: each endpoint is reached only by the credential it declares', () => {
  it('lets platform staff reach the back office, and refuses them the customer console (10002)', async () => {
    const staff = await login(t.app, DEMO.ops, OPS_PASSWORD);
    const me = await call(t.app, staff, '/api/v1/ops/account/query');
    expect(me.json()).toMatchObject({ success: true, obj: { email: DEMO.ops } });
    expect(await codeOf(call(t.app, staff, api('/account/query')))).toEqual([403, 10002]);
    expect(await codeOf(call(t.app, staff, api('/device/list'), {}))).toEqual([403, 10002]);
  });

  it('refuses a member the back office (10002), whatever the member holds', async () => {
    expect(await codeOf(call(t.app, s, '/api/v1/ops/account/query'))).toEqual([403, 10002]);
  });

  it('does not take a session token as a device key, nor a device key as a session (88003)', async () => {
    const key = await getOrCreateDeviceKey(
      t.database,
      (await t.database.rows<Narrow<As<'users', { id: 'company_id' }>, { id: string }>>(sql`SELECT company_id AS id FROM users WHERE email = ${DEMO.admin}`))[0]
        .id,
    );
    const asDevice = { token: key.keyId, secretKey: key.secret };
    expect(await codeOf(call(t.app, asDevice, api('/account/query')))).toEqual([401, 88003]);
    expect(await codeOf(call(t.app, s, DEVICE_REPORT_PATH, { reports: [] }))).toEqual([401, 88003]);
  });
});
