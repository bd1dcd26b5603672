import type { TSupportContact } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, call, DEMO, login, OPS_PASSWORD, type Session, type TestApp } from '../../../test/helper.js';
import type { Row } from '../../db/row.js';

let t: TestApp;
let staff: Session;
let member: Session;

/** What the environment sets: every member sees it until staff save a contact. */
const ENV = {
  RRP_SUPPORT_PHONE: '+86 21 5555 0100',
  RRP_SUPPORT_EMAIL: 'help@corp.example',
  RRP_OFFICIAL_SITE: 'https://www.corp.example',
  RRP_SUPPORT_HOURS: '1-5,7 08:30-17:30 +05:30',
};
const FROM_ENV: TSupportContact = {
  phone: '+86 21 5555 0100',
  email: 'help@corp.example',
  officialSite: 'https://www.corp.example',
  hours: { days: [1, 2, 3, 4, 5, 7], from: '08:30', to: '17:30', utcOffsetMinutes: 330 },
};
const SAVED: TSupportContact = {
  phone: '400-820-0000',
  email: 'service@corp.example',
  officialSite: '',
  hours: { days: [1, 2, 3, 4, 5, 6], from: '09:00', to: '21:00', utcOffsetMinutes: 480 },
};

const ops = (path: string, body: unknown = {}, lang = 'zh-CN') =>
  call(t.app, staff, `/api/v1/ops/platform${path}`, body, { lang }).then((r) => ({ status: r.statusCode, ...r.json() }));
const rrp = (path: string) => call(t.app, member, api(path)).then((r) => r.json());
const memberSees = async () => ({ contact: (await rrp('/platform/contact')).obj, overview: (await rrp('/account/overview')).obj.contact });
const stored = async () =>
  t.database.rows<Row<'platform_settings', 'value' | 'updated_at' | 'updated_by'>>(sql`SELECT value, updated_at, updated_by FROM platform_settings`);
const events = () =>
  t.database.rows<Row<'audit_events', 'actor_kind' | 'actor_id' | 'company_id' | 'target_type' | 'target_label' | 'changes'>>(
    sql`SELECT actor_kind, actor_id, company_id, target_type, target_label, changes FROM audit_events WHERE action = 'platform.contact' ORDER BY id`,
  );

beforeAll(async () => {
  t = await buildTestApp({ config: ENV });
  staff = await login(t.app, DEMO.ops, OPS_PASSWORD);
  member = await login(t.app, DEMO.specialist);
});
afterAll(() => t.close());

describe('the support contact', () => {
  it('is the environment’s until staff save one, on the contact route and the home overview alike', async () => {
    expect(await memberSees()).toEqual({ contact: FROM_ENV, overview: FROM_ENV });
    const res = await ops('/contact');
    expect(res.obj).toEqual({ contact: FROM_ENV, defaults: FROM_ENV, saved: false, updatedAt: null, updatedBy: null });
    expect(await stored()).toEqual([]);
  });

  it('changes what every member reads once staff save it, with an audit event of the change', async () => {
    const res = await ops('/contact/update', { ...SAVED, hours: { ...SAVED.hours, days: [6, 1, 2, 3, 4, 5] } });
    expect(res).toMatchObject({ status: 200, success: true });
    expect(await memberSees()).toEqual({ contact: SAVED, overview: SAVED });

    const [staffId] = await t.database.rows<Row<'users', 'id'>>(sql`SELECT id FROM users WHERE email = ${DEMO.ops}`);
    const after = (await ops('/contact')).obj;
    expect(after).toMatchObject({ contact: SAVED, defaults: FROM_ENV, saved: true, updatedBy: '平台运营人员' });
    expect(Date.now() - Date.parse(after.updatedAt)).toBeLessThan(60_000);
    const [row] = await stored();
    expect(row.updated_by).toBe(staffId.id);

    const [e] = await events();
    expect(e).toMatchObject({ actor_kind: 'staff', actor_id: staffId.id, company_id: null, target_type: 'platform', target_label: '客服联系方式' });
    expect(e.changes).toEqual({
      phone: [FROM_ENV.phone, SAVED.phone],
      email: [FROM_ENV.email, SAVED.email],
      officialSite: [FROM_ENV.officialSite, ''],
      hours: [FROM_ENV.hours, SAVED.hours],
    });
  });

  it('records only the fields that changed on a later save', async () => {
    await ops('/contact/update', { ...SAVED, phone: '400-820-1111' });
    const all = await events();
    expect(all).toHaveLength(2);
    expect(all[1].changes).toEqual({ phone: [SAVED.phone, '400-820-1111'] });
    expect((await memberSees()).contact.phone).toBe('400-820-1111');
  });

  it.each([
    ['phone', { phone: 'call us' }, '客服电话', 'support phone'],
    ['phone', { phone: '12-34' }, '客服电话', 'support phone'],
    ['phone', { phone: `+${'1'.repeat(30)}` }, '客服电话最多 30 个字符', 'support phone'],
    ['email', { email: 'service.corp.example' }, '客服邮箱', 'support e-mail'],
    ['officialSite', { officialSite: 'http://www.corp.example' }, '官网地址', 'official site'],
    ['officialSite', { officialSite: 'javascript:alert(1)' }, '官网地址', 'official site'],
    ['days', { hours: { ...SAVED.hours, days: [] } }, '服务时间 服务日', 'service hours service days'],
    ['days', { hours: { ...SAVED.hours, days: [1, 1, 2] } }, '服务时间 服务日', 'service hours service days'],
    ['days', { hours: { ...SAVED.hours, days: [0, 1] } }, '服务时间 服务日 #1', 'service hours service days #1'],
    ['days', { hours: { ...SAVED.hours, days: [1, 8] } }, '服务时间 服务日 #2', 'service hours service days #2'],
    ['from', { hours: { ...SAVED.hours, from: '9:00' } }, '服务时间 开始时间', 'service hours opening time'],
    ['to', { hours: { ...SAVED.hours, to: '24:00' } }, '服务时间 结束时间', 'service hours closing time'],
    ['to', { hours: { ...SAVED.hours, from: '18:00', to: '09:00' } }, '服务时间 结束时间', 'service hours closing time'],
    ['to', { hours: { ...SAVED.hours, from: '09:00', to: '09:00' } }, '服务时间 结束时间', 'service hours closing time'],
    ['offset', { hours: { ...SAVED.hours, utcOffsetMinutes: 485 } }, '服务时间 时区', 'service hours time zone'],
    ['offset', { hours: { ...SAVED.hours, utcOffsetMinutes: 900 } }, '服务时间 时区', 'service hours time zone'],
  ])('refuses a bad %s, naming the field in both languages, and changes nothing (%o)', async (_f, change, zh, en) => {
    const before = { rows: await stored(), events: (await events()).length };
    const body = { ...SAVED, ...change };
    const inZh = await ops('/contact/update', body, 'zh-CN');
    const inEn = await ops('/contact/update', body, 'en');
    expect([inZh.status, inZh.code, inEn.code]).toEqual([400, 28002, 28002]);
    expect(inZh.msg.startsWith(`请求参数不合法：${zh}`), inZh.msg).toBe(true);
    expect(inEn.msg.toLowerCase()).toContain(en);
    expect({ rows: await stored(), events: (await events()).length }).toEqual(before);
  });

  it('is not changed by a member, and staff cannot read it on the member route', async () => {
    const before = await stored();
    const res = await call(t.app, member, '/api/v1/ops/platform/contact/update', SAVED);
    expect(res.json().code).toBe(10002);
    expect((await call(t.app, staff, api('/platform/contact'))).json().code).toBe(10002);
    expect(await stored()).toEqual(before);
  });
});
