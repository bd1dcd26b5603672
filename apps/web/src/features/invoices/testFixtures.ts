import type { TInvoiceableOrder, TInvoiceDetail, TInvoiceTitle, TRecipient } from '@rrp/contracts';

/*
 * What the invoice endpoints answer, shaped by the contracts, for the tests of the invoice page;
 * each test overrides what it is about.
 */

export const TITLE_ID = '2f1c3a4b-0000-4000-8000-000000000001';
export const OTHER_TITLE_ID = '2f1c3a4b-0000-4000-8000-000000000002';
export const RECIPIENT_ID = '3e2d1c0b-0000-4000-8000-000000000001';
export const INVOICE_ID = '4a5b6c7d-0000-4000-8000-000000000001';

export function invoiceableOrder(overrides: Partial<TInvoiceableOrder> = {}): TInvoiceableOrder {
  return {
    orderNo: 'R20261101000000000001',
    productType: 1,
    productName: '流量充值',
    quantity: 5,
    totalAmount: 49,
    payMethod: 'wechat',
    payerName: '示例科技',
    completedAt: '2026-11-01T09:30:00Z',
    types: ['ordinary'],
    ...overrides,
  };
}

/** A WeChat order of 49 yuan and an offline order of 60 yuan, both paid by 示例科技, and a third paid by another payer. */
export const ORDERS: TInvoiceableOrder[] = [
  invoiceableOrder(),
  invoiceableOrder({
    orderNo: 'R20261102000000000002',
    productType: 0,
    productName: '设备 License',
    quantity: 1,
    totalAmount: 60,
    payMethod: 'offline',
    completedAt: '2026-11-02T10:00:00Z',
    types: ['ordinary', 'special'],
  }),
  invoiceableOrder({
    orderNo: 'R20261103000000000003',
    totalAmount: 19.9,
    payerName: '华东子公司',
    completedAt: '2026-11-03T11:00:00Z',
  }),
];

export function invoiceTitle(overrides: Partial<TInvoiceTitle> = {}): TInvoiceTitle {
  return {
    id: TITLE_ID,
    title: '示例科技',
    taxpayerId: '91310000MA1FL0000X',
    bank: '招商银行上海分行',
    bankAccount: '1219 0000 0000 0001',
    registeredAddress: '上海市浦东新区世纪大道 100 号',
    registeredPhone: '021-12345678',
    isDefault: true,
    updatedAt: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

export function recipient(overrides: Partial<TRecipient> = {}): TRecipient {
  return {
    id: RECIPIENT_ID,
    name: '王会计',
    phone: '13800138000',
    address: '',
    email: 'finance@example.com',
    isDefault: true,
    updatedAt: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

export function invoiceDetail(overrides: Partial<TInvoiceDetail> = {}): TInvoiceDetail {
  const title = invoiceTitle();
  const r = recipient();
  return {
    id: INVOICE_ID,
    ticketNo: 'FP20261120000001',
    type: 'ordinary',
    status: 'in_progress',
    title: {
      title: title.title,
      taxpayerId: title.taxpayerId,
      bank: title.bank,
      bankAccount: title.bankAccount,
      registeredAddress: title.registeredAddress,
      registeredPhone: title.registeredPhone,
    },
    recipient: { name: r.name, phone: r.phone, address: r.address, email: r.email },
    net: 102.83,
    tax: 6.17,
    total: 109,
    orderNos: [ORDERS[0].orderNo, ORDERS[1].orderNo],
    companyId: 'c1',
    companyName: '示例科技',
    appliedAt: '2026-11-20T08:00:00Z',
    applicant: 'Alice',
    executor: null,
    issuedAt: null,
    invoiceNo: null,
    invoiceDate: null,
    fileName: null,
    trackingNote: null,
    cancelledAt: null,
    cancelReason: null,
    expectedWorkingDays: 2,
    orders: [
      { orderNo: ORDERS[0].orderNo, productName: '流量充值', quantity: 5, amount: 49, payMethod: 'wechat' },
      { orderNo: ORDERS[1].orderNo, productName: '设备 License', quantity: 1, amount: 60, payMethod: 'offline' },
    ],
    timeline: [{ at: '2026-11-20T08:00:00Z', kind: 'applied', by: 'Alice', note: null }],
    ...overrides,
  };
}
