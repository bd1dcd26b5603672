import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../test/helper.js';
import type { As, Narrow } from '../db/row.js';
import { getOrCreateDeviceKey } from '../modules/devicekeys/index.js';

let t: TestApp;
let s: Session;
beforeAll(async () => {
  t = await buildTestApp();
  s = await login(t.app, DEMO.admin);
});
afterAll(() => t.close());

const answer = async (p: Promise<{ statusCode: number; json(): { code: number; msg: string } }>) => {
  const r = await p;
  return { status: r.statusCode, code: r.json().code, msg: r.json().msg };
};
const without = (header: string) => (h: Record<string, string>) => {
  delete h[header];
};
const set = (header: string, value: string) => (h: Record<string, string>) => {
  h[header] = value;
};

describe('X-Version and X-Sign-Method are required on a signed call', () => {
  it.each([
    ['without X-Version', without('X-Version'), 'X-Version'],
    ['without X-Sign-Method', without('X-Sign-Method'), 'X-Sign-Method'],
    ['with X-Version 2.0', set('X-Version', '2.0'), 'X-Version'],
    ['with X-Sign-Method MD5', set('X-Sign-Method', 'MD5'), 'X-Sign-Method'],
    ['with X-Sign-Method in lower case', set('X-Sign-Method', 'hmac-sha256'), 'X-Sign-Method'],
  ])('refuses a call %s (28003), saying which header, in both languages', async (_, mutate, header) => {
    const value = header === 'X-Version' ? '1.0' : 'HMAC-SHA256';
    expect(await answer(call(t.app, s, api('/account/query'), {}, { mutate }))).toEqual({
      status: 401,
      code: 28003,
      msg: `认证失败：请求头 ${header.toLowerCase()} 必须为 ${value}`,
    });
    expect(await answer(call(t.app, s, api('/account/query'), {}, { mutate, lang: 'en' }))).toEqual({
      status: 401,
      code: 28003,
      msg: `Authentication failed: the ${header.toLowerCase()} header must be ${value}`,
    });
  });

  it('refuses a device call without them too, and accepts one with them', async () => {
    const [{ id }] = await t.database.rows<Narrow<As<'users', { id: 'company_id' }>, { id: string }>>(
      sql`SELECT company_id AS id FROM users WHERE email = ${DEMO.admin}`,
    );
    const key = await getOrCreateDeviceKey(t.database, id);
    const device = { token: key.keyId, secretKey: key.secret };
    const path = '/api/v1/device/report';
    expect((await answer(call(t.app, device, path, { reports: [] }, { mutate: without('X-Version') }))).code).toBe(28003);
    expect((await answer(call(t.app, device, path, { reports: [] }, { mutate: without('X-Sign-Method') }))).code).toBe(28003);
    expect((await answer(call(t.app, device, path, { reports: [] }))).code).not.toBe(28003);
  });

  it('leaves the request id unused when refusing, so the same call with the headers still goes through', async () => {
    const requestId = crypto.randomUUID();
    expect((await answer(call(t.app, s, api('/account/query'), {}, { requestId, mutate: without('X-Version') }))).code).toBe(28003);
    expect((await answer(call(t.app, s, api('/account/query'), {}, { requestId }))).code).toBe(0);
  });
});
