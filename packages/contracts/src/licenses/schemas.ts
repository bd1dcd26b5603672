import { z } from 'zod';
import { field } from '../core/labels.js';
import { zPage, zPageNum, zPageSize } from '../core/paging.js';
import { IMEI_RE, LIMITS } from '../shared/limits.js';
import { LICENSE_LEDGER_REASONS } from './constants.js';

export const zLicenseCount = z.object({
  stock: z.number().int(),
  inUse: z.number().int(),
  expiring30d: z.number().int(),
  /** Licenses held back for this month's auto-renewals */
  reserved: z.number().int(),
  /** how many devices an import may add now: stock minus reserved */
  importable: z.number().int(),
});
export type TLicenseCount = z.infer<typeof zLicenseCount>;

export const zLicenseLedgerRequest = z.object({
  reason: field('变动类型', 'change type', z.enum(LICENSE_LEDGER_REASONS)).optional(),
  from: field('开始日期', 'start date', z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).optional(),
  to: field('结束日期', 'end date', z.string().regex(/^\d{4}-\d{2}-\d{2}$/)).optional(),
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(10),
});
export const zLicenseLedgerRow = z.object({
  id: z.number().int(),
  at: z.string(),
  delta: z.number().int(),
  reason: z.enum(LICENSE_LEDGER_REASONS),
  /** the device a use or renewal was for */
  imei: z.string().nullable(),
  /** the order a purchase came from */
  orderNo: z.string().nullable(),
  userName: z.string().nullable(),
  /** the stock after this change */
  balance: z.number().int(),
});
export type TLicenseLedgerRow = z.infer<typeof zLicenseLedgerRow>;
export const zLicenseLedger = zPage(zLicenseLedgerRow);

export const zExpiringRequest = z.object({ pageNum: zPageNum.default(1), pageSize: zPageSize.default(10) });
export const zExpiringDevice = z.object({
  id: z.string(),
  imei: z.string(),
  name: z.string(),
  companyName: z.string(),
  licenseExpiresAt: z.string(),
  autoRenew: z.boolean(),
});
export type TExpiringDevice = z.infer<typeof zExpiringDevice>;
export const zExpiringList = zPage(zExpiringDevice);

/** Auto-renewal for up to 100 devices at once, or for every device the caller reaches. */
export const zAutoRenewBulk = z
  .object({
    imeis: field('IMEI 列表', 'IMEIs', z.array(z.string().regex(IMEI_RE)).min(1).max(LIMITS.imeisPerOperation)).optional(),
    all: field('全部设备', 'all devices', z.boolean()).optional(),
    autoRenew: field('自动续费', 'auto-renewal', z.boolean()),
  })
  .refine((v) => (v.imeis ? !v.all : v.all === true), { path: ['imeis'], message: 'IMEIs or all, not both' });
export const zAutoRenewBulkResult = z.object({ updated: z.number().int() });
