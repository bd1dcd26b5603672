import { z } from 'zod';
import { IMEI_RE, LIMITS } from './limits.js';

/** Regions a device is imported into; the network simulator picks operators by region. */
export const REGIONS = ['china_mainland', 'hong_kong', 'southeast_asia', 'europe', 'americas'] as const;
export type Region = (typeof REGIONS)[number];

export const DEVICE_STATUSES = ['in_stock', 'physical_card', 'esim', 'seed_card', 'service_expired'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const REAL_NAME_STATUSES = ['real_name', 'not_real_name', 'pre_order'] as const;

/** One License: a year of service and 100 MB added to the company's data pool. */
export const LICENSE = { years: 1, dataMb: 100, expiryWarningDays: 30 } as const;
export const DEVICE_TIMING = { switchCooldownMs: 5 * 60_000, syncResultMs: 30_000 } as const;
export const EXPORT_LIMITS = { dayModeMaxDays: 3, customMaxDays: 90 } as const;

export const zImei = z.string().regex(IMEI_RE);

export const zDeviceListRequest = z.object({
  pageNum: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(LIMITS.pageSizeMax).default(20),
  /** opaque keyset cursor from the previous page; when given, pageNum is ignored */
  cursor: z.string().max(200).optional(),
  name: z.string().trim().max(LIMITS.deviceNameMax).optional(),
  imei: z
    .string()
    .trim()
    .regex(/^\d{1,15}$/)
    .optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
  online: z.boolean().optional(),
  groupId: z.string().uuid().optional(),
  sort: z.enum(['created_desc', 'usage_yesterday_desc', 'usage_yesterday_asc', 'usage_month_desc', 'usage_month_asc']).default('created_desc'),
});
export type TDeviceListRequest = z.infer<typeof zDeviceListRequest>;

export const zDeviceRow = z.object({
  id: z.string(),
  imei: z.string(),
  name: z.string(),
  region: z.string(),
  status: z.enum(DEVICE_STATUSES),
  online: z.boolean(),
  suspended: z.boolean(),
  autoRenew: z.boolean(),
  realName: z.enum(REAL_NAME_STATUSES),
  iccid: z.string().nullable(),
  operator: z.string().nullable(),
  networkType: z.string().nullable(),
  signalLevel: z.number().int().nullable(),
  area: z.string().nullable(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  strategyName: z.string().nullable(),
  usageYesterdayMb: z.number(),
  usageMonthMb: z.number(),
  activatedAt: z.string().nullable(),
  licenseExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TDeviceRow = z.infer<typeof zDeviceRow>;

export const zDeviceList = z.object({
  total: z.number().int(),
  list: z.array(zDeviceRow),
  /** cursor of the next page, null on the last */
  nextCursor: z.string().nullable(),
});

export const zImeiRequest = z.object({ imei: zImei });

export const zDeviceOperation = z.object({
  id: z.number().int(),
  action: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  operator: z.string().nullable(),
  detail: z.unknown().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const zDeviceDetail = z.object({
  device: zDeviceRow,
  operations: z.array(zDeviceOperation),
  /** usage per UTC day for the last 30 days and per month for the last 6 months, MB */
  usageDaily: z.array(z.object({ day: z.string(), mb: z.number() })),
  usageMonthly: z.array(z.object({ month: z.string(), mb: z.number() })),
  /** when a card switch is possible again (null: now) */
  switchAvailableAt: z.string().nullable(),
});

export const zMigrateRequest = z.object({
  /** one IMEI per line, or an array */
  imeis: z.union([z.string().max(16 * LIMITS.imeisPerOperation + 200), z.array(z.string()).max(LIMITS.imeisPerOperation)]),
  companyId: z.string().uuid(),
});

export const zImportTask = z.object({
  id: z.string(),
  taskName: z.string(),
  region: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  total: z.number().int(),
  processed: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  operator: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TImportTask = z.infer<typeof zImportTask>;

export const zLicenseCount = z.object({
  stock: z.number().int(),
  inUse: z.number().int(),
  expiring30d: z.number().int(),
  /** Licenses held back for this month's auto-renewals */
  reserved: z.number().int(),
  /** how many devices an import may add now: stock minus reserved */
  importable: z.number().int(),
});

export const zGroup = z.object({ id: z.string(), name: z.string(), isDefault: z.boolean(), deviceCount: z.number().int(), createdAt: z.string() });
export const zGroupName = z.string().trim().min(1).max(20);

export const zAutoRenewRequest = z.object({ imei: zImei, autoRenew: z.boolean() });
export const zImportTaskRequest = z.object({ id: z.string().uuid() });
export const zImportLogList = z.object({ total: z.number().int(), list: z.array(zImportTask) });
/** a command sent to a device: it completes later; the hint says when to look */
export const zDeviceActionResult = z.object({ operationId: z.number().int(), hint: z.string() });
export const zRenewResult = z.object({ licenseExpiresAt: z.string(), status: z.enum(DEVICE_STATUSES) });
export const zMigrateResult = z.object({ moved: z.number().int() });
export const zGroupList = z.object({ list: z.array(zGroup) });
export const zGroupAdd = z.object({ name: z.string().optional() });
export const zGroupRename = z.object({ id: z.string().uuid(), name: z.string().optional() });
export const zGroupIdRequest = z.object({ id: z.string().uuid() });
export const zGroupMove = z.object({
  groupId: z.string().uuid().optional(),
  /** one IMEI per line, or an array */
  imeis: z.union([z.string().max(16 * LIMITS.imeisPerOperation + 200), z.array(z.string()).max(LIMITS.imeisPerOperation)]),
});
export const EXPORT_MODES = ['day', 'month', 'custom'] as const;
export const zExportQuery = z.object({
  mode: z.enum(EXPORT_MODES),
  start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
/** why an import row was refused */
export const IMPORT_FAILURE_REASONS = ['imei_format', 'name_too_long', 'duplicate_in_file', 'already_imported', 'other_company'] as const;
export type ImportFailureReason = (typeof IMPORT_FAILURE_REASONS)[number];

/**
 * Precise texts some device errors travel with (the code stays the catalogue's: 23010 for the
 * import limit, 23013 for the export range); `{name}` placeholders are filled from params.
 */
export const DEVICE_ERROR_TEXTS = {
  importLimit: {
    zh: 'License 库存不足（已为本月自动续费预留），本次最多可导入 {count} 台设备',
    en: 'Not enough Licenses in stock (some are reserved for this month’s auto-renewals): at most {count} devices can be imported now',
  },
  exportBadDate: { zh: '导出日期不合法，格式为 YYYY-MM-DD', en: 'The export date is invalid: use YYYY-MM-DD' },
  exportStartAfterEnd: { zh: '开始日期不能晚于结束日期', en: 'The start date must not be after the end date' },
  exportDayMax: { zh: '按日导出最多 {max} 天', en: 'Day mode exports at most {max} days' },
  exportMonthCross: { zh: '按月导出不能跨月', en: 'Month mode cannot cross months' },
  exportCustomMax: { zh: '自定义导出最多 {max} 天', en: 'Custom exports cover at most {max} days' },
} as const;
export type DeviceErrorText = keyof typeof DEVICE_ERROR_TEXTS;

export const IMPORT_FAILURE_TEXTS: Record<ImportFailureReason, { zh: string; en: string }> = {
  imei_format: { zh: 'IMEI 错误，应为 15 位数字', en: 'Wrong IMEI: it must be 15 digits' },
  name_too_long: { zh: '设备名称超过 30 个字符', en: 'The device name is longer than 30 characters' },
  duplicate_in_file: { zh: '文件内 IMEI 重复', en: 'Duplicate IMEI in the file' },
  already_imported: { zh: '设备已导入本账号', en: 'Already imported into this account' },
  other_company: { zh: '设备已属于其他账号', en: 'The device belongs to another account' },
};
