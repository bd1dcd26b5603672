import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, ops } from '../../../test/companies.js';
import { companyIdOf } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, mailHarness, OPS_PASSWORD, type Session, type TestApp } from '../../../test/helper.js';
import { orderStatus, placeOrder, stock } from '../../../test/orders.js';
import type { Count, Row } from '../../db/row.js';
import { deliverOrder } from './delivery.js';
import { expireOrders } from './jobs.js';

let t: TestApp;
let admin: Session;
let staff: Session;
let demoId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
  staff = await login(t.app, DEMO.ops, OPS_PASSWORD);
  demoId = (await companyIdOf(t.database, DEMO.admin)).id;
});
afterAll(() => t.close());

const body = (r: { json(): unknown }) => r.json() as { success: boolean; code: number; msg: string; obj: Record<string, unknown> };

describe('catalogue', () => {
  it('lists the three products with their prices now, in the reader’s language', async () => {
    const zh = body(await call(t.app, admin, api('/merchandise/list'))).obj.list as { productType: number; name: string; price: number; unitPrice: number }[];
    expect(zh.map((p) => p.productType)).toEqual([0, 1, 4]);
    expect(zh[0]).toMatchObject({ name: '设备 License', unitPrice: 60, price: 49 });
    const en = body(await call(t.app, admin, api('/merchandise/list'), {}, { lang: 'en' })).obj.list as { name: string }[];
    expect(en[1].name).toBe('Data (1 GB)');
  });

  it('lets staff change a price (audited); an order keeps the price it was made with', async () => {
    const before = await placeOrder(t, admin, { productType: 4, quantity: 3, payMethod: 'offline' });
    expect(before.totalAmount).toBe(15);
    const r = await call(t.app, staff, ops('/merchandise/update'), { productType: 4, unitPrice: 8.5, promoPrice: 7.25, promoUntil: null });
    expect(body(r).success).toBe(true);
    const after = await placeOrder(t, admin, { productType: 4, quantity: 3, payMethod: 'offline' });
    expect(after.totalAmount).toBe(21.75);
    const again = body(await call(t.app, admin, api('/merchandiseOrder/detail'), { orderNo: before.orderNo })).obj;
    expect(again).toMatchObject({ unitPrice: 5, totalAmount: 15 });
    const [event] = await auditOf(t.database, 'merchandise.update');
    expect(event.changes).toMatchObject({ unit_price_fen: [500, 850], promo_price_fen: [null, 725] });
    // a promotion that ended no longer applies
    await call(t.app, staff, ops('/merchandise/update'), { productType: 4, unitPrice: 8.5, promoPrice: 7.25, promoUntil: '2020-01-01T00:00:00Z' });
    expect((await placeOrder(t, admin, { productType: 4, quantity: 2, payMethod: 'offline' })).totalAmount).toBe(17);
    await call(t.app, staff, ops('/merchandise/update'), { productType: 4, unitPrice: 5, promoPrice: null, promoUntil: null });
  });

  it('refuses a promotional price not below the unit price, three decimals and a member (10002)', async () => {
    for (const b of [
      { productType: 0, unitPrice: 10, promoPrice: 10 },
      { productType: 0, unitPrice: 10.001 },
      { productType: 2, unitPrice: 10 },
    ])
      expect(body(await call(t.app, staff, ops('/merchandise/update'), b)).code).toBe(28002);
    expect(body(await call(t.app, admin, ops('/merchandise/update'), { productType: 0, unitPrice: 1 })).code).toBe(10002);
  });
});

describe('orders', () => {
  it('creates an order at the price now, with the company as payer and a remittance code for offline payment', async () => {
    const o = await placeOrder(t, admin, { productType: 0, quantity: 10, payMethod: 'offline', remark: '第一批' });
    expect(o).toMatchObject({ status: 'pending_payment', totalAmount: 490 });
    expect(o.orderNo).toMatch(/^R\d{20}$/);
    expect(o.remittanceCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const detail = body(await call(t.app, admin, api('/merchandiseOrder/detail'), { orderNo: o.orderNo })).obj;
    const [company] = await t.database.rows<Row<'companies', 'name'>>(sql`SELECT name FROM companies WHERE id = ${demoId}`);
    expect(detail).toMatchObject({ payerName: company.name, remark: '第一批', remittanceState: 'awaiting_transfer', payMethod: 'offline' });
    expect(detail.remittanceAccount).toMatchObject({ accountNo: expect.any(String) });
    const days = (Date.parse(o.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(9.9);
    expect(days).toBeLessThanOrEqual(10);
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const [{ n: before }] = await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM orders`);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ productType: 2, quantity: 1, payMethod: 'wechat' }, /product type/],
      [{ productType: 0, quantity: 0, payMethod: 'wechat' }, /quantity/],
      [{ productType: 0, quantity: 10_001, payMethod: 'wechat' }, /quantity/],
      [{ productType: 0, quantity: 1.5, payMethod: 'wechat' }, /quantity/],
      [{ productType: 0, quantity: 1, payMethod: 'cash' }, /payment method/],
      [{ productType: 0, quantity: 1, payMethod: 'wechat', payerName: 'x'.repeat(41) }, /payer name/],
    ];
    for (const [b, field] of cases) {
      const r = body(await call(t.app, admin, api('/merchandiseOrder/create'), b, { lang: 'en' }));
      expect(r.code, JSON.stringify(b)).toBe(28002);
      expect(r.msg).toMatch(field);
    }
    const [{ n: after }] = await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM orders`);
    expect(after).toBe(before);
  });

  it('refuses a sub-company billed by its parent (no purchase codes) and a member without the product’s code', async () => {
    const sub = await login(t.app, DEMO.subAdmin);
    expect(sub.permissionsList).not.toContain('MERCHANDISE_BUY_LICENSE');
    expect(body(await call(t.app, sub, api('/merchandiseOrder/create'), { productType: 0, quantity: 1, payMethod: 'offline' })).code).toBe(10002);
    // a role with the data code only may top up data but not buy Licenses
    const [role] = await t.database.rows<Row<'roles', 'id'>>(
      sql`INSERT INTO roles (company_id, name, permissions) VALUES (${demoId}, '只充流量', '{MERCHANDISE_BUY_DATA}') RETURNING id`,
    );
    const [u] = await t.database.rows<Row<'users', 'id'>>(sql`SELECT id FROM users WHERE email = ${DEMO.specialist}`);
    await t.database.rows(sql`DELETE FROM user_roles WHERE user_id = ${u.id}`);
    await t.database.rows(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${u.id}, ${role.id})`);
    const dataOnly = await login(t.app, DEMO.specialist);
    expect(body(await call(t.app, dataOnly, api('/merchandiseOrder/create'), { productType: 0, quantity: 1, payMethod: 'offline' })).code).toBe(10002);
    expect(body(await call(t.app, dataOnly, api('/merchandiseOrder/create'), { productType: 1, quantity: 1, payMethod: 'offline' })).success).toBe(true);
  });

  it('lists the company’s orders with filters and paging; another company sees none of them', async () => {
    const list = body(await call(t.app, admin, api('/merchandiseOrder/query/list'), { payMethod: 'offline', pageSize: 2 })).obj;
    expect(list.total as number).toBeGreaterThan(2);
    expect((list.list as unknown[]).length).toBe(2);
    const completed = body(await call(t.app, admin, api('/merchandiseOrder/query/list'), { status: 'completed' })).obj;
    expect(completed.total).toBe(0);
    const o = await placeOrder(t, admin, { productType: 1, quantity: 5, payMethod: 'offline' });
    const byNo = body(await call(t.app, admin, api('/merchandiseOrder/query/list'), { orderNo: o.orderNo.slice(-8) })).obj;
    expect(byNo).toMatchObject({ total: 1, list: [{ orderNo: o.orderNo, productType: 1, quantity: 5 }] });

    const foreign = await t.database.rows<Row<'users', 'email'>>(sql`SELECT u.email FROM users u JOIN companies c ON c.id = u.company_id
      WHERE c.id <> ${demoId} AND c.path NOT LIKE (SELECT path FROM companies WHERE id = ${demoId}) || '%' AND u.kind = 'member' LIMIT 1`);
    if (foreign[0]) {
      const other = await login(t.app, foreign[0].email);
      expect(body(await call(t.app, other, api('/merchandiseOrder/query/list'), {})).obj.total).toBe(0);
      expect(body(await call(t.app, other, api('/merchandiseOrder/detail'), { orderNo: o.orderNo })).code).toBe(27001);
      expect(body(await call(t.app, other, api('/merchandiseOrder/cancel'), { orderNo: o.orderNo })).code).toBe(27001);
      expect(await orderStatus(t.database, o.orderNo)).toBe('pending_payment');
    }
  });

  it('changes payer name and remark only while pending; cancels once; a cancelled order cannot be paid', async () => {
    const o = await placeOrder(t, admin, { productType: 0, quantity: 2, payMethod: 'offline' });
    const upd = body(await call(t.app, admin, api('/merchandiseOrder/update'), { orderNo: o.orderNo, payerName: '示例付款方', remark: '' })).obj;
    expect(upd).toMatchObject({ payerName: '示例付款方', remark: null });
    expect(body(await call(t.app, admin, api('/merchandiseOrder/cancel'), { orderNo: o.orderNo })).obj.status).toBe('cancelled');
    expect(body(await call(t.app, admin, api('/merchandiseOrder/cancel'), { orderNo: o.orderNo })).code).toBe(27013);
    expect(body(await call(t.app, admin, api('/merchandiseOrder/update'), { orderNo: o.orderNo, remark: 'x' })).code).toBe(27013);
    expect(body(await call(t.app, admin, api('/merchandiseOrder/remittance/confirm'), { orderNo: o.orderNo, bankTransactionNo: 'B1' })).code).toBe(27013);
    expect((await auditOf(t.database, 'order.cancel')).filter((e) => e.target_id === o.orderNo)).toHaveLength(1);
  });
});

describe('offline remittance', () => {
  it('runs the whole loop: transfer submitted, rejected with a reason, corrected, confirmed once, delivered once', async () => {
    const before = await stock(t.database, demoId);
    const o = await placeOrder(t, admin, { productType: 1, quantity: 3, payMethod: 'offline' });
    // staff cannot confirm before the customer says the transfer was made
    expect(body(await call(t.app, staff, ops('/remittance/confirm'), { orderNo: o.orderNo })).code).toBe(27009);

    const bad = body(
      await call(t.app, admin, api('/merchandiseOrder/remittance/confirm'), { orderNo: o.orderNo, bankTransactionNo: 'x'.repeat(101) }, { lang: 'en' }),
    );
    expect(bad.code).toBe(28002);
    expect(bad.msg).toMatch(/bank transaction number/);
    expect(body(await call(t.app, admin, api('/merchandiseOrder/remittance/confirm'), { orderNo: o.orderNo, bankTransactionNo: '  ' })).code).toBe(28002);
    const sent = body(await call(t.app, admin, api('/merchandiseOrder/remittance/confirm'), { orderNo: o.orderNo, bankTransactionNo: 'CMB2026112600001' })).obj;
    expect(sent).toMatchObject({ remittanceState: 'submitted', bankTransactionNo: 'CMB2026112600001', status: 'pending_payment' });
    // while staff reconcile it, the number stays and the order cannot be cancelled
    expect(body(await call(t.app, admin, api('/merchandiseOrder/remittance/confirm'), { orderNo: o.orderNo, bankTransactionNo: 'OTHER' })).code).toBe(27008);
    expect(body(await call(t.app, admin, api('/merchandiseOrder/cancel'), { orderNo: o.orderNo })).code).toBe(27008);

    const queue = body(await call(t.app, staff, ops('/order/list'), { remittanceState: 'submitted' })).obj;
    expect(queue.awaitingReconciliation as number).toBeGreaterThanOrEqual(1);
    expect((queue.list as { orderNo: string }[]).some((r) => r.orderNo === o.orderNo)).toBe(true);
    const found = body(await call(t.app, staff, ops('/order/list'), { keyword: o.remittanceCode ?? '' })).obj;
    expect(found.total).toBe(1);

    expect(body(await call(t.app, staff, ops('/remittance/reject'), { orderNo: o.orderNo, reason: '' })).code).toBe(28002);
    const mail = await mailHarness(t.database);
    const rejected = body(await call(t.app, staff, ops('/remittance/reject'), { orderNo: o.orderNo, reason: '未查到该流水号的到账记录' })).obj;
    expect(rejected).toMatchObject({ remittanceState: 'rejected', remittanceRejectReason: '未查到该流水号的到账记录', status: 'pending_payment' });
    expect(body(await call(t.app, staff, ops('/remittance/confirm'), { orderNo: o.orderNo })).code).toBe(27009);
    expect(await stock(t.database, demoId)).toEqual(before);
    // the member who ordered reads why, in their language, with the number they sent
    await mail.deliver();
    const told = mail.catcher.messages.find((m) => m.to.includes(DEMO.admin) && m.subject.includes(o.orderNo));
    expect(told?.subject).toContain('未能核对');
    expect(told?.text).toContain('CMB2026112600001');
    expect(told?.text).toContain('未查到该流水号的到账记录');

    await call(t.app, admin, api('/merchandiseOrder/remittance/confirm'), { orderNo: o.orderNo, bankTransactionNo: 'CMB2026112600002' });
    const confirmations = await Promise.all([
      call(t.app, staff, ops('/remittance/confirm'), { orderNo: o.orderNo }),
      call(t.app, staff, ops('/remittance/confirm'), { orderNo: o.orderNo }),
      call(t.app, staff, ops('/remittance/confirm'), { orderNo: o.orderNo }),
    ]);
    // every confirmation succeeds (the later ones change nothing); the order is delivered once
    for (const r of confirmations) expect(['paid', 'completed']).toContain(body(r).obj?.status ?? body(r).code);
    expect(await stock(t.database, demoId)).toEqual({ ...before, dataMb: before.dataMb + 3 * 1024 });
    await mail.deliver();
    const received = mail.catcher.messages.filter((m) => m.to.includes(DEMO.admin) && m.subject.includes(`${o.orderNo} 已确认收款`));
    expect(received).toHaveLength(1);
    await mail.close();
    const done = body(await call(t.app, admin, api('/merchandiseOrder/detail'), { orderNo: o.orderNo })).obj;
    expect(done).toMatchObject({ status: 'completed', remittanceState: 'confirmed', delivered: { dataMb: 3072 } });
    expect((await auditOf(t.database, 'remittance.confirm')).filter((e) => e.target_id === o.orderNo)).toHaveLength(1);
    expect((await auditOf(t.database, 'order.deliver')).filter((e) => e.target_id === o.orderNo)).toHaveLength(1);
    // a completed order cannot be cancelled or paid again
    expect(body(await call(t.app, admin, api('/merchandiseOrder/cancel'), { orderNo: o.orderNo })).code).toBe(27012);
  });

  it('expires unpaid orders after their deadline, once; an expired order can never be paid or delivered', async () => {
    const o = await placeOrder(t, admin, { productType: 0, quantity: 1, payMethod: 'offline' });
    await call(t.app, admin, api('/merchandiseOrder/remittance/confirm'), { orderNo: o.orderNo, bankTransactionNo: 'LATE-1' });
    await t.database.rows(sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE order_no = ${o.orderNo}`);
    expect(body(await call(t.app, admin, api('/merchandiseOrder/remittance/confirm'), { orderNo: o.orderNo, bankTransactionNo: 'LATE-2' })).code).toBe(27007);
    expect(await expireOrders(t.database, null)).toBeGreaterThanOrEqual(1);
    expect(await expireOrders(t.database, null)).toBe(0);
    expect(await orderStatus(t.database, o.orderNo)).toBe('expired');
    expect(body(await call(t.app, staff, ops('/remittance/confirm'), { orderNo: o.orderNo })).code).toBe(27007);
    expect(await deliverOrder(t.database, o.orderNo)).toBe(false);
    expect((await auditOf(t.database, 'order.expire')).filter((e) => e.target_id === o.orderNo)).toHaveLength(1);
  });

  it('a crash between payment and delivery delivers exactly once when the queued job runs', async () => {
    const o = await placeOrder(t, admin, { productType: 0, quantity: 4, payMethod: 'offline' });
    await call(t.app, admin, api('/merchandiseOrder/remittance/confirm'), { orderNo: o.orderNo, bankTransactionNo: 'CRASH-1' });
    // the payment committed with its delivery job; the process died before delivering
    await t.database.rows(sql`UPDATE orders SET status = 'paid', paid_at = now(), remittance_state = 'confirmed' WHERE order_no = ${o.orderNo}`);
    await t.database.rows(sql`INSERT INTO jobs (name, payload) VALUES ('order.deliver', ${JSON.stringify({ orderNo: o.orderNo })}::jsonb)`);
    const before = await stock(t.database, demoId);
    const { JobRunner } = await import('../../jobs/runner.js');
    const { orderJobs } = await import('./jobs.js');
    const { default: pino } = await import('pino');
    const runner = new JobRunner(t.database, orderJobs({ database: t.database, gateway: null }).handlers, [], pino({ level: 'silent' }));
    await runner.tick();
    await runner.tick();
    expect(await deliverOrder(t.database, o.orderNo)).toBe(false);
    expect(await stock(t.database, demoId)).toEqual({ ...before, licenses: before.licenses + 4 });
    expect(await orderStatus(t.database, o.orderNo)).toBe('completed');
  });
});
