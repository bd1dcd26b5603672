import { z } from 'zod';
import { field } from '../core/labels.js';
import { zId, zPage, zPageNum, zPageSize } from '../core/paging.js';
import { EMAIL_RE } from '../shared/limits.js';
import {
  ALARM_LEVELS,
  ALARM_PERIODS,
  ALARM_SCOPES,
  ALARM_SETTING_STATUSES,
  ALARM_STATES,
  ALARM_THRESHOLD_TYPES,
  ALARM_TYPES,
  ALARM_LIMITS as L,
} from './constants.js';

const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
const zDay = (zh: string, en: string) => field(zh, en, z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

// ---- data pool warning policy

const zPoolValue = (zh: string, en: string) => field(zh, en, z.number().int().min(L.poolValueMin).max(L.poolValueMax));

/** Warning and alarm values in MB of remaining pool: the warning fires first, so it is the larger. */
export const zPoolWarningUpdate = z
  .object({ warningValue: zPoolValue('预警值', 'warning value'), alarmValue: zPoolValue('告警值', 'alarm value') })
  .refine((v) => v.warningValue > v.alarmValue, { path: ['warningValue'], message: 'greater than the alarm value' });
export type TPoolWarningUpdate = z.infer<typeof zPoolWarningUpdate>;

export const zPoolWarning = z.object({
  /** null: no policy set */
  warningValue: z.number().int().nullable(),
  alarmValue: z.number().int().nullable(),
  /** the pool the policy watches: the paying company's (its parent's when billed by it) */
  payerCompanyName: z.string(),
  /** false for a company billed by its parent: it reads its payer's policy */
  editable: z.boolean(),
  dataTotalMb: z.number(),
  dataRemainingMb: z.number(),
  updatedAt: z.string().nullable(),
});
export type TPoolWarning = z.infer<typeof zPoolWarning>;

// ---- device alarm settings

const zThreshold = (zh: string, en: string) => field(zh, en, z.number().gt(0).max(L.thresholdMaxMb).refine(twoDecimals, { message: 'at most two decimals' }));

/** Receiver e-mails, comma-separated: at most 10, each an address. */
export const zAlarmEmails = field(
  '接收邮箱',
  'receiver e-mails',
  z
    .string()
    .trim()
    .min(1)
    .max(L.emailsMax * 101)
    .refine(
      (s) => {
        const list = s.split(/[,，]/).map((e) => e.trim());
        return list.length <= L.emailsMax && list.every((e) => EMAIL_RE.test(e) && e.length <= 100);
      },
      { message: `at most ${L.emailsMax} valid addresses, comma-separated` },
    ),
);

export const zAlarmSettingSave = z
  .object({
    id: zId('告警设置', 'alarm setting').optional(),
    name: field('告警名称', 'alarm name', z.string().trim().min(1).max(L.settingNameMax)),
    scope: field('告警范围', 'scope', z.enum(ALARM_SCOPES)),
    groupId: zId('设备分组', 'device group').optional(),
    thresholdType: field('阈值类型', 'threshold type', z.enum(ALARM_THRESHOLD_TYPES)).default('device_flow'),
    period: field('统计周期', 'period', z.enum(ALARM_PERIODS)),
    status: field('状态', 'status', z.enum(ALARM_SETTING_STATUSES)),
    emails: zAlarmEmails,
    threshold: zThreshold('告警阈值（MB）', 'threshold (MB)'),
    urgentThreshold: zThreshold('紧急阈值（MB）', 'urgent threshold (MB)'),
  })
  .refine((v) => v.urgentThreshold > v.threshold, { path: ['urgentThreshold'], message: 'greater than the threshold' })
  .refine((v) => v.scope !== 'group' || !!v.groupId, { path: ['groupId'], message: 'a group for the group scope' });
export type TAlarmSettingSave = z.infer<typeof zAlarmSettingSave>;

export const zAlarmSetting = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(ALARM_SCOPES),
  groupId: z.string().nullable(),
  /** the group's name in the reader's language (the default group localised) */
  groupName: z.string().nullable(),
  thresholdType: z.enum(ALARM_THRESHOLD_TYPES),
  period: z.enum(ALARM_PERIODS),
  status: z.enum(ALARM_SETTING_STATUSES),
  emails: z.string(),
  threshold: z.number(),
  urgentThreshold: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAlarmSetting = z.infer<typeof zAlarmSetting>;
export const zAlarmSettingList = z.object({ list: z.array(zAlarmSetting) });
export const zAlarmSettingIdRequest = z.object({ id: zId('告警设置', 'alarm setting') });

/** The recommended threshold: the last 7 complete UTC days' usage of the scope, per device. */
export const zAlarmRecommendRequest = z.object({
  scope: field('告警范围', 'scope', z.enum(ALARM_SCOPES)),
  groupId: zId('设备分组', 'device group').optional(),
  period: field('统计周期', 'period', z.enum(ALARM_PERIODS)),
});
export const zAlarmRecommendation = z.object({
  devices: z.number().int(),
  /** the largest device's usage over the last 7 days, scaled to the period (MB, two decimals) */
  thresholdMb: z.number().nullable(),
  /** the average device's, scaled likewise */
  averageMb: z.number().nullable(),
});

// ---- alarms

export const zAlarm = z.object({
  id: z.string(),
  /** a short number people can quote, e.g. A000123 */
  alarmNo: z.string(),
  /** in the reader's language */
  title: z.string(),
  type: z.enum(ALARM_TYPES),
  level: z.enum(ALARM_LEVELS),
  state: z.enum(ALARM_STATES),
  companyId: z.string(),
  companyName: z.string(),
  /** the device concerned (device alarms) */
  imei: z.string().nullable(),
  settingName: z.string().nullable(),
  createdAt: z.string(),
  escalatedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
  /** GET path of the xlsx of the devices concerned */
  downloadUrl: z.string(),
});
export type TAlarm = z.infer<typeof zAlarm>;

export const zAlarmListRequest = z.object({
  type: field('告警类型', 'alarm type', z.enum(ALARM_TYPES)).optional(),
  level: field('告警级别', 'alarm level', z.enum(ALARM_LEVELS)).optional(),
  state: field('告警状态', 'alarm state', z.enum(ALARM_STATES)).optional(),
  handled: field('是否已处理', 'handled', z.boolean()).optional(),
  imei: field('IMEI', 'IMEI', z.string().trim().max(15)).optional(),
  from: zDay('开始日期', 'start date').optional(),
  to: zDay('结束日期', 'end date').optional(),
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(10),
});
export const zAlarmList = zPage(zAlarm).extend({ openUnhandled: z.number().int() });
export const zAlarmHandle = z.object({ ids: field('告警', 'alarms', z.array(z.uuid()).min(1).max(100)) });
export const zAlarmDownloadQuery = z.object({ id: zId('告警', 'alarm') });
