import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Count } from '../../db/row.js';
import { handlers } from '../../http/handler.js';
import type { MemberCaller } from '../../plugins/auth.js';
import { listMerchandise, updateMerchandise } from './catalogue.js';
import { createOrder } from './create-order.js';
import type { PaymentGateway } from './gateway.js';
import { handleWechatNotification } from './notify.js';
import { cancelOrder, submitRemittance, updateOrder } from './order-changes.js';
import { findOrder, listOrders, orderDetailOf, type RemittanceAccount } from './queries.js';
import { confirmRemittance, rejectRemittance } from './reconciliation.js';
import { paymentState, prepay } from './wechat.js';

export type OrderDeps = { database: Database; gateway: PaymentGateway | null; remittanceAccount: RemittanceAccount; publicUrl: string };

export const orderHandlers = ({ database, gateway, remittanceAccount }: OrderDeps) =>
  handlers({
    'POST /rrp/merchandise/list': ({ locale }) => listMerchandise(database, locale),
    'POST /rrp/merchandiseOrder/create': ({ caller, scope, actor, locale, body }) =>
      createOrder(database, { caller: caller as MemberCaller, scope, actor, locale, account: remittanceAccount }, body),
    'POST /rrp/merchandiseOrder/query/list': ({ scope, body, locale }) => listOrders(database, scope, body, locale),
    'POST /rrp/merchandiseOrder/detail': async ({ scope, body, locale }) =>
      orderDetailOf(await findOrder(database, scope, body.orderNo), locale, remittanceAccount),
    'POST /rrp/merchandiseOrder/update': ({ scope, actor, locale, body }) => updateOrder(database, { scope, actor, locale }, body),
    'POST /rrp/merchandiseOrder/cancel': ({ scope, actor, locale, body }) => cancelOrder(database, gateway, { scope, actor, locale }, body.orderNo),
    'POST /rrp/merchandiseOrder/wechat/prepay': ({ scope, body }) => prepay(database, gateway, scope, body.orderNo),
    'POST /rrp/merchandiseOrder/payment/state': ({ scope, body }) => paymentState(database, gateway, scope, body.orderNo),
    'POST /rrp/merchandiseOrder/remittance/confirm': ({ scope, actor, locale, body }) => submitRemittance(database, { scope, actor, locale }, body),
  });

export const orderOpsHandlers = ({ database, remittanceAccount, publicUrl }: OrderDeps) =>
  handlers({
    'POST /ops/merchandise/list': ({ locale }) => listMerchandise(database, locale),
    'POST /ops/merchandise/update': ({ actor, body }) => updateMerchandise(database, actor, body),
    'POST /ops/order/list': async ({ scope, body, locale }) => {
      const [page, [queue]] = await Promise.all([
        listOrders(database, scope, body, locale),
        database.rows<Count>(sql`SELECT count(*)::int AS n FROM orders WHERE remittance_state = 'submitted' AND status = 'pending_payment'`),
      ]);
      return { ...page, awaitingReconciliation: queue.n };
    },
    'POST /ops/order/detail': async ({ scope, body, locale }) => orderDetailOf(await findOrder(database, scope, body.orderNo), locale, remittanceAccount),
    'POST /ops/remittance/confirm': ({ scope, actor, locale, req, body }) =>
      confirmRemittance(database, { scope, actor, locale, publicUrl, log: req.log }, body.orderNo),
    'POST /ops/remittance/reject': ({ scope, actor, locale, body }) => rejectRemittance(database, { scope, actor, locale, publicUrl }, body),
  });

export const paymentNotifyHandlers = ({ database, gateway }: OrderDeps) =>
  handlers({
    'POST /pay/wechat/notify': ({ req, reply }) => handleWechatNotification(database, gateway, { headers: req.headers, rawBody: req.rawBody }, reply),
  });
