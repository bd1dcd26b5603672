import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../test/helper.js';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
});
afterAll(() => t.close());

const answer = async (p: Promise<{ statusCode: number; json(): { code: number; msg: string } }>) => {
  const r = await p;
  return { status: r.statusCode, code: r.json().code, msg: r.json().msg };
};

describe('an upload route called without a multipart body', () => {
  it('validates its fields all the same: the certification names its first missing field', async () => {
    expect(await answer(call(t.app, admin, api('/company/certification/submit'), {}, { rawBody: '' }))).toEqual({
      status: 400,
      code: 28002,
      msg: '请求参数不合法：公司名称',
    });
    expect(await answer(call(t.app, admin, api('/company/certification/submit'), { companyName: 'x' }, { lang: 'en' }))).toMatchObject({
      status: 400,
      code: 28002,
    });
  });

  it('a key named __proto__ is an unknown field like any other', async () => {
    const res = await answer(call(t.app, admin, api('/company/add'), {}, { rawBody: '{"__proto__":{"polluted":1}}', lang: 'en' }));
    expect(res).toMatchObject({ status: 400, code: 28002 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
