import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile, upload, xlsx } from '../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../test/helper.js';
import type { Count } from '../db/row.js';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
});
afterAll(() => t.close());

const count = async (table: string) => (await t.database.rows<Count>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0].n;
const answer = async (p: Promise<{ statusCode: number; json(): { code: number; msg: string } }>) => {
  const r = await p;
  return { status: r.statusCode, code: r.json().code, msg: r.json().msg };
};
const refused = (field: string, en: string) => ({
  zh: { status: 400, code: 28002, msg: `请求参数不合法：${field}含有不允许的字符（如控制字符）` },
  en: { status: 400, code: 28002, msg: `Request parameter invalid: ${en}: contains characters that are not allowed (such as control characters)` },
});

describe('a control character in a request is refused with 28002 naming the field, and changes nothing', () => {
  it('a NUL in a group name', async () => {
    const before = await count('device_groups');
    const want = refused('分组名称', 'group name');
    expect(await answer(call(t.app, admin, api('/device/group/add'), { name: 'Lab\u0000A' }))).toEqual(want.zh);
    expect(await answer(call(t.app, admin, api('/device/group/add'), { name: 'Lab\u0000A' }, { lang: 'en' }))).toEqual(want.en);
    expect(await count('device_groups')).toBe(before);
  });

  it('a NUL or an escape in feedback, where line breaks are welcome', async () => {
    const before = await count('feedback');
    const want = refused('反馈内容', 'feedback');
    expect(await answer(call(t.app, admin, api('/feedback/add'), { feedback: 'slow\u0000' }))).toEqual(want.zh);
    expect(await answer(call(t.app, admin, api('/feedback/add'), { feedback: '\u001b[31mred' }, { lang: 'en' }))).toEqual(want.en);
    expect(await count('feedback')).toBe(before);
    expect((await answer(call(t.app, admin, api('/feedback/add'), { feedback: 'line one\r\n\tline two' }))).code).toBe(0);
    expect(await count('feedback')).toBe(before + 1);
  });

  it('a NUL in a list filter, a line break in a one-line field, a lone surrogate, a key with a NUL', async () => {
    expect(await answer(call(t.app, admin, api('/device/list'), { name: '\u0000' }, { lang: 'en' }))).toEqual(refused('设备名称', 'device name').en);
    expect(await answer(call(t.app, admin, api('/device/group/add'), { name: 'one\ntwo' }))).toEqual(refused('分组名称', 'group name').zh);
    expect(await answer(call(t.app, admin, api('/device/list'), {}, { rawBody: '{"name":"x\\ud800"}' }))).toEqual(refused('设备名称', 'device name').zh);
    expect(await answer(call(t.app, admin, api('/device/list'), { 'k\u0000': 1 }, { lang: 'en' }))).toEqual(refused('k?', 'k?').en);
  });

  it('a NUL in a registration field: no account, no company', async () => {
    const [users, companies] = [await count('users'), await count('companies')];
    const res = t.app.inject({
      method: 'POST',
      url: api('/user/register'),
      headers: { 'accept-language': 'en' },
      payload: {
        email: 'nul@register.rrp.local',
        code: '123456',
        phone: '13800000000',
        password: 'x',
        confirmPassword: 'x',
        jobTitle: 'CTO',
        country: 'CN',
        companyName: 'Acme\u0000 Ltd',
        companyAddress: 'Road 1',
        agreement: true,
      },
    });
    expect(await answer(res)).toEqual(refused('公司名称', 'company name').en);
    expect([await count('users'), await count('companies')]).toEqual([users, companies]);
  });

  it('a NUL in a query string and in a path parameter', async () => {
    const exportUrl = `${api('/audit/export')}?targetType=device%00`;
    expect(await answer(call(t.app, admin, exportUrl, undefined, { method: 'GET', lang: 'en' }))).toEqual(refused('对象类型', 'record type').en);
    const failures = api(`/device/import/failures/${encodeURIComponent('\u0000')}`);
    expect(await answer(call(t.app, admin, failures, undefined, { method: 'GET' }))).toEqual(refused('导入任务', 'import task').zh);
  });

  it('a NUL in an upload’s text field or file name', async () => {
    const before = await count('import_tasks');
    const file = await xlsx([['860000000000001', 'a']]);
    expect(await answer(upload(t.app, admin, importFile('europe\u0000', file), 'en'))).toEqual(refused('区域', 'region').en);
    expect(await answer(upload(t.app, admin, importFile('europe', file, 'devices\u0000.xlsx')))).toEqual(refused('文件名', 'file name').zh);
    expect(await count('import_tasks')).toBe(before);
  });
});
