import { z } from 'zod';
import { field } from '../core/labels.js';
import { zId, zPage, zPageNum, zPageSize } from '../core/paging.js';
import { multiline } from '../core/text.js';
import { PAY_METHODS, PRODUCT_TYPES } from '../orders/constants.js';
import { zOrderNo } from '../orders/schemas.js';
import { SUPPORT_PHONE_RE } from '../platform/constants.js';
import { EMAIL_RE, LIMITS } from '../shared/limits.js';
import { INVOICE_FILE_KINDS, INVOICE_STATUSES, INVOICE_TYPES, INVOICE_LIMITS as L } from './constants.js';

const text = (zh: string, en: string, max: number) => field(zh, en, z.string().trim().min(1).max(max));
const zDay = (zh: string, en: string) => field(zh, en, z.string().regex(/^\d{4}-\d{2}-\d{2}$/));
const zPhone = (zh: string, en: string, max: number) => field(zh, en, z.string().trim().max(max).regex(SUPPORT_PHONE_RE));

export const zInvoiceType = field('发票类型', 'invoice type', z.enum(INVOICE_TYPES));
export const zInvoiceStatus = field('开票状态', 'invoice status', z.enum(INVOICE_STATUSES));

// ---- headers and recipients

/** An invoice header as the customer saves it (spec section 3: company title, taxpayer id, bank, account, address, phone). */
export const zInvoiceTitleFields = z.object({
  title: text('发票抬头', 'invoice title', L.titleMax),
  taxpayerId: field(
    '纳税人识别号',
    'taxpayer id',
    z
      .string()
      .trim()
      .min(1)
      .max(L.taxpayerIdMax)
      .regex(/^[0-9A-Za-z]+$/),
  ),
  bank: text('开户银行', 'bank', L.bankMax),
  bankAccount: field(
    '银行账号',
    'bank account',
    z
      .string()
      .trim()
      .min(1)
      .max(L.bankAccountMax)
      .regex(/^[0-9 -]+$/),
  ),
  registeredAddress: text('注册地址', 'registered address', L.registeredAddressMax),
  registeredPhone: zPhone('注册电话', 'registered phone', L.registeredPhoneMax),
});
export const zInvoiceTitleSave = zInvoiceTitleFields.extend({
  id: zId('发票抬头', 'invoice title').optional(),
  isDefault: field('默认抬头', 'default title', z.boolean()).default(false),
});
export type TInvoiceTitleSave = z.infer<typeof zInvoiceTitleSave>;
export const zInvoiceTitle = zInvoiceTitleFields.extend({ id: z.string(), isDefault: z.boolean(), updatedAt: z.string() });
export type TInvoiceTitle = z.infer<typeof zInvoiceTitle>;
export const zInvoiceTitleList = z.object({ list: z.array(zInvoiceTitle) });

/** Where the invoice goes: the e-mail for an electronic invoice, the postal address for a paper one. */
export const zRecipientFields = z.object({
  name: text('收件人', 'recipient name', L.recipientNameMax),
  phone: zPhone('收件人电话', 'recipient phone', L.recipientPhoneMax),
  address: field('收件地址', 'recipient address', z.string().trim().max(L.recipientAddressMax)).default(''),
  email: field('接收邮箱', 'receiving e-mail', z.string().trim().max(LIMITS.emailMax).regex(EMAIL_RE)),
});
export const zRecipientSave = zRecipientFields.extend({
  id: zId('收件人', 'recipient').optional(),
  isDefault: field('默认收件人', 'default recipient', z.boolean()).default(false),
});
export type TRecipientSave = z.infer<typeof zRecipientSave>;
export const zRecipient = zRecipientFields.extend({ id: z.string(), isDefault: z.boolean(), updatedAt: z.string() });
export type TRecipient = z.infer<typeof zRecipient>;
export const zRecipientList = z.object({ list: z.array(zRecipient) });

export const zTitleIdRequest = z.object({ id: zId('发票抬头', 'invoice title') });
export const zRecipientIdRequest = z.object({ id: zId('收件人', 'recipient') });

// ---- invoiceable orders

/** Money figures of an invoice or a selection, in yuan (computed in fen). */
export const zInvoiceAmounts = z.object({ net: z.number(), tax: z.number(), total: z.number() });
export type TInvoiceAmounts = z.infer<typeof zInvoiceAmounts>;

export const zInvoiceableAmount = z.object({
  /** completed orders not on an application that is in progress or issued */
  orders: z.number().int(),
  amount: z.number(),
  /** of it, orders paid by offline remittance (a special invoice may cover only these) */
  offlineAmount: z.number(),
  taxPercent: z.number(),
});

/** A completed order that can be invoiced. */
export const zInvoiceableOrder = z.object({
  orderNo: z.string(),
  productType: z.union(PRODUCT_TYPES.map((t) => z.literal(t)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<4>]),
  productName: z.string(),
  quantity: z.number().int(),
  totalAmount: z.number(),
  payMethod: z.enum(PAY_METHODS),
  payerName: z.string(),
  completedAt: z.string(),
  /** the invoice types this order allows: WeChat orders only ordinary */
  types: z.array(z.enum(INVOICE_TYPES)),
});
export type TInvoiceableOrder = z.infer<typeof zInvoiceableOrder>;
export const zInvoiceableOrderRequest = z.object({
  type: zInvoiceType.optional(),
  payerName: field('付款方名称', 'payer name', z.string().trim().max(40)).optional(),
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(50),
});
export const zInvoiceableOrderList = zPage(zInvoiceableOrder);

// ---- applications

export const zInvoiceApply = z.object({
  type: zInvoiceType,
  orderNos: field('订单', 'orders', z.array(zOrderNo).min(1).max(L.ordersPerApplication)),
  titleId: zId('发票抬头', 'invoice title'),
  recipientId: zId('收件人', 'recipient'),
});
export type TInvoiceApply = z.infer<typeof zInvoiceApply>;

export const zInvoiceOrderLine = z.object({
  orderNo: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  amount: z.number(),
  payMethod: z.enum(PAY_METHODS),
});

/** A timeline entry of a work order. */
export const zInvoiceEvent = z.object({
  at: z.string(),
  kind: z.enum(['applied', 'issued', 'cancelled']),
  by: z.string().nullable(),
  note: z.string().nullable(),
});

export const zInvoice = z.object({
  id: z.string(),
  /** the work order (ticket) number */
  ticketNo: z.string(),
  type: z.enum(INVOICE_TYPES),
  status: z.enum(INVOICE_STATUSES),
  title: zInvoiceTitleFields,
  recipient: z.object({ name: z.string(), phone: z.string(), address: z.string(), email: z.string() }),
  net: z.number(),
  tax: z.number(),
  total: z.number(),
  orderNos: z.array(z.string()),
  companyId: z.string(),
  companyName: z.string(),
  appliedAt: z.string(),
  applicant: z.string().nullable(),
  /** the staff member who issued or cancelled it */
  executor: z.string().nullable(),
  issuedAt: z.string().nullable(),
  invoiceNo: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  /** file name of the issued invoice (electronic) */
  fileName: z.string().nullable(),
  trackingNote: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** issued within this many working days of the application */
  expectedWorkingDays: z.number().int(),
});
export type TInvoice = z.infer<typeof zInvoice>;

export const zInvoiceDetail = zInvoice.extend({ orders: z.array(zInvoiceOrderLine), timeline: z.array(zInvoiceEvent) });
export type TInvoiceDetail = z.infer<typeof zInvoiceDetail>;

export const zInvoiceFilters = z.object({
  status: zInvoiceStatus.optional(),
  type: zInvoiceType.optional(),
  from: zDay('开始日期', 'start date').optional(),
  to: zDay('结束日期', 'end date').optional(),
});
export const zInvoiceListRequest = zInvoiceFilters.extend({ pageNum: zPageNum.default(1), pageSize: zPageSize.default(10) });
export const zInvoiceList = zPage(zInvoice);
export const zInvoiceIdRequest = z.object({ id: zId('开票工单', 'invoice work order') });
export const zInvoiceFileQuery = z.object({ id: zId('开票工单', 'invoice work order') });

export const zInvoiceCancel = z.object({
  id: zId('开票工单', 'invoice work order'),
  reason: multiline(field('取消原因', 'cancellation reason', z.string().trim().min(1).max(L.cancelReasonMax))),
});

// ---- back office

export const zOpsInvoiceListRequest = zInvoiceFilters.extend({
  /** ticket number, company name or header title */
  keyword: field('关键字', 'keyword', z.string().trim().max(50)).optional(),
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(20),
});
export const zOpsInvoiceList = zPage(zInvoice).extend({
  counts: z.object({ in_progress: z.number().int(), issued: z.number().int(), cancelled: z.number().int() }),
});

/** The text fields of the issue upload; the invoice file travels in the `file` part (electronic invoices). */
export const zInvoiceIssueFields = z.object({
  id: zId('开票工单', 'invoice work order'),
  invoiceNo: field(
    '发票号码',
    'invoice number',
    z
      .string()
      .trim()
      .min(1)
      .max(L.invoiceNoMax)
      .regex(/^[0-9A-Za-z-]+$/),
  ),
  invoiceDate: zDay('开票日期', 'invoice date'),
  /** paper invoices: the courier and tracking number */
  trackingNote: field('快递信息', 'tracking note', z.string().trim().max(L.trackingNoteMax)).optional(),
});
export type TInvoiceIssueFields = z.infer<typeof zInvoiceIssueFields>;
export const zInvoiceFileKind = z.enum(INVOICE_FILE_KINDS);
