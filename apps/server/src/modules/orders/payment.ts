import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { AsNumber, Row } from '../../db/row.js';
import { outboxCtes } from '../developer/index.js';
import { payerIdOf } from '../licenses/index.js';
import { deliveredJson, SYSTEM_ACTOR } from './delivery.js';

/** What became of a payment report: it paid the order, it was already known, or it was refused (and why). */
export type PaymentOutcome =
  | { outcome: 'paid'; orderNo: string }
  | { outcome: 'duplicate'; orderNo: string }
  | { outcome: 'refused'; reason: 'unknown_order' | 'amount' | 'merchant' | 'order_closed' | 'method' | 'paid_otherwise' | 'not_paid' };

export type ReportedPayment = { orderNo: string; transactionId: string; amountFen: number; source: 'notification' | 'query'; eventId?: string };

/**
 * Records a WeChat payment of an order and delivers it, in one statement: the conditional UPDATE
 * moves the order pending → completed only when it is still pending, paid by WeChat, for exactly
 * its amount and by a transaction no other order holds; the same statement writes the ledger
 * row of the company that pays, the payment record and one audit event (paid and delivered). Fifty copies of one
 * notification, or a notification racing the query, pay and deliver once; the others read as
 * duplicates. There is no moment between payment and delivery for a crash to fall into: what
 * did not commit is asked again (WeChat retries, the query job asks).
 */
export async function recordWechatPayment(database: Database, p: ReportedPayment): Promise<PaymentOutcome> {
  const system = { ...SYSTEM_ACTOR, name: 'WeChat Pay' };
  // a named statement: parsed and planned once per connection, this is the hot path of payments
  const [paid] = await database.prepared<Row<'orders', 'company_id'>>(
    'orders_wechat_pay',
    sql`
    WITH paid AS (
      UPDATE orders o SET status = 'completed', paid_at = now(), completed_at = now(), transaction_id = ${p.transactionId},
             paid_fen = ${p.amountFen}, delivered = ${deliveredJson}
      WHERE o.order_no = ${p.orderNo} AND o.status = 'pending_payment' AND o.pay_method = 'wechat' AND o.total_fen = ${p.amountFen}
        AND NOT EXISTS (SELECT 1 FROM orders x WHERE x.transaction_id = ${p.transactionId})
      RETURNING o.company_id, o.product_type, o.quantity, o.delivered),
    payer AS (SELECT paid.*, ${payerIdOf(sql`paid.company_id`)} AS payer_id FROM paid),
    licenses AS (
      INSERT INTO license_ledger (company_id, delta, reason, ref)
      SELECT payer_id, (delivered->>'licenses')::int, 'purchase', ${p.orderNo} FROM payer WHERE delivered ? 'licenses'),
    data AS (
      INSERT INTO data_pool_ledger (company_id, delta_mb, reason, ref)
      SELECT payer_id, (delivered->>'dataMb')::numeric, 'topup', ${p.orderNo} FROM payer WHERE delivered ? 'dataMb'),
    ac AS (
      INSERT INTO ac_license_ledger (company_id, delta, reason, ref)
      SELECT payer_id, (delivered->>'acLicenses')::int, 'purchase', ${p.orderNo} FROM payer WHERE delivered ? 'acLicenses'),
    event AS (
      INSERT INTO payment_events (provider, event_id, order_no, outcome, detail)
      SELECT 'wechat', ${p.eventId ?? null}, ${p.orderNo}, 'paid', ${JSON.stringify({ transactionId: p.transactionId, amountFen: p.amountFen, source: p.source })}::jsonb
      FROM paid),
    audit AS (
      INSERT INTO audit_events (actor_kind, actor_id, actor_name, company_id, action, target_type, target_id, target_label, changes)
      SELECT ${system.kind}, NULL, ${system.name}, paid.company_id, a.action, 'order', ${p.orderNo}, ${p.orderNo}, a.changes
      FROM paid CROSS JOIN LATERAL (VALUES
        ('order.pay', jsonb_build_object('status', jsonb_build_array('pending_payment', 'completed'), 'transactionId', jsonb_build_array(NULL, ${p.transactionId}::text),
                                         'via', jsonb_build_array(NULL, ${p.source}::text), 'delivered', jsonb_build_array(NULL, paid.delivered)))
      ) AS a(action, changes)),
    ${outboxCtes(sql`
      SELECT paid.company_id, ev.event, ev.data FROM paid CROSS JOIN LATERAL (VALUES
        ('order.paid', json_build_object('orderNo', ${p.orderNo}::text, 'payMethod', 'wechat', 'amountFen', ${p.amountFen}::bigint)),
        ('order.delivered', json_build_object('orderNo', ${p.orderNo}::text, 'delivered', paid.delivered))
      ) AS ev(event, data)`)}
    SELECT company_id FROM paid`,
  );
  if (paid) return { outcome: 'paid', orderNo: p.orderNo };
  return whyNotPaid(database, p);
}

async function whyNotPaid(database: Database, p: ReportedPayment): Promise<PaymentOutcome> {
  const [o] = await database.rows<Row<'orders', 'status' | 'pay_method' | 'transaction_id'> & AsNumber<Row<'orders', 'total_fen'>>>(
    sql`SELECT status, pay_method, total_fen::float8 AS total_fen, transaction_id FROM orders WHERE order_no = ${p.orderNo}`,
  );
  if (!o) return { outcome: 'refused', reason: 'unknown_order' };
  if (o.transaction_id === p.transactionId) return { outcome: 'duplicate', orderNo: p.orderNo };
  if (o.pay_method !== 'wechat') return { outcome: 'refused', reason: 'method' };
  if (o.total_fen !== p.amountFen) return { outcome: 'refused', reason: 'amount' };
  if (o.status === 'expired' || o.status === 'cancelled') return { outcome: 'refused', reason: 'order_closed' };
  return { outcome: 'refused', reason: 'paid_otherwise' };
}

/** Every payment report is kept with its outcome, refused ones too (they change nothing else). */
export async function recordPaymentEvent(
  database: Database,
  e: { eventId: string | null; orderNo: string | null; outcome: string; reason?: string | null; detail?: unknown },
): Promise<void> {
  await database.rows(
    sql`INSERT INTO payment_events (provider, event_id, order_no, outcome, reason, detail)
        VALUES ('wechat', ${e.eventId}, ${e.orderNo}, ${e.outcome}, ${e.reason ?? null}, ${e.detail === undefined ? null : JSON.stringify(e.detail)}::jsonb)`,
  );
}
