import type { TOpsFeedbackRow } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, otherCompany } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, OPS_PASSWORD, type Session, type TestApp } from '../../../test/helper.js';
import type { As, Count, Narrow, Row } from '../../db/row.js';

let t: TestApp;
let staff: Session;
let admin: Session;
let stranger: Session;
let demo: { id: string };
let other: { companyId: string; email: string };

const inbox = (body: Record<string, unknown> = {}, lang = 'zh-CN') =>
  call(t.app, staff, '/api/v1/ops/feedback/list', { pageSize: 100, ...body }, { lang }).then(
    (r) => r.json() as { obj: { total: number; list: TOpsFeedbackRow[] } },
  );
const handle = (id: unknown, lang = 'zh-CN') =>
  call(t.app, staff, '/api/v1/ops/feedback/handle', { id }, { lang }).then((r) => ({ status: r.statusCode, ...r.json() }));
const send = (s: Session, feedback: string, source = 'feedback', lang = 'zh-CN') =>
  call(t.app, s, api('/feedback/add'), { feedback, source }, { lang }).then((r) => ({ status: r.statusCode, ...r.json() }));
const count = async (q: ReturnType<typeof sql>) => (await t.database.rows<Count>(q))[0].n;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await login(t.app, DEMO.ops, OPS_PASSWORD);
  admin = await login(t.app, DEMO.admin);
  demo = await companyIdOf(t.database, DEMO.admin);
  other = await otherCompany(t.database);
  stranger = await login(t.app, other.email);
});
afterAll(() => t.close());

describe('feedback from members', () => {
  it('stores the feedback with its audit event; too long or empty feedback stores neither', async () => {
    expect((await send(admin, '导出报表时页面卡住了')).success).toBe(true);
    expect((await send(stranger, 'The usage chart shows no data for May', 'service')).success).toBe(true);
    const tooLong = await send(admin, 'x'.repeat(401), 'feedback', 'en');
    expect(tooLong).toMatchObject({ status: 400, code: 28002 });
    expect(tooLong.msg).toContain('feedback');
    expect((await send(admin, '   ')).code).toBe(28002);
    expect(await count(sql`SELECT count(*)::int AS n FROM feedback`)).toBe(2);
    const events = await t.database.rows<Narrow<Row<'audit_events', 'company_id' | 'target_id' | 'changes'>, { changes: Record<string, unknown> }>>(
      sql`SELECT company_id, target_id, changes FROM audit_events WHERE action = 'feedback.add' ORDER BY id`,
    );
    expect(events).toHaveLength(2);
    expect(events[0].company_id).toBe(demo.id);
    expect(events[0].changes).toEqual({ text: [null, '导出报表时页面卡住了'], source: [null, 'feedback'] });
  });
});

describe('the feedback inbox', () => {
  it('lists every company’s feedback with company, member, text and state', async () => {
    const { obj } = await inbox();
    expect(obj.total).toBe(2);
    const mine = obj.list.find((r) => r.companyId === demo.id);
    expect(mine).toMatchObject({
      text: '导出报表时页面卡住了',
      source: 'feedback',
      companyName: '演示科技有限公司',
      memberName: '演示管理员',
      memberMail: DEMO.admin,
      handledAt: null,
      handledBy: null,
    });
    expect(obj.list.find((r) => r.companyId === other.companyId)).toMatchObject({ source: 'service', companyName: '其他公司' });
  });

  it('finds by text, company, member or e-mail, literally', async () => {
    expect((await inbox({ keyword: '报表' })).obj.list.map((r) => r.companyId)).toEqual([demo.id]);
    expect((await inbox({ keyword: '其他' })).obj.list.map((r) => r.companyId)).toEqual([other.companyId]);
    expect((await inbox({ keyword: 'admin@other' })).obj.total).toBe(1);
    expect((await inbox({ keyword: '%' })).obj.total).toBe(0);
  });

  it('marks feedback handled once, records who did it, and refuses a second time (30041)', async () => {
    const { obj } = await inbox();
    const id = obj.list.find((r) => r.companyId === demo.id)!.id;
    expect((await handle(id)).success).toBe(true);
    const after = (await inbox()).obj.list;
    const handled = after.find((r) => r.id === id)!;
    expect(handled.handledBy).toBe('平台运营人员');
    expect(handled.handledAt).toEqual(expect.any(String));
    // unhandled first
    expect(after[0].handledAt).toBeNull();
    expect((await inbox({ handled: true })).obj.list.map((r) => r.id)).toEqual([id]);
    expect((await inbox({ handled: false })).obj.list.map((r) => r.id)).not.toContain(id);

    const again = await handle(id, 'en');
    expect(again).toMatchObject({ status: 409, code: 30041, msg: 'This feedback is already handled' });
    const [row] = await t.database.rows<Narrow<As<'feedback', { at: 'handled_at' }>, { at: string }>>(
      sql`SELECT handled_at::text AS at FROM feedback WHERE id = ${id}`,
    );
    expect(new Date(row.at).toISOString()).toBe(handled.handledAt);
    const events = await t.database.rows<Row<'audit_events', 'company_id' | 'actor_kind' | 'target_id'>>(
      sql`SELECT company_id, actor_kind, target_id FROM audit_events WHERE action = 'feedback.handle'`,
    );
    expect(events).toEqual([{ company_id: demo.id, actor_kind: 'staff', target_id: String(id) }]);
  });

  it('answers 29012 for an unknown feedback and 28002 for a bad id', async () => {
    expect((await handle(999999)).code).toBe(29012);
    expect((await handle(-1)).code).toBe(28002);
    expect((await handle('1')).code).toBe(28002);
  });

  it('is the back office’s alone (10002 for a member)', async () => {
    const res = await call(t.app, admin, '/api/v1/ops/feedback/list', {});
    expect([res.statusCode, res.json().code]).toEqual([403, 10002]);
    const id = (await inbox({ handled: false })).obj.list[0].id;
    expect((await call(t.app, admin, '/api/v1/ops/feedback/handle', { id })).json().code).toBe(10002);
    expect(await count(sql`SELECT count(*)::int AS n FROM feedback WHERE handled_at IS NOT NULL`)).toBe(1);
  });
});
