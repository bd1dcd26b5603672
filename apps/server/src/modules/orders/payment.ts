import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { recordAudit } from '../audit/index.js';
import { queueDelivery, SYSTEM_ACTOR } from './delivery.js';

/** What became of a payment report: it paid the order, it was already known, or it was refused (and why). */
export type PaymentOutcome =
  | { outcome: 'paid'; orderNo: string }
  | { outcome: 'duplicate'; orderNo: string }
  | { outcome: 'refused'; reason: 'unknown_order' | 'amount' | 'merchant' | 'order_closed' | 'method' | 'paid_otherwise' | 'not_paid' };

export type ReportedPayment = { orderNo: string; transactionId: string; amountFen: number; source: 'notification' | 'query' };

/**
 * Records a WeChat payment of an order: one conditional UPDATE moves it pending → paid only when
 * it is still pending, paid by WeChat and for exactly its amount, and the delivery is queued in
 * the same transaction. Fifty copies of one notification, or a notification racing the query,
 * pay it once; the others read as duplicates.
 */
export async function recordWechatPayment(database: Database, p: ReportedPayment): Promise<PaymentOutcome> {
  return database.db.transaction(async (tx) => {
    const [paid] = await database.rows<{ company_id: string }>(
      sql`UPDATE orders SET status = 'paid', paid_at = now(), transaction_id = ${p.transactionId}, paid_fen = ${p.amountFen}
          WHERE order_no = ${p.orderNo} AND status = 'pending_payment' AND pay_method = 'wechat' AND total_fen = ${p.amountFen}
            AND NOT EXISTS (SELECT 1 FROM orders x WHERE x.transaction_id = ${p.transactionId})
          RETURNING company_id`,
      tx,
    );
    if (paid) {
      await queueDelivery(database, tx, p.orderNo);
      await recordAudit(
        database,
        tx,
        { ...SYSTEM_ACTOR, name: 'WeChat Pay' },
        {
          action: 'order.pay',
          companyId: paid.company_id,
          targetType: 'order',
          targetId: p.orderNo,
          targetLabel: p.orderNo,
          changes: { status: ['pending_payment', 'paid'], transactionId: [null, p.transactionId], via: [null, p.source] },
        },
      );
      return { outcome: 'paid', orderNo: p.orderNo };
    }
    return whyNotPaid(database, tx, p);
  });
}

async function whyNotPaid(database: Database, tx: Tx, p: ReportedPayment): Promise<PaymentOutcome> {
  const [o] = await database.rows<{ status: string; pay_method: string; total_fen: number; transaction_id: string | null }>(
    sql`SELECT status, pay_method, total_fen::float8 AS total_fen, transaction_id FROM orders WHERE order_no = ${p.orderNo}`,
    tx,
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
