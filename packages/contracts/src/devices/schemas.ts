import { z } from 'zod';
import { PROVIDER_KINDS } from '../connectivity/kinds.js';
import { field } from '../core/labels.js';
import { zId, zPage, zPageSize } from '../core/paging.js';
import { multiline } from '../core/text.js';
import { IMEI_RE, LIMITS } from '../shared/limits.js';
import { DEVICE_SORTS, DEVICE_STATUSES, EXPORT_MODES, GROUP_NAME_CODES, REAL_NAME_STATUSES, SWITCH_TARGETS } from './constants.js';

export const zImei = field('IMEI', 'IMEI', z.string().regex(IMEI_RE));

/** IMEIs of a multi-device operation: one per line, or an array. */
const zImeiList = multiline(
  field('IMEI 列表', 'IMEIs', z.union([z.string().max(16 * LIMITS.imeisPerOperation + 200), z.array(z.string().max(32)).max(LIMITS.imeisPerOperation)])),
);

export const zDeviceListRequest = z.object({
  pageNum: field('页码', 'page number', z.number().int().min(1).max(10_000)).default(1),
  pageSize: zPageSize.default(20),
  /** opaque keyset cursor from the previous page; when given, pageNum is ignored */
  cursor: field('分页游标', 'page cursor', z.string().max(200)).optional(),
  name: field('设备名称', 'device name', z.string().trim().max(LIMITS.deviceNameMax)).optional(),
  imei: field(
    'IMEI',
    'IMEI',
    z
      .string()
      .trim()
      .regex(/^\d{1,15}$/),
  ).optional(),
  status: field('设备状态', 'device status', z.enum(DEVICE_STATUSES)).optional(),
  online: field('在线状态', 'online status', z.boolean()).optional(),
  groupId: zId('分组', 'group').optional(),
  sort: field('排序', 'sort', z.enum(DEVICE_SORTS)).default('created_desc'),
});
export type TDeviceListRequest = z.infer<typeof zDeviceListRequest>;

/**
 * The operator platform a device's SIM lives on, as its customer sees it: the kind of platform
 * (what it can do is PLATFORM_CAPABILITIES[kind]), since when it cannot be reached (null: it can),
 * and whether it is disabled (commands refused). Never the account, its name or its errors.
 */
export const zDevicePlatform = z.object({ kind: z.enum(PROVIDER_KINDS), unreachableSince: z.string().nullable(), disabled: z.boolean() });
export type TDevicePlatform = z.infer<typeof zDevicePlatform>;

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
  /** the module's eUICC id, when it carries one (its eSIM in the eSIM list) */
  eid: z.string().nullable(),
  /** the mobile network operator the device is attached to */
  networkOperator: z.string().nullable(),
  /** the operator's PLMN code when the platform knows it (NETWORK_OPERATOR_CODES), for a name in the reader's language */
  networkOperatorCode: z.string().nullable(),
  networkType: z.string().nullable(),
  signalLevel: z.number().int().nullable(),
  area: z.string().nullable(),
  /** the area's code when the platform knows it (AREA_CODES) */
  areaCode: z.string().nullable(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  /** set when the group still has the name the platform gave it (GROUP_NAME_CODES) */
  groupNameCode: z.enum(GROUP_NAME_CODES).nullable(),
  strategyName: z.string().nullable(),
  /** the monthly hard data cap in MB that applies (the device's own, else its group's), and whether it suspended the device */
  dataCapMb: z.number().nullable(),
  capSuspended: z.boolean(),
  /** usage of the previous UTC day and of the current UTC month up to the end of that day (T+1) */
  usageYesterdayMb: z.number(),
  usageMonthMb: z.number(),
  usageYesterdayBytes: z.number(),
  usageMonthBytes: z.number(),
  activatedAt: z.string().nullable(),
  licenseExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  platform: zDevicePlatform,
});
export type TDeviceRow = z.infer<typeof zDeviceRow>;

export const zDeviceList = zPage(zDeviceRow).extend({
  /** cursor of the next page, null on the last */
  nextCursor: z.string().nullable(),
  /**
   * true when more devices match than the list counts (DEVICE_LIST_COUNT_CAP): `total` is then
   * the cap and reads as "10,000+"; every counted row is reachable by page number, the rest by cursor
   */
  totalCapped: z.boolean(),
});
export type TDeviceList = z.infer<typeof zDeviceList>;

export const zImeiRequest = z.object({ imei: zImei });

export const zSwitchCardRequest = z.object({
  imei: zImei,
  /** the card to switch to; refused when the device is already on it */
  target: field('目标卡', 'target card', z.enum(SWITCH_TARGETS)).optional(),
});

export const zDeviceOperation = z.object({
  id: z.number().int(),
  action: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  /** the name of the member who acted; null for the platform's own actions (auto-renewal, expiry) */
  actor: z.string().nullable(),
  detail: z.unknown().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TDeviceOperation = z.infer<typeof zDeviceOperation>;

export const zDeviceDetail = z.object({
  device: zDeviceRow,
  operations: z.array(zDeviceOperation),
  /**
   * usage per UTC day for the 30 days up to yesterday and per month for the last 6 months (the
   * current one up to yesterday): T+1, like the list's figures. MB rounded, and the exact bytes.
   */
  usageDaily: z.array(z.object({ day: z.string(), mb: z.number(), bytes: z.number() })),
  usageMonthly: z.array(z.object({ month: z.string(), mb: z.number(), bytes: z.number() })),
  /** the last UTC day the usage figures cover (yesterday) */
  usageThrough: z.string(),
  /** when a card switch is possible again (null: now) */
  switchAvailableAt: z.string().nullable(),
});
export type TDeviceDetail = z.infer<typeof zDeviceDetail>;

export const zMigrateRequest = z.object({ imeis: zImeiList, companyId: zId('目标公司', 'target company') });

export const zImportTask = z.object({
  id: z.string(),
  taskName: z.string(),
  region: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  total: z.number().int(),
  processed: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** the name of the member who started the import */
  actor: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TImportTask = z.infer<typeof zImportTask>;

/** The text fields of the import upload; the file travels in the `file` part. */
export const zImportFields = z.object({ region: field('区域', 'region', z.string().trim().max(40)).optional() });

export const zGroup = z.object({
  id: z.string(),
  name: z.string(),
  /** set when the group still has the name the platform gave it: the console shows that name in its own language */
  nameCode: z.enum(GROUP_NAME_CODES).nullable(),
  isDefault: z.boolean(),
  deviceCount: z.number().int(),
  /** the group's monthly hard data cap in MB (a device's own cap comes first) */
  dataCapMb: z.number().nullable(),
  createdAt: z.string(),
});
export type TGroup = z.infer<typeof zGroup>;
export const zGroupName = z.string().trim().min(1).max(20);
const zGroupNameField = field('分组名称', 'group name', z.string().max(200));

export const zAutoRenewRequest = z.object({ imei: zImei, autoRenew: field('自动续费', 'auto-renewal', z.boolean()) });
export const zImportTaskRequest = z.object({ id: zId('导入任务', 'import task') });
export const zImportFailuresParams = z.object({ taskId: zId('导入任务', 'import task') });
export const zImportLogList = zPage(zImportTask);
/** a command sent to a device: it completes later; the hint says when to look */
export const zDeviceActionResult = z.object({ operationId: z.number().int(), hint: z.string() });
export const zRenewResult = z.object({ licenseExpiresAt: z.string(), status: z.enum(DEVICE_STATUSES) });
export const zMigrateResult = z.object({ moved: z.number().int() });
export const zGroupList = z.object({ list: z.array(zGroup) });
export const zGroupAdd = z.object({ name: zGroupNameField.optional() });
export const zGroupAdded = z.object({ id: z.string() });
export const zGroupRename = z.object({ id: zId('分组', 'group'), name: zGroupNameField.optional() });
export const zGroupIdRequest = z.object({ id: zId('分组', 'group') });
export const zGroupMove = z.object({ groupId: zId('分组', 'group').optional(), imeis: zImeiList });
export const zMoved = z.object({ moved: z.number().int() });

const zDay = (zh: string, en: string) => field(zh, en, z.string().max(20));
export const zExportQuery = z.object({
  mode: field('导出方式', 'export mode', z.enum(EXPORT_MODES)),
  start: zDay('开始日期', 'start date'),
  end: zDay('结束日期', 'end date'),
});
export type TRenewResult = z.infer<typeof zRenewResult>;
export type TDeviceActionResult = z.infer<typeof zDeviceActionResult>;
export type TImportLogList = z.infer<typeof zImportLogList>;
