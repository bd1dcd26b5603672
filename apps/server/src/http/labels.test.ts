import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../test/helper.js';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
});
afterAll(() => t.close());

const msg = async (p: Promise<{ json(): { code: number; msg: string } }>) => {
  const r = (await p).json();
  expect(r.code).toBe(28002);
  return r.msg;
};

describe('a validation error names the field by its own label', () => {
  it('a 40-character name on the device list is the device name', async () => {
    const name = 'n'.repeat(40);
    expect(await msg(call(t.app, admin, api('/device/list'), { name }, { lang: 'en' }))).toBe('Request parameter invalid: device name: at most 30 characters');
    expect(await msg(call(t.app, admin, api('/device/list'), { name }))).toBe('请求参数不合法：设备名称最多 30 个字符');
  });

  it('a 401-character feedback is the feedback', async () => {
    expect(await msg(call(t.app, admin, api('/feedback/add'), { feedback: 'f'.repeat(401) }, { lang: 'en' }))).toBe(
      'Request parameter invalid: feedback: at most 400 characters',
    );
  });

  it('a 3,000-character name at sign-in is the account', async () => {
    const res = t.app.inject({
      method: 'POST',
      url: api('/user/login'),
      headers: { 'accept-language': 'en' },
      payload: { name: 'a'.repeat(3000), password: 'x', key: crypto.randomUUID(), pictureCaptcha: 'abcd' },
    });
    expect(await msg(res)).toBe('Request parameter invalid: account: at most 2048 characters');
  });

  it('a wrong group id is the group, and a wrong page size the page size', async () => {
    expect(await msg(call(t.app, admin, api('/device/group/delete'), { id: 'nope' }, { lang: 'en' }))).toBe('Request parameter invalid: group');
    expect(await msg(call(t.app, admin, api('/announcement/list'), { pageSize: 1000 }, { lang: 'en' }))).toBe('Request parameter invalid: page size');
  });

  it('a forged list cursor is the page cursor', async () => {
    expect(await msg(call(t.app, admin, api('/device/list'), { cursor: 'bm9wZQ' }, { lang: 'en' }))).toBe('Request parameter invalid: page cursor');
  });
});
