import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, imeis } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../../test/helper.js';
import { decodeCursor, encodeCursor } from './cursor.js';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
});
afterAll(() => t.close());

const forge = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
const id = randomUUID();
const list = async (body: Record<string, unknown>, lang = 'zh-CN') => {
  const r = await call(t.app, admin, api('/device/list'), body, { lang });
  return { status: r.statusCode, code: r.json().code, msg: r.json().msg };
};

/** Cursors a client could forge: each decodes, names the sort, and would fail in the query's cast. */
const FORGED: [string, Record<string, unknown>][] = [
  ['a number key for the date sort', { sort: 'created_desc', cursor: forge(['created_desc', '12345', id]) }],
  ['a date key for a usage sort', { sort: 'usage_month_desc', cursor: forge(['usage_month_desc', '2026-01-01 00:00:00+00', id]) }],
  ['a date that does not exist', { sort: 'created_desc', cursor: forge(['created_desc', '2026-13-45 25:61:00+00', id]) }],
  ['February 30th', { sort: 'created_desc', cursor: forge(['created_desc', '2026-02-30 10:00:00+00', id]) }],
  ['not a date at all', { sort: 'created_desc', cursor: forge(['created_desc', 'yesterday-ish', id]) }],
  ['a usage beyond bigint', { sort: 'usage_yesterday_asc', cursor: forge(['usage_yesterday_asc', '99999999999999999999', id]) }],
  ['a negative or fractional usage', { sort: 'usage_month_asc', cursor: forge(['usage_month_asc', '-1.5', id]) }],
  ['an id of 36 dashes', { sort: 'created_desc', cursor: forge(['created_desc', '2026-01-01 00:00:00+00', '-'.repeat(36)]) }],
  ['an id that is not hex', { sort: 'usage_month_asc', cursor: forge(['usage_month_asc', '5', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz']) }],
  ['a key that is not text', { sort: 'usage_month_asc', cursor: forge(['usage_month_asc', 5, id]) }],
  ['an object', { sort: 'created_desc', cursor: forge({ sort: 'created_desc' }) }],
  ['base64 of nothing useful', { cursor: 'bm90LWEtY3Vyc29y' }],
];

describe('the device list cursor', () => {
  it.each(FORGED)('refuses %s with 28002 naming the page cursor', async (_, body) => {
    expect(await list(body)).toEqual({ status: 400, code: 28002, msg: '请求参数不合法：分页游标' });
    expect(await list(body, 'en')).toEqual({ status: 400, code: 28002, msg: 'Request parameter invalid: page cursor' });
  });

  it('takes back what it gave, for each key type', () => {
    expect(decodeCursor('created_desc', encodeCursor('created_desc', '2026-01-31 08:15:00.123456+00', id))).toEqual({
      key: '2026-01-31 08:15:00.123456+00',
      id,
    });
    expect(decodeCursor('usage_month_asc', encodeCursor('usage_month_asc', '9223372036854775807', id))).toEqual({ key: '9223372036854775807', id });
  });

  it('still pages with a real cursor', async () => {
    const { id: companyId } = await companyIdOf(t.database, DEMO.admin);
    for (const imei of imeis('86190', 2))
      await t.database.rows(sql`INSERT INTO devices (company_id, imei, name, region, status) VALUES (${companyId}, ${imei}, 'c', 'europe', 'physical_card')`);
    const first = await call(t.app, admin, api('/device/list'), { pageSize: 1 });
    const cursor = first.json().obj.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    expect((await call(t.app, admin, api('/device/list'), { pageSize: 1, cursor })).json().code).toBe(0);
  });
});
