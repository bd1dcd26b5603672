import { z } from 'zod';
import { field } from '../core/labels.js';
import { zPage, zPageNum, zPageSize } from '../core/paging.js';
import { LIMITS } from '../shared/limits.js';
import { BILL_MONTH_RE, BILLING_RATE_CODES } from './constants.js';

export const zBillMonth = field('账单月份', 'bill month', z.string().regex(BILL_MONTH_RE));

/** One month of a paying company, closed after the month ends (fees in yuan). */
export const zBill = z.object({
  id: z.string(),
  billMonth: z.string(),
  /** Licenses, data and AC Licenses bought in the month (orders completed in it) */
  packageFee: z.number(),
  /** data beyond what the pool covered */
  overageFee: z.number(),
  /** data used outside the device's home region */
  roamingFee: z.number(),
  /** devices in service during the month × the number fee */
  numberFee: z.number(),
  total: z.number(),
  /** the date the month was closed */
  issueDate: z.string(),
  devices: z.number().int(),
  usageMb: z.number(),
  overageMb: z.number(),
  roamingMb: z.number(),
});
export type TBill = z.infer<typeof zBill>;

export const zBillListRequest = z.object({
  from: zBillMonth.optional(),
  to: zBillMonth.optional(),
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(12),
});
export const zBillList = zPage(zBill);

export const zBillRate = z.object({ code: z.enum(BILLING_RATE_CODES), price: z.number() });

/** A device's share of a bill. */
export const zBillLine = z.object({
  imei: z.string(),
  deviceName: z.string().nullable(),
  usageMb: z.number(),
  roamingMb: z.number(),
  roamingFee: z.number(),
  numberFee: z.number(),
});
export type TBillLine = z.infer<typeof zBillLine>;

export const zBillDetailRequest = z.object({
  id: field('账单', 'bill', z.uuid()),
  /** filter the device lines by IMEI (or part of it) */
  imei: field('IMEI', 'IMEI', z.string().trim().max(LIMITS.imeiLength)).optional(),
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(20),
});
export const zBillDetail = z.object({
  bill: zBill,
  rates: z.array(zBillRate),
  /** the orders behind the package fee */
  orders: z.array(z.object({ orderNo: z.string(), productName: z.string(), amount: z.number(), completedAt: z.string() })),
  lines: zPage(zBillLine),
});
export type TBillDetail = z.infer<typeof zBillDetail>;

export const zBillExportQuery = z.object({ id: field('账单', 'bill', z.uuid()) });

/** The device list's bill detail: a device's lines in the closed bills, newest first. */
export const zDeviceBillRequest = z.object({
  imei: field(
    'IMEI',
    'IMEI',
    z
      .string()
      .trim()
      .regex(/^\d{15}$/),
  ),
});
export const zDeviceBills = z.object({ list: z.array(zBillLine.extend({ billMonth: z.string() })) });
