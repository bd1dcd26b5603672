import { type Locale, normalizeLocale, type TOrder } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import type { PlatformScope } from '../../db/scope.js';
import { enqueueEmail } from '../../mail/outbox.js';
import type { MailTemplate } from '../../mail/templates.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { emitWebhookEvent } from '../developer/index.js';
import { deliverSoon, queueDelivery } from './delivery.js';
import { findOrder, orderOf } from './queries.js';
import { refuseUnlessPending } from './wechat.js';

/** The member who placed the order hears of the staff's decision, in their language (none when they left). */
async function tellBuyer(database: Database, tx: Tx, orderNo: string, template: MailTemplate): Promise<void> {
  const [u] = await database.rows<Row<'users', 'email' | 'locale'>>(
    sql`SELECT u.email, u.locale FROM orders o JOIN users u ON u.id = o.created_by WHERE o.order_no = ${orderNo} AND u.state = 'enabled'`,
    tx,
  );
  if (u) await enqueueEmail(database, tx, { to: u.email, locale: normalizeLocale(u.locale), template });
}

/**
 * Staff found the transfer: the order is paid (delivery queued in the same transaction)
 * and then delivered. Confirming again, or two staff members at once, changes nothing more: the
 * second answer is the confirmed order.
 */
export async function confirmRemittance(
  database: Database,
  ctx: { scope: PlatformScope; actor: Actor; locale: Locale; publicUrl: string; log?: { warn(o: object, m: string): void } },
  orderNo: string,
): Promise<TOrder> {
  const before = await findOrder(database, ctx.scope, orderNo);
  const moved = await database.db.transaction(async (tx) => {
    const [o] = await database.rows<Row<'orders', 'company_id'>>(
      sql`UPDATE orders SET status = 'paid', paid_at = now(), paid_fen = total_fen, remittance_state = 'confirmed', reconciled_by = ${ctx.actor.id}
          WHERE order_no = ${orderNo} AND pay_method = 'offline' AND status = 'pending_payment' AND remittance_state = 'submitted'
          RETURNING company_id`,
      tx,
    );
    if (!o) return false;
    await queueDelivery(database, tx, orderNo);
    await recordAudit(database, tx, ctx.actor, {
      action: 'remittance.confirm',
      companyId: o.company_id,
      targetType: 'order',
      targetId: orderNo,
      targetLabel: orderNo,
      changes: { status: ['pending_payment', 'paid'], remittanceState: ['submitted', 'confirmed'], bankTransactionNo: [null, before.bank_transaction_no] },
    });
    await tellBuyer(database, tx, orderNo, { kind: 'remittance-confirmed', orderNo, link: `${ctx.publicUrl}/order` });
    await emitWebhookEvent(database, tx, o.company_id, 'order.paid', { orderNo, payMethod: 'offline', amountFen: Number(before.total_fen) });
    return true;
  });
  if (moved) await deliverSoon(database, orderNo, ctx.log);
  else {
    const now = await findOrder(database, ctx.scope, orderNo);
    if (now.remittance_state !== 'confirmed') {
      if (now.pay_method === 'offline' && now.status === 'pending_payment' && now.remittance_state !== 'submitted') throw new AppError(27009);
      if (now.pay_method !== 'offline') throw new AppError(27008);
      refuseUnlessPending(now);
      throw new AppError(27008);
    }
  }
  return orderOf(await findOrder(database, ctx.scope, orderNo), ctx.locale);
}

/** The transfer was not found: the customer reads the reason and may send a corrected number. */
export async function rejectRemittance(
  database: Database,
  ctx: { scope: PlatformScope; actor: Actor; locale: Locale; publicUrl: string },
  b: { orderNo: string; reason: string },
): Promise<TOrder> {
  const before = await findOrder(database, ctx.scope, b.orderNo);
  await database.db.transaction(async (tx) => {
    const [o] = await database.rows(
      sql`UPDATE orders SET remittance_state = 'rejected', remittance_reject_reason = ${b.reason}, reconciled_by = ${ctx.actor.id}
          WHERE order_no = ${b.orderNo} AND pay_method = 'offline' AND status = 'pending_payment' AND remittance_state = 'submitted'
          RETURNING 1`,
      tx,
    );
    if (!o) {
      refuseUnlessPending(before);
      throw new AppError(before.pay_method === 'offline' && before.remittance_state !== 'submitted' ? 27009 : 27008);
    }
    await recordAudit(database, tx, ctx.actor, {
      action: 'remittance.reject',
      companyId: before.company_id,
      targetType: 'order',
      targetId: b.orderNo,
      targetLabel: b.orderNo,
      changes: { remittanceState: ['submitted', 'rejected'], reason: [null, b.reason] },
    });
    await tellBuyer(database, tx, b.orderNo, {
      kind: 'remittance-rejected',
      orderNo: b.orderNo,
      bankTransactionNo: before.bank_transaction_no ?? '',
      reason: b.reason,
      link: `${ctx.publicUrl}/order`,
    });
  });
  return orderOf(await findOrder(database, ctx.scope, b.orderNo), ctx.locale);
}
