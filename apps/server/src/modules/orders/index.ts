export { listMerchandise } from './catalogue.js';
export { fenToYuan, newNumber } from './codes.js';
export { DELIVER_JOB, deliverOrder, SYSTEM_ACTOR } from './delivery.js';
export type { PaymentGateway, ProviderTransaction } from './gateway.js';
export { type OrderDeps, orderHandlers, orderOpsHandlers, paymentNotifyHandlers } from './handlers.js';
export { EXPIRE_JOB, expireOrders, orderJobs, QUERY_JOB, queryPendingPayments } from './jobs.js';
export { recordWechatPayment } from './payment.js';
export type { RemittanceAccount } from './queries.js';
