import type { Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';
import { prepare } from './setup.js';

const ORDER_NOT_FOUND = 27001;
const NOT_IN_ACCOUNT = 23009;
const PAYMENT_UNAVAILABLE = 27011;

type Placed = { orderNo: string };
const order = (fx: Fixtures, payMethod: 'wechat' | 'offline' = 'offline') =>
  prepare<Placed>(fx, 'POST /rrp/merchandiseOrder/create', { productType: 0, quantity: 1, payMethod });
/** An offline order of the demo company whose transfer the customer reported. */
const submitted = async (fx: Fixtures) => {
  const o = await order(fx);
  await prepare(fx, 'POST /rrp/merchandiseOrder/remittance/confirm', { orderNo: o.orderNo, bankTransactionNo: 'MATRIX-1' });
  return o;
};
/** Calls naming one order of the demo company: the sub-company and a foreign company do not find it. */
const onDemoOrder = (body: (o: Placed) => unknown, make: (fx: Fixtures) => Promise<Placed> = order) => ({
  request: async (fx: Fixtures) => ({ body: body(await make(fx)) }),
  expect: { sub: ORDER_NOT_FOUND, foreign: ORDER_NOT_FOUND },
});

/** The catalogue, orders, payments, remittance reconciliation and License management. */
export const orderRows: MatrixRows = {
  'POST /rrp/merchandise/list': { ownerRowsAbsent: 'the products and prices are the platform’s, the same for every company' },
  // the sub-company is billed by its parent: it holds no purchase code
  'POST /rrp/merchandiseOrder/create': { request: () => ({ body: { productType: 0, quantity: 1, payMethod: 'offline' } }), expect: { sub: 10002 } },
  'POST /rrp/merchandiseOrder/query/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'POST /rrp/merchandiseOrder/detail': onDemoOrder((o) => ({ orderNo: o.orderNo })),
  'POST /rrp/merchandiseOrder/update': onDemoOrder((o) => ({ orderNo: o.orderNo, remark: '矩阵' })),
  'POST /rrp/merchandiseOrder/cancel': onDemoOrder((o) => ({ orderNo: o.orderNo })),
  // the matrix runs without WeChat Pay: the holder reaches the payment and learns it is unavailable
  'POST /rrp/merchandiseOrder/wechat/prepay': {
    ...onDemoOrder(
      (o) => ({ orderNo: o.orderNo }),
      (fx) => order(fx, 'wechat'),
    ),
    expect: { sub: ORDER_NOT_FOUND, foreign: ORDER_NOT_FOUND, holder: PAYMENT_UNAVAILABLE },
  },
  'POST /rrp/merchandiseOrder/payment/state': onDemoOrder(
    (o) => ({ orderNo: o.orderNo }),
    (fx) => order(fx, 'wechat'),
  ),
  'POST /rrp/merchandiseOrder/remittance/confirm': onDemoOrder((o) => ({ orderNo: o.orderNo, bankTransactionNo: 'MATRIX-2' })),

  'POST /ops/merchandise/list': {},
  'POST /ops/merchandise/update': { request: () => ({ body: { productType: 1, unitPrice: 10 } }) },
  'POST /ops/order/list': { request: () => ({ body: { remittanceState: 'submitted' } }) },
  'POST /ops/order/detail': { request: async (fx) => ({ body: { orderNo: (await order(fx)).orderNo } }) },
  'POST /ops/remittance/confirm': { request: async (fx) => ({ body: { orderNo: (await submitted(fx)).orderNo } }) },
  'POST /ops/remittance/reject': { request: async (fx) => ({ body: { orderNo: (await submitted(fx)).orderNo, reason: '未到账' } }) },

  'POST /pay/wechat/notify': { request: () => ({ body: { id: 'EV-1', resource: {} } }) },

  'POST /rrp/license/ledger/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'POST /rrp/license/expiring/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'POST /rrp/license/autoRenew/update': {
    request: async (fx) => ({ body: { imeis: [(await fx.device(fx.demo.id)).imei], autoRenew: false } }),
    expect: { sub: NOT_IN_ACCOUNT, foreign: NOT_IN_ACCOUNT },
  },
};
