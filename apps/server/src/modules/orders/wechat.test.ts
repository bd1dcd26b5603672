import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ops } from '../../../test/companies.js';
import { companyIdOf } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, OPS_PASSWORD, type Session, type TestApp } from '../../../test/helper.js';
import { orderStatus, placeOrder, stock } from '../../../test/orders.js';
import { DEAD_NOTIFY_URL, wechatHarness } from '../../../test/wechatpay.js';
import type { Count, Narrow, Row } from '../../db/row.js';
import { expireOrders } from './jobs.js';

let t: TestApp;
let h: Awaited<ReturnType<typeof wechatHarness>>;
let admin: Session;
let demoId: string;
let notifyUrl: string;
beforeAll(async () => {
  h = await wechatHarness();
  t = await buildTestApp({ payments: h.gateway });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  notifyUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/pay/wechat/notify`;
  h.cfg.notifyUrl = notifyUrl;
  admin = await login(t.app, DEMO.admin);
  demoId = (await companyIdOf(t.database, DEMO.admin)).id;
});
afterAll(async () => {
  await t.close();
  await h.close();
});

const obj = async (path: string, body: unknown) => (await call(t.app, admin, api(path), body)).json();

/** Waits for an order to reach a status (the notification travels over HTTP). */
async function until(orderNo: string, status: string, timeoutMs = 8000) {
  const t0 = Date.now();
  while ((await orderStatus(t.database, orderNo)) !== status) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`${orderNo} did not become ${status}: ${await orderStatus(t.database, orderNo)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const events = (orderNo: string) =>
  t.database.rows<Row<'payment_events', 'outcome' | 'reason'>>(sql`SELECT outcome, reason FROM payment_events WHERE order_no = ${orderNo} ORDER BY id`);
const sendNotification = (n: { body: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/v1/pay/wechat/notify', headers: n.headers, payload: n.body });

async function wechatOrder(quantity: number, productType: 0 | 1 | 4 = 0) {
  const o = await placeOrder(t, admin, { productType, quantity, payMethod: 'wechat' });
  const pre = await obj('/merchandiseOrder/wechat/prepay', { orderNo: o.orderNo });
  expect(pre.success, JSON.stringify(pre)).toBe(true);
  return { ...o, ...(pre.obj as { codeUrl: string; simulatorPayUrl: string | null }), amountFen: Math.round(o.totalAmount * 100) };
}

describe('WeChat Pay', () => {
  it('buys 10 Licenses: Native code, scan and pay on the simulator, the notification completes the order, the stock grows by 10', async () => {
    const before = await stock(t.database, demoId);
    const o = await wechatOrder(10);
    expect(o.codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(o.simulatorPayUrl).toMatch(new RegExp(`^${h.sim.url}/pay\\?pr=`));
    // asking again gives the same code: one payment, never two
    expect((await obj('/merchandiseOrder/wechat/prepay', { orderNo: o.orderNo })).obj.codeUrl).toBe(o.codeUrl);
    expect((await obj('/merchandiseOrder/payment/state', { orderNo: o.orderNo })).obj).toEqual({ status: 'pending_payment', delivered: null });

    expect((await h.pay(o.orderNo)).status).toBe(200);
    await until(o.orderNo, 'completed');
    expect((await obj('/merchandiseOrder/payment/state', { orderNo: o.orderNo })).obj).toEqual({ status: 'completed', delivered: { licenses: 10 } });
    expect(await stock(t.database, demoId)).toEqual({ ...before, licenses: before.licenses + 10 });
    const detail = (await obj('/merchandiseOrder/detail', { orderNo: o.orderNo })).obj;
    expect(detail.transactionId).toMatch(/^\d{28}$/);
    expect((await events(o.orderNo)).map((e) => e.outcome)).toEqual(['paid']);
  });

  it('credits once for 50 copies of one notification arriving at once', async () => {
    const before = await stock(t.database, demoId);
    const o = await wechatOrder(3, 1);
    const n = h.notification({ orderNo: o.orderNo, amountFen: o.amountFen });
    const answers = await Promise.all(Array.from({ length: 50 }, () => sendNotification(n)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(204));
    await until(o.orderNo, 'completed');
    expect(await stock(t.database, demoId)).toEqual({ ...before, dataMb: before.dataMb + 3 * 1024 });
    const outcomes = (await events(o.orderNo)).map((e) => e.outcome);
    expect(outcomes.filter((x) => x === 'paid')).toHaveLength(1);
    expect(outcomes.filter((x) => x === 'duplicate')).toHaveLength(49);
    const audit = await t.database.rows<Narrow<Row<'audit_events', 'action' | 'changes'>, { changes: { delivered: [null, unknown] } }>>(
      sql`SELECT action, changes FROM audit_events WHERE target_id = ${o.orderNo} AND action LIKE 'order.%' AND action <> 'order.create'`,
    );
    expect(audit).toEqual([{ action: 'order.pay', changes: expect.objectContaining({ delivered: [null, { dataMb: 3072 }] }) }]);
    // and the simulator's own duplicates after that change nothing either
    await h.pay(o.orderNo).catch(() => undefined);
    expect(await stock(t.database, demoId)).toEqual({ ...before, dataMb: before.dataMb + 3 * 1024 });
  });

  it('refuses a wrong amount, a tampered body, a sign-test probe, a 301 s old timestamp and another merchant, and changes nothing', async () => {
    const before = await stock(t.database, demoId);
    h.cfg.notifyUrl = DEAD_NOTIFY_URL; // the genuine notification must not arrive during this test
    const o = await wechatOrder(2);
    h.cfg.notifyUrl = notifyUrl;
    await h.pay(o.orderNo);
    for (const mode of ['wrong_amount', 'tampered', 'signtest', 'stale']) {
      const r = await h.notify(o.orderNo, mode);
      expect(r.status, mode).toBe(200);
      expect(r.json.delivered, mode).toBe(false);
    }
    const forged = [
      h.notification({ orderNo: o.orderNo, amountFen: o.amountFen + 1 }),
      h.notification({ orderNo: o.orderNo, amountFen: o.amountFen, ageS: 301 }),
      h.notification({ orderNo: o.orderNo, amountFen: o.amountFen, mchId: '1900000999' }),
      h.notification({ orderNo: 'R20990101000000000000', amountFen: 100 }),
      { ...h.notification({ orderNo: o.orderNo, amountFen: o.amountFen }), body: '{"id":"x"}' },
    ];
    for (const n of forged) expect((await sendNotification(n)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await orderStatus(t.database, o.orderNo)).toBe('pending_payment');
    expect(await stock(t.database, demoId)).toEqual(before);
    const refused = (await events(o.orderNo)).filter((e) => e.outcome === 'refused').map((e) => e.reason);
    expect(refused).toContain('amount');
    const [{ n }] = await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM payment_events WHERE outcome = 'refused'`);
    expect(n).toBeGreaterThanOrEqual(8);
  });

  it('reads the payment from WeChat when no notification came (the dialog’s poll, and the job)', async () => {
    h.cfg.notifyUrl = DEAD_NOTIFY_URL;
    const o = await wechatOrder(1);
    h.cfg.notifyUrl = notifyUrl;
    await h.pay(o.orderNo);
    expect(await orderStatus(t.database, o.orderNo)).toBe('pending_payment');
    expect((await obj('/merchandiseOrder/payment/state', { orderNo: o.orderNo })).obj).toEqual({ status: 'completed', delivered: { licenses: 1 } });
    // recorded as paid through the query, not a notification
    const [ev] = await t.database.rows<Row<'payment_events', 'outcome'> & { source: string }>(
      sql`SELECT outcome, detail->>'source' AS source FROM payment_events WHERE order_no = ${o.orderNo}`,
    );
    expect(ev).toEqual({ outcome: 'paid', source: 'query' });
    // the notification arriving late is a duplicate
    const late = h.notification({ orderNo: o.orderNo, amountFen: o.amountFen });
    expect((await sendNotification(late)).statusCode).toBeGreaterThanOrEqual(400); // another transaction id: refused
    expect(await orderStatus(t.database, o.orderNo)).toBe('completed');
  });

  it('a notification racing the query (the dialog’s poll) pays and delivers once', async () => {
    const before = await stock(t.database, demoId);
    h.cfg.notifyUrl = DEAD_NOTIFY_URL;
    const o = await wechatOrder(4, 4);
    h.cfg.notifyUrl = notifyUrl;
    await h.pay(o.orderNo);
    // the simulator's own notification, sent again now, races the poll that asks WeChat
    const [sent, polled] = await Promise.all([h.notify(o.orderNo, 'duplicate', 3), obj('/merchandiseOrder/payment/state', { orderNo: o.orderNo })]);
    expect(sent.status).toBe(200);
    expect(polled.success).toBe(true);
    await until(o.orderNo, 'completed');
    expect(await stock(t.database, demoId)).toEqual({ ...before, acLicenses: before.acLicenses + 4 });
    const outcomes = (await events(o.orderNo)).map((e) => e.outcome);
    expect(outcomes.filter((x) => x === 'paid')).toHaveLength(1);
  });

  it('cancelling closes the payment at WeChat; a payment made meanwhile wins and is delivered', async () => {
    const open = await wechatOrder(1);
    expect((await obj('/merchandiseOrder/cancel', { orderNo: open.orderNo })).obj.status).toBe('cancelled');
    expect((await h.pay(open.orderNo)).status).toBeGreaterThanOrEqual(400); // closed at WeChat: cannot be paid
    expect((await obj('/merchandiseOrder/wechat/prepay', { orderNo: open.orderNo })).code).toBe(27013);

    h.cfg.notifyUrl = DEAD_NOTIFY_URL;
    const paid = await wechatOrder(2);
    h.cfg.notifyUrl = notifyUrl;
    await h.pay(paid.orderNo);
    expect((await obj('/merchandiseOrder/cancel', { orderNo: paid.orderNo })).code).toBe(27012);
    expect(await orderStatus(t.database, paid.orderNo)).toBe('completed');
  });

  it('expires an unpaid order and closes it at WeChat; a payment notification for it afterwards is refused', async () => {
    const before = await stock(t.database, demoId);
    const o = await wechatOrder(5);
    await t.database.rows(sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE order_no = ${o.orderNo}`);
    expect(await expireOrders(t.database, h.gateway)).toBeGreaterThanOrEqual(1);
    expect(await orderStatus(t.database, o.orderNo)).toBe('expired');
    expect((await h.pay(o.orderNo)).status).toBeGreaterThanOrEqual(400);
    const res = await sendNotification(h.notification({ orderNo: o.orderNo, amountFen: o.amountFen }));
    expect(res.json().code).toBe(27007);
    expect(await orderStatus(t.database, o.orderNo)).toBe('expired');
    expect(await stock(t.database, demoId)).toEqual(before);
    expect((await obj('/merchandiseOrder/payment/state', { orderNo: o.orderNo })).obj.status).toBe('expired');
  });

  it('pays an order only by its own method: no remittance for a WeChat order, no QR code for an offline one', async () => {
    const w = await wechatOrder(1);
    expect((await obj('/merchandiseOrder/remittance/confirm', { orderNo: w.orderNo, bankTransactionNo: 'B-1' })).code).toBe(27008);
    const staff = await login(t.app, DEMO.ops, OPS_PASSWORD);
    expect((await call(t.app, staff, ops('/remittance/confirm'), { orderNo: w.orderNo })).json().code).toBe(27008);
    const off = await placeOrder(t, admin, { productType: 0, quantity: 1, payMethod: 'offline' });
    expect((await obj('/merchandiseOrder/wechat/prepay', { orderNo: off.orderNo })).code).toBe(27008);
    const forged = await sendNotification(h.notification({ orderNo: off.orderNo, amountFen: Math.round(off.totalAmount * 100) }));
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(await orderStatus(t.database, off.orderNo)).toBe('pending_payment');
  });
});
