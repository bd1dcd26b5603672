import type { TMerchandise, TOrderDetail } from '@rrp/contracts';

export const ORDER_NO = 'R20261120000000000001';

/** The catalogue as `/merchandise/list` answers it: Licenses on promotion, data and AC Licenses at their unit price. */
export const MERCHANDISE: { list: TMerchandise[] } = {
  list: [
    {
      productType: 0,
      name: '设备 License',
      unitPrice: 69.9,
      promoPrice: 59.9,
      promoUntil: '2026-12-31T16:00:00Z',
      price: 59.9,
      updatedAt: '2026-11-01T00:00:00Z',
    },
    { productType: 1, name: '流量充值', unitPrice: 10, promoPrice: null, promoUntil: null, price: 10, updatedAt: '2026-11-01T00:00:00Z' },
    { productType: 4, name: 'AC License', unitPrice: 5.5, promoPrice: null, promoUntil: null, price: 5.5, updatedAt: '2026-11-01T00:00:00Z' },
  ],
};

/** An order as `/merchandiseOrder/detail` answers it: 7 Licenses by WeChat Pay, waiting for payment; tests override what they are about. */
export function orderDetail(overrides: Partial<TOrderDetail> = {}): TOrderDetail {
  return {
    orderNo: ORDER_NO,
    productType: 0,
    productName: '设备 License',
    unitPrice: 59.9,
    quantity: 7,
    totalAmount: 419.3,
    payMethod: 'wechat',
    payerName: '示例科技',
    remark: null,
    status: 'pending_payment',
    companyId: 'c1',
    companyName: '示例科技',
    createdBy: 'Alice',
    createdAt: '2026-11-20T08:00:00Z',
    expiresAt: '2026-11-20T10:00:00Z',
    paidAt: null,
    completedAt: null,
    cancelledAt: null,
    transactionId: null,
    bankTransactionNo: null,
    remittanceCode: null,
    remittanceState: null,
    remittanceRejectReason: null,
    delivered: null,
    remittanceAccount: null,
    transferDueAt: null,
    ...overrides,
  };
}

/** The same order paid by offline remittance, waiting for the transfer. */
export function offlineOrder(overrides: Partial<TOrderDetail> = {}): TOrderDetail {
  return orderDetail({
    orderNo: 'R20261120000000000002',
    payMethod: 'offline',
    remittanceCode: 'RM7K2Q9X',
    remittanceState: 'awaiting_transfer',
    remittanceAccount: { accountName: 'RRP 科技有限公司', bankName: '招商银行上海分行', accountNo: '1219 0000 0000 8888' },
    transferDueAt: '2026-11-23T08:00:00Z',
    expiresAt: '2026-11-30T08:00:00Z',
    ...overrides,
  });
}
