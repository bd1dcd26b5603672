import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import type { JobHandler, Periodic } from '../../jobs/runner.js';
import { recordAuditMany } from '../audit/index.js';
import { DELIVER_JOB, deliverOrder, SYSTEM_ACTOR } from './delivery.js';
import type { PaymentGateway } from './gateway.js';
import { closeAtWechat } from './order-changes.js';
import { queryPayment } from './wechat.js';

export const EXPIRE_JOB = 'order.expire';
export const QUERY_JOB = 'order.query';

/** Orders handled per run, so one run stays short. */
const BATCH = 200;

/**
 * Expires pending orders past their deadline: WeChat ones are closed at WeChat first (one paid
 * meanwhile is recorded and delivered instead), then one conditional UPDATE per batch moves only
 * orders still pending, so a payment that commits first wins.
 */
export async function expireOrders(database: Database, gateway: PaymentGateway | null): Promise<number> {
  const due = await database.rows<Row<'orders', 'order_no' | 'pay_method' | 'code_url'>>(
    sql`SELECT order_no, pay_method, code_url FROM orders WHERE status = 'pending_payment' AND expires_at <= now() ORDER BY expires_at LIMIT ${BATCH}`,
  );
  const closable: string[] = [];
  for (const o of due) {
    if (o.pay_method === 'wechat' && o.code_url && gateway) {
      try {
        await closeAtWechat(database, gateway, o.order_no);
      } catch {
        continue; // paid after all, or WeChat unreachable: the next run looks again
      }
    }
    closable.push(o.order_no);
  }
  if (closable.length === 0) return 0;
  return database.db.transaction(async (tx) => {
    const expired = await database.rows<Row<'orders', 'order_no' | 'company_id'>>(
      sql`UPDATE orders SET status = 'expired'
          WHERE order_no IN ${closable} AND status = 'pending_payment' AND expires_at <= now()
          RETURNING order_no, company_id`,
      tx,
    );
    await recordAuditMany(
      database,
      tx,
      SYSTEM_ACTOR,
      expired.map((o) => ({
        action: 'order.expire' as const,
        companyId: o.company_id,
        targetType: 'order',
        targetId: o.order_no,
        targetLabel: o.order_no,
        changes: { status: ['pending_payment', 'expired'] },
      })),
    );
    return expired.length;
  });
}

/** WeChat orders whose notification has not come a minute after the code was shown: ask WeChat. */
export async function queryPendingPayments(database: Database, gateway: PaymentGateway): Promise<number> {
  const due = await database.rows<Row<'orders', 'order_no'>>(
    sql`SELECT order_no FROM orders
        WHERE status = 'pending_payment' AND pay_method = 'wechat' AND code_url IS NOT NULL AND created_at < now() - interval '1 minute'
          AND (queried_at IS NULL OR queried_at < now() - interval '1 minute')
        ORDER BY created_at LIMIT ${BATCH}`,
  );
  let paid = 0;
  for (const o of due) {
    try {
      const r = await queryPayment(database, gateway, o.order_no, 60_000);
      if (r?.outcome === 'paid') paid++;
    } catch {
      // WeChat unreachable: the next run asks again
    }
  }
  return paid;
}

export function orderJobs(deps: { database: Database; gateway: PaymentGateway | null }): { handlers: Record<string, JobHandler>; periodic: Periodic[] } {
  const { database, gateway } = deps;
  return {
    handlers: {
      [DELIVER_JOB]: async (payload: { orderNo: string }) => {
        await deliverOrder(database, payload.orderNo);
      },
      [EXPIRE_JOB]: async () => {
        await expireOrders(database, gateway);
      },
      [QUERY_JOB]: async () => {
        if (gateway) await queryPendingPayments(database, gateway);
      },
    },
    periodic: [
      { name: EXPIRE_JOB, everyMs: 60_000 },
      { name: QUERY_JOB, everyMs: 60_000 },
    ],
  };
}
