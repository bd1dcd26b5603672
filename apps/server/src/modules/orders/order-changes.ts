import type { Locale, TOrder } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import type { PaymentGateway } from './gateway.js';
import { findOrder, type OrderRow, orderOf } from './queries.js';
import { applyTransaction, refuseUnlessPending } from './wechat.js';

/**
 * Moves one order with a conditional UPDATE in its own transaction, with its audit event. When
 * the UPDATE matches nothing, the order's state says why (expired, cancelled, paid).
 */
async function moveOrder(
  database: Database,
  m: {
    orderNo: string;
    scope: TenantScope;
    set: SQL;
    when: SQL;
    actor: Actor;
    action: Parameters<typeof recordAudit>[3]['action'];
    changes: (o: OrderRow) => Record<string, [unknown, unknown]>;
  },
  locale: Locale,
): Promise<TOrder> {
  const before = await findOrder(database, m.scope, m.orderNo);
  await database.db.transaction(async (tx) => {
    const [moved] = await database.rows(
      sql`UPDATE orders o SET ${m.set} WHERE o.order_no = ${m.orderNo} AND ${m.scope.owns(sql`o.company_id`)} AND ${m.when} RETURNING 1`,
      tx,
    );
    if (!moved) {
      const now = await findOrder(database, m.scope, m.orderNo, tx);
      refuseUnlessPending(now);
      throw new AppError(27008);
    }
    await recordAudit(database, tx, m.actor, {
      action: m.action,
      companyId: before.company_id,
      targetType: 'order',
      targetId: m.orderNo,
      targetLabel: m.orderNo,
      changes: m.changes(before),
    });
  });
  return orderOf(await findOrder(database, m.scope, m.orderNo), locale);
}

const PENDING = sql`o.status = 'pending_payment' AND o.expires_at > now()`;

/** Payer name and remark of an order that waits for payment. */
export function updateOrder(
  database: Database,
  ctx: { scope: TenantScope; actor: Actor; locale: Locale },
  b: { orderNo: string; payerName?: string; remark?: string },
) {
  const set: SQL[] = [];
  if (b.payerName !== undefined) set.push(sql`payer_name = ${b.payerName}`);
  if (b.remark !== undefined) set.push(sql`remark = ${b.remark || null}`);
  if (set.length === 0) set.push(sql`payer_name = payer_name`);
  return moveOrder(
    database,
    {
      orderNo: b.orderNo,
      scope: ctx.scope,
      set: sql.join(set, sql`, `),
      when: PENDING,
      actor: ctx.actor,
      action: 'order.update',
      changes: (o) =>
        changesOf(
          { payerName: o.payer_name, remark: o.remark },
          { payerName: b.payerName ?? o.payer_name, remark: b.remark === undefined ? o.remark : b.remark || null },
        ),
    },
    ctx.locale,
  );
}

/**
 * Cancels an order that waits for payment. A WeChat order is closed at WeChat first: if the
 * customer paid in the meantime, the payment wins (it is recorded and delivered) and the
 * cancellation is refused.
 */
export async function cancelOrder(
  database: Database,
  gateway: PaymentGateway | null,
  ctx: { scope: TenantScope; actor: Actor; locale: Locale },
  orderNo: string,
): Promise<TOrder> {
  const o = await findOrder(database, ctx.scope, orderNo);
  refuseUnlessPending(o);
  if (o.pay_method === 'wechat' && o.code_url && gateway) await closeAtWechat(database, gateway, orderNo);
  return moveOrder(
    database,
    {
      orderNo,
      scope: ctx.scope,
      set: sql`status = 'cancelled', cancelled_at = now()`,
      // a transfer staff are reconciling may have arrived: no cancelling meanwhile
      when: sql`${PENDING} AND o.remittance_state IS DISTINCT FROM 'submitted'`,
      actor: ctx.actor,
      action: 'order.cancel',
      changes: () => ({ status: ['pending_payment', 'cancelled'] }),
    },
    ctx.locale,
  );
}

/** Closes a WeChat payment; one that was paid after all is recorded instead, and the caller learns so (27012). */
export async function closeAtWechat(database: Database, gateway: PaymentGateway, orderNo: string): Promise<void> {
  try {
    await gateway.close(orderNo);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ORDERPAID') {
      const tx = await gateway.queryByOutTradeNo(orderNo);
      if (tx) await applyTransaction(database, tx, gateway, 'query');
      throw new AppError(27012);
    }
    if (code !== 'ORDER_NOT_EXIST' && code !== 'ORDER_CLOSED') throw new AppError(27010);
  }
}

/** The customer says the transfer was made, with the bank's transaction number (again after a rejection, not while it is being reconciled). */
export function submitRemittance(
  database: Database,
  ctx: { scope: TenantScope; actor: Actor; locale: Locale },
  b: { orderNo: string; bankTransactionNo: string },
) {
  return moveOrder(
    database,
    {
      orderNo: b.orderNo,
      scope: ctx.scope,
      set: sql`bank_transaction_no = ${b.bankTransactionNo}, remittance_state = 'submitted', remittance_submitted_at = now(), remittance_reject_reason = NULL`,
      // a number under reconciliation stays as staff read it; a rejected one may be corrected
      when: sql`${PENDING} AND o.pay_method = 'offline' AND o.remittance_state IN ('awaiting_transfer', 'rejected')`,
      actor: ctx.actor,
      action: 'order.remittance',
      changes: (o) => ({ bankTransactionNo: [o.bank_transaction_no, b.bankTransactionNo], remittanceState: [o.remittance_state, 'submitted'] }),
    },
    ctx.locale,
  );
}
