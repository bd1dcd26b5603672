import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import type { PaymentGateway, ProviderTransaction } from './gateway.js';
import { type PaymentOutcome, recordPaymentEvent, recordWechatPayment } from './payment.js';
import { findOrder, type OrderRow } from './queries.js';

/** An order that cannot take a payment any more says why. */
export function refuseUnlessPending(o: OrderRow): void {
  if (o.status === 'pending_payment' && new Date(o.expires_at).getTime() > Date.now()) return;
  if (o.status === 'expired' || o.status === 'pending_payment') throw new AppError(27007);
  if (o.status === 'cancelled') throw new AppError(27013);
  throw new AppError(27012);
}

/**
 * The Native payment code of a WeChat order. WeChat answers the same code for the same order
 * number and content, so two clicks (or two members) get one payment, never two.
 */
export async function prepay(
  database: Database,
  gateway: PaymentGateway | null,
  scope: TenantScope,
  orderNo: string,
): Promise<{ codeUrl: string; expiresAt: string; simulatorPayUrl: string | null }> {
  const o = await findOrder(database, scope, orderNo);
  if (o.pay_method !== 'wechat') throw new AppError(27008, { field: 'orderNo' });
  refuseUnlessPending(o);
  if (!gateway) throw new AppError(27011);
  let codeUrl = o.code_url;
  if (!codeUrl) {
    try {
      ({ codeUrl } = await gateway.createNative({
        outTradeNo: o.order_no,
        description: o.product_name_zh,
        amountFen: o.total_fen,
        timeExpire: new Date(o.expires_at),
      }));
    } catch {
      throw new AppError(27011);
    }
    await database.rows(sql`UPDATE orders SET code_url = ${codeUrl} WHERE order_no = ${orderNo} AND ${scope.owns()} AND code_url IS NULL`);
  }
  return { codeUrl, expiresAt: new Date(o.expires_at).toISOString(), simulatorPayUrl: gateway.simulatorPayUrl?.(codeUrl) ?? null };
}

/** Applies what WeChat says about an order (a query's answer): a successful payment is recorded like a notification. */
export async function applyTransaction(
  database: Database,
  tx: ProviderTransaction,
  gateway: PaymentGateway,
  source: 'query' | 'notification',
  eventId?: string,
) {
  if (tx.tradeState !== 'SUCCESS' || !tx.transactionId || tx.amountFen === null) return { outcome: 'refused', reason: 'not_paid' } as const;
  if (tx.mchId !== gateway.mchId || tx.appId !== gateway.appId) return { outcome: 'refused', reason: 'merchant' } as const;
  return recordWechatPayment(database, { orderNo: tx.outTradeNo, transactionId: tx.transactionId, amountFen: tx.amountFen, source, eventId });
}

/** A pending WeChat order with its code, not asked about in the last `minGapMs`: the one asking now marks it (queried_at). */
const dueForQuery = (minGapMs: number) =>
  sql`status = 'pending_payment' AND pay_method = 'wechat' AND code_url IS NOT NULL
          AND (queried_at IS NULL OR queried_at < now() - ${`${minGapMs} milliseconds`}::interval)`;

/** Asks WeChat about a pending WeChat order at most every `minGapMs`, and records a payment it reports (the query job, for every company). */
export async function queryPayment(database: Database, gateway: PaymentGateway, orderNo: string, minGapMs: number): Promise<PaymentOutcome | null> {
  const [due] = await database.rows(sql`UPDATE orders SET queried_at = now() WHERE order_no = ${orderNo} AND ${dueForQuery(minGapMs)} RETURNING 1`);
  return due ? askWechat(database, gateway, orderNo) : null;
}

/** WeChat's answer about an order marked due, recorded (a payment like a notification, a refusal as a payment event). */
async function askWechat(database: Database, gateway: PaymentGateway, orderNo: string): Promise<PaymentOutcome | null> {
  const tx = await gateway.queryByOutTradeNo(orderNo);
  if (!tx) return null;
  const result = await applyTransaction(database, tx, gateway, 'query');
  if (result.outcome === 'refused' && result.reason !== 'not_paid')
    await recordPaymentEvent(database, { eventId: null, orderNo, outcome: 'refused', reason: result.reason, detail: { source: 'query' } });
  return result;
}

/** The state the payment dialog polls; while no notification came, WeChat is asked (every 5 s at most). */
export async function paymentState(database: Database, gateway: PaymentGateway | null, scope: TenantScope, orderNo: string) {
  let o = await findOrder(database, scope, orderNo);
  if (gateway && o.status === 'pending_payment' && o.pay_method === 'wechat' && o.code_url) {
    try {
      const [due] = await database.rows(
        sql`UPDATE orders SET queried_at = now() WHERE order_no = ${orderNo} AND ${scope.owns()} AND ${dueForQuery(5000)} RETURNING 1`,
      );
      const r = due ? await askWechat(database, gateway, orderNo) : null;
      if (r?.outcome === 'paid') o = await findOrder(database, scope, orderNo);
    } catch {
      // WeChat unreachable: the notification or the periodic query will tell
    }
  }
  return { status: o.status, delivered: o.delivered ?? null };
}
