import { memberEndpoint, providerEndpoint, staffEndpoint } from '../core/endpoint.js';
import { zNull } from '../core/paging.js';
import {
  zMerchandiseList,
  zMerchandiseUpdate,
  zOpsOrderList,
  zOpsOrderListRequest,
  zOrder,
  zOrderCreate,
  zOrderDetail,
  zOrderList,
  zOrderListRequest,
  zOrderNoRequest,
  zOrderUpdate,
  zPaymentState,
  zPrepay,
  zRemittanceConfirm,
  zRemittanceReject,
} from './schemas.js';

/** Buying: either purchase code lets a member in; the product's own code is checked against productType. */
const buy = { permission: ['MERCHANDISE_BUY_LICENSE', 'MERCHANDISE_BUY_DATA'], scope: 'company' } as const;
/** Paying an order: whoever may buy, or may manage the company's orders. */
const pay = { permission: ['MERCHANDISE_BUY_LICENSE', 'MERCHANDISE_BUY_DATA', 'ACCOUNT_ORDER'], scope: 'company' } as const;
const orders = { permission: 'ACCOUNT_ORDER', scope: 'subtree' } as const;

export const orderEndpoints = {
  'POST /rrp/merchandise/list': memberEndpoint({
    permission: null,
    scope: 'company',
    summary: 'The catalogue: each product with its unit price, promotional price and the price now (yuan)',
    response: zMerchandiseList,
  }),
  'POST /rrp/merchandiseOrder/create': memberEndpoint({
    ...buy,
    summary: 'Order a product at the price now; a company billed by its parent cannot buy',
    body: zOrderCreate,
    response: zOrderDetail,
    audit: 'order.create',
  }),
  'POST /rrp/merchandiseOrder/query/list': memberEndpoint({
    ...orders,
    summary: "Orders of the caller's company and its sub-companies, newest first, filtered",
    body: zOrderListRequest,
    response: zOrderList,
  }),
  'POST /rrp/merchandiseOrder/detail': memberEndpoint({
    ...orders,
    permission: ['ACCOUNT_ORDER', 'MERCHANDISE_BUY_LICENSE', 'MERCHANDISE_BUY_DATA'],
    summary: 'One order, with the bank account and transfer deadline of an offline order',
    body: zOrderNoRequest,
    response: zOrderDetail,
  }),
  'POST /rrp/merchandiseOrder/update': memberEndpoint({
    ...orders,
    scope: 'company',
    summary: 'Change the payer name or remark of an order that waits for payment',
    body: zOrderUpdate,
    response: zOrder,
    audit: 'order.update',
  }),
  'POST /rrp/merchandiseOrder/cancel': memberEndpoint({
    ...pay,
    summary: 'Cancel an order that waits for payment (its WeChat payment is closed)',
    body: zOrderNoRequest,
    response: zOrder,
    audit: 'order.cancel',
  }),
  'POST /rrp/merchandiseOrder/wechat/prepay': memberEndpoint({
    ...pay,
    summary: 'The WeChat Pay Native code of a WeChat order (created once, the same code until it expires)',
    body: zOrderNoRequest,
    response: zPrepay,
  }),
  'POST /rrp/merchandiseOrder/payment/state': memberEndpoint({
    ...pay,
    summary: "The order's payment state; asks WeChat Pay when no notification came yet",
    body: zOrderNoRequest,
    response: zPaymentState,
  }),
  'POST /rrp/merchandiseOrder/remittance/confirm': memberEndpoint({
    ...pay,
    summary: 'Tell the platform the transfer was made, with the bank transaction number',
    body: zRemittanceConfirm,
    response: zOrder,
    audit: 'order.remittance',
  }),
} as const;

const prices = { permission: 'OPS_PRICES', scope: 'platform' } as const;
const reconciliation = { permission: 'OPS_ORDERS', scope: 'platform' } as const;

export const orderOpsEndpoints = {
  'POST /ops/merchandise/list': staffEndpoint({ ...prices, summary: 'The catalogue with its prices', response: zMerchandiseList }),
  'POST /ops/merchandise/update': staffEndpoint({
    ...prices,
    summary: "Set a product's unit price and promotional price (orders keep the price they were made with)",
    body: zMerchandiseUpdate,
    response: zNull,
    audit: 'merchandise.update',
  }),
  'POST /ops/order/list': staffEndpoint({
    ...reconciliation,
    summary: 'Orders of every company; the reconciliation queue is remittanceState=submitted',
    body: zOpsOrderListRequest,
    response: zOpsOrderList,
  }),
  'POST /ops/order/detail': staffEndpoint({ ...reconciliation, summary: 'One order', body: zOrderNoRequest, response: zOrderDetail }),
  'POST /ops/remittance/confirm': staffEndpoint({
    ...reconciliation,
    summary: 'The transfer arrived: the order is paid and delivered, once',
    body: zOrderNoRequest,
    response: zOrder,
    audit: 'remittance.confirm',
  }),
  'POST /ops/remittance/reject': staffEndpoint({
    ...reconciliation,
    summary: 'The transfer was not found: the customer reads the reason and may correct the number',
    body: zRemittanceReject,
    response: zOrder,
    audit: 'remittance.reject',
  }),
} as const;

/** WeChat Pay's servers: payment notifications, verified by WeChat's signature over the raw body (docs/payments.md). */
export const orderProviderEndpoints = {
  'POST /pay/wechat/notify': providerEndpoint({
    summary: "WeChat Pay's payment notification: 204 when recorded (also for a duplicate), an error when refused",
    response: 'file',
  }),
} as const;
