import { z } from 'zod';
import { field } from '../core/labels.js';
import { zPage, zPageNum, zPageSize } from '../core/paging.js';
import { multiline } from '../core/text.js';
import { LIMITS } from '../shared/limits.js';
import { ORDER_LIMITS, ORDER_STATUSES, PAY_METHODS, PRODUCT_TYPES, REMITTANCE_STATES } from './constants.js';

const zDay = (zh: string, en: string) => field(zh, en, z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

export const zProductType = field(
  '商品类型',
  'product type',
  z.union(PRODUCT_TYPES.map((t) => z.literal(t)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<4>]),
);
export const zOrderNo = field(
  '订单号',
  'order number',
  z
    .string()
    .trim()
    .regex(/^R\d{20}$/),
);
export const zOrderNoRequest = z.object({ orderNo: zOrderNo });

/** A price in yuan with at most two decimals (stored in fen). */
export const zYuan = (zh: string, en: string) =>
  field(
    zh,
    en,
    z
      .number()
      .min(0.01)
      .max(ORDER_LIMITS.priceMaxYuan)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: 'at most two decimals' }),
  );

// ---- catalogue

/** A product with its prices now: `price` is the promotional price while it is valid, else the unit price. */
export const zMerchandise = z.object({
  productType: z.union([z.literal(0), z.literal(1), z.literal(4)]),
  /** the product's name in the reader's language */
  name: z.string(),
  unitPrice: z.number(),
  promoPrice: z.number().nullable(),
  /** the promotional price applies until this moment (ISO, UTC); null: no end */
  promoUntil: z.string().nullable(),
  /** what one unit costs if bought now */
  price: z.number(),
  updatedAt: z.string(),
});
export type TMerchandise = z.infer<typeof zMerchandise>;
export const zMerchandiseList = z.object({ list: z.array(zMerchandise) });

export const zMerchandiseUpdate = z
  .object({
    productType: zProductType,
    unitPrice: zYuan('单价', 'unit price'),
    promoPrice: zYuan('促销价', 'promotional price').nullable().default(null),
    promoUntil: field('促销截止时间', 'promotion end', z.iso.datetime({ offset: true }))
      .nullable()
      .default(null),
  })
  .refine((v) => v.promoPrice === null || v.promoPrice < v.unitPrice, { path: ['promoPrice'], message: 'below the unit price' })
  .refine((v) => v.promoPrice !== null || v.promoUntil === null, { path: ['promoUntil'], message: 'only with a promotional price' });
export type TMerchandiseUpdate = z.infer<typeof zMerchandiseUpdate>;

// ---- orders

export const zPayMethod = field('支付方式', 'payment method', z.enum(PAY_METHODS));
export const zPayerName = field('付款方名称', 'payer name', z.string().trim().min(1).max(ORDER_LIMITS.payerNameMax));
export const zRemark = field('备注', 'remark', z.string().trim().max(ORDER_LIMITS.remarkMax));

export const zOrderCreate = z.object({
  productType: zProductType,
  quantity: field('购买数量', 'quantity', z.number().int().min(ORDER_LIMITS.quantityMin).max(ORDER_LIMITS.quantityMax)),
  payMethod: zPayMethod,
  /** the name on the payment; defaults to the paying company's name (invoices must match it) */
  payerName: zPayerName.optional(),
  remark: zRemark.optional(),
});
export type TOrderCreate = z.infer<typeof zOrderCreate>;

export const zOrderUpdate = z.object({ orderNo: zOrderNo, payerName: zPayerName.optional(), remark: zRemark.optional() });

export const zBankTransactionNo = field('银行流水号', 'bank transaction number', z.string().trim().min(1).max(ORDER_LIMITS.bankTransactionNoMax));
export const zRemittanceConfirm = z.object({ orderNo: zOrderNo, bankTransactionNo: zBankTransactionNo });

/** What an order delivered, once completed. */
export const zDelivered = z.object({ licenses: z.number().int().optional(), dataMb: z.number().optional(), acLicenses: z.number().int().optional() });

export const zOrder = z.object({
  orderNo: z.string(),
  productType: z.union([z.literal(0), z.literal(1), z.literal(4)]),
  /** the product's name in the reader's language */
  productName: z.string(),
  unitPrice: z.number(),
  quantity: z.number().int(),
  totalAmount: z.number(),
  payMethod: z.enum(PAY_METHODS),
  payerName: z.string(),
  remark: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  companyId: z.string(),
  companyName: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** a pending order expires at this moment */
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** WeChat's transaction id once paid by WeChat Pay */
  transactionId: z.string().nullable(),
  bankTransactionNo: z.string().nullable(),
  /** the code the customer writes on the bank transfer (offline orders) */
  remittanceCode: z.string().nullable(),
  remittanceState: z.enum(REMITTANCE_STATES).nullable(),
  remittanceRejectReason: z.string().nullable(),
  delivered: zDelivered.nullable(),
});
export type TOrder = z.infer<typeof zOrder>;

export const zOrderFilters = z.object({
  status: field('订单状态', 'order status', z.enum(ORDER_STATUSES)).optional(),
  productType: zProductType.optional(),
  payMethod: zPayMethod.optional(),
  orderNo: field('订单号', 'order number', z.string().trim().max(24)).optional(),
  from: zDay('开始日期', 'start date').optional(),
  to: zDay('结束日期', 'end date').optional(),
});
export const zOrderListRequest = zOrderFilters.extend({ pageNum: zPageNum.default(1), pageSize: zPageSize.default(10) });
export const zOrderList = zPage(zOrder);

/** The bank account a remittance goes to. */
export const zRemittanceAccount = z.object({ accountName: z.string(), bankName: z.string(), accountNo: z.string() });

/** An order with what its payment dialog shows. */
export const zOrderDetail = zOrder.extend({
  /** the platform's account, for offline orders */
  remittanceAccount: zRemittanceAccount.nullable(),
  /** the transfer should arrive by then (offline orders) */
  transferDueAt: z.string().nullable(),
});
export type TOrderDetail = z.infer<typeof zOrderDetail>;

export const zPrepay = z.object({
  /** the Native payment link to show as a QR code */
  codeUrl: z.string(),
  expiresAt: z.string(),
  /** the payment simulator's page for this order, when payments go to the simulator */
  simulatorPayUrl: z.string().nullable(),
});

export const zPaymentState = z.object({ status: z.enum(ORDER_STATUSES), delivered: zDelivered.nullable() });

// ---- back office

export const zOpsOrderListRequest = zOrderFilters.extend({
  remittanceState: field('汇款状态', 'remittance state', z.enum(REMITTANCE_STATES)).optional(),
  /** order number, remittance code, bank transaction number or company name */
  keyword: field('关键字', 'keyword', z.string().trim().max(50)).optional(),
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(20),
});
export const zOpsOrderList = zPage(zOrder).extend({
  /** transfers waiting for reconciliation */
  awaitingReconciliation: z.number().int(),
});
export const zRemittanceReject = z.object({
  orderNo: zOrderNo,
  reason: multiline(field('驳回原因', 'rejection reason', z.string().trim().min(1).max(LIMITS.rejectReasonMax))),
});
