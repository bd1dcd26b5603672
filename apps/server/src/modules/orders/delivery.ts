import { PRODUCT_UNIT, type TOrder } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { Narrow, Row } from '../../db/row.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { grantData } from '../companies/index.js';
import { emitWebhookEvent } from '../developer/index.js';
import { grantLicenses, payerOf } from '../licenses/index.js';

export const DELIVER_JOB = 'order.deliver';

/** The platform acting on its own (payment notifications, jobs). */
export const SYSTEM_ACTOR: Actor = { kind: 'system', id: null, name: 'system', companyId: null, address: null, requestId: null };

/** What an order row delivers, as SQL over its own product_type and quantity: { licenses } | { dataMb } | { acLicenses }. */
export const deliveredJson = sql.raw(
  `CASE product_type WHEN 0 THEN jsonb_build_object('licenses', quantity * ${PRODUCT_UNIT[0].licenses})
                     WHEN 1 THEN jsonb_build_object('dataMb', quantity * ${PRODUCT_UNIT[1].dataMb})
                     ELSE jsonb_build_object('acLicenses', quantity * ${PRODUCT_UNIT[4].acLicenses}) END`,
);

/** Queues the delivery of a paid order in the transaction that marks it paid: a crash after the commit still delivers. */
export async function queueDelivery(database: Database, tx: Tx, orderNo: string): Promise<void> {
  await database.rows(sql`INSERT INTO jobs (name, payload, max_attempts) VALUES (${DELIVER_JOB}, ${JSON.stringify({ orderNo })}::jsonb, 20)`, tx);
}

/**
 * Delivers a paid order: the conditional UPDATE paid → completed and the ledger rows share one
 * transaction, so however often it runs (inline after the payment, the queued job, a retry after
 * a crash) the goods arrive once. The stock goes to the company that pays for the buyer.
 * Returns false when there was nothing to deliver.
 */
export async function deliverOrder(database: Database, orderNo: string): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const [o] = await database.rows<Narrow<Row<'orders', 'company_id' | 'delivered'>, { delivered: NonNullable<TOrder['delivered']> }>>(
      sql`UPDATE orders SET status = 'completed', completed_at = now(), delivered = ${deliveredJson}
          WHERE order_no = ${orderNo} AND status = 'paid'
          RETURNING company_id, delivered`,
      tx,
    );
    if (!o) return false;
    const { delivered } = o;
    const payer = await payerOf(database, o.company_id, tx);
    if (delivered.licenses) await grantLicenses(database, tx, payer.id, delivered.licenses, 'purchase', orderNo);
    if (delivered.dataMb) await grantData(database, tx, payer.id, delivered.dataMb, 'topup', orderNo);
    if (delivered.acLicenses)
      await database.rows(
        sql`INSERT INTO ac_license_ledger (company_id, delta, reason, ref) VALUES (${payer.id}, ${delivered.acLicenses}, 'purchase', ${orderNo})`,
        tx,
      );
    await recordAudit(database, tx, SYSTEM_ACTOR, {
      action: 'order.deliver',
      companyId: o.company_id,
      targetType: 'order',
      targetId: orderNo,
      targetLabel: orderNo,
      changes: { status: ['paid', 'completed'], delivered: [null, delivered] },
    });
    await emitWebhookEvent(database, tx, o.company_id, 'order.delivered', { orderNo, delivered });
    return true;
  });
}

/** Delivers now what was just paid; when that fails the queued job delivers later. */
export async function deliverSoon(database: Database, orderNo: string, log?: { warn(o: object, m: string): void }): Promise<void> {
  try {
    await deliverOrder(database, orderNo);
  } catch (err) {
    log?.warn({ err, orderNo }, 'delivery deferred to the job');
  }
}
