import { z } from 'zod';
import { field } from '../core/labels.js';
import { zId } from '../core/paging.js';
import { DEVICE_STATUSES } from '../devices/constants.js';
import { OFFLINE_LENGTH_CLASSES, REPORT_FREQUENCIES, REPORT_KINDS, REPORT_PERIODS } from './constants.js';

export const zReportPeriod = field('统计周期', 'period', z.enum(REPORT_PERIODS));
export const zReportKind = field('报表', 'report', z.enum(REPORT_KINDS));

/** Every report: a period, and the caller's company or one of its sub-companies (default: the caller's). */
export const zReportRequest = z.object({ period: zReportPeriod, companyId: zId('公司', 'company').optional() });
export type TReportRequest = z.infer<typeof zReportRequest>;

export const zReportExportQuery = z.object({ report: zReportKind, period: zReportPeriod, companyId: zId('公司', 'company').optional() });

/**
 * What every report answers besides its figures: the window (UTC days, inclusive), whether its
 * series are per day or per month, and the last complete day the roll-ups hold (T+1).
 */
const zWindow = {
  period: z.enum(REPORT_PERIODS),
  from: z.string(),
  to: z.string(),
  granularity: z.enum(['day', 'month']),
  /** YYYY-MM-DD or YYYY-MM buckets of every series, oldest first, none missing */
  buckets: z.array(z.string()),
  companyId: z.uuid(),
  companyName: z.string(),
};

const zBytesBy = <K extends string>(key: K) => z.array(z.object({ [key]: z.string(), bytes: z.number() } as Record<K, z.ZodString> & { bytes: z.ZodNumber }));

export const zFlowReport = z.object({
  ...zWindow,
  totalBytes: z.number(),
  /** usage per bucket, aligned with `buckets` */
  usage: z.array(z.number()),
  topDevices: z.array(z.object({ imei: z.string(), name: z.string(), bytes: z.number() })),
  /** network operator code (MCC+MNC, e.g. 46000) or '' when unknown */
  byOperator: zBytesBy('operator'),
  /** region code of the network catalogue, or '' when unknown */
  byRegion: zBytesBy('region'),
  /** the shared pool per bucket: bytes drawn from it and bytes added to it (top-ups, grants) */
  pool: z.object({ consumed: z.array(z.number()), added: z.array(z.number()) }),
});
export type TFlowReport = z.infer<typeof zFlowReport>;

export const zDeviceStatusReport = z.object({
  ...zWindow,
  total: z.number().int(),
  byStatus: z.array(z.object({ status: z.enum(DEVICE_STATUSES), count: z.number().int() })),
  /** share of reports that said online, per bucket (0–1), null where no device reported */
  onlineRate: z.array(z.number().nullable()),
  imports: z.array(z.number().int()),
  expiries: z.array(z.number().int()),
  renewals: z.array(z.number().int()),
});
export type TDeviceStatusReport = z.infer<typeof zDeviceStatusReport>;

export const zStabilityReport = z.object({
  ...zWindow,
  /** the least stable devices: lowest online ratio first */
  devices: z.array(
    z.object({
      imei: z.string(),
      name: z.string(),
      onlineRatio: z.number().nullable(),
      offlineEpisodes: z.number().int(),
      longestOfflineMinutes: z.number().int(),
      switches: z.number().int(),
    }),
  ),
  episodesByLength: z.array(z.object({ length: z.enum(OFFLINE_LENGTH_CLASSES.map((c) => c.key) as [string, ...string[]]), count: z.number().int() })),
  /** card switches per bucket, and by reason (manual, strategy, or the command's failure reason) */
  switches: z.array(z.number().int()),
  switchReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** devices by their signal level (0–5; -1 for unknown) */
  signal: z.array(z.object({ level: z.number().int(), count: z.number().int() })),
  zeroUsage: z.object({ count: z.number().int(), devices: z.array(z.object({ imei: z.string(), name: z.string() })) }),
});
export type TStabilityReport = z.infer<typeof zStabilityReport>;

const zCoverRow = <K extends string>(key: K) =>
  z.array(
    z.object({ [key]: z.string(), devices: z.number().int(), bytes: z.number() } as Record<K, z.ZodString> & { devices: z.ZodNumber; bytes: z.ZodNumber }),
  );

export const zCoverReport = z.object({
  ...zWindow,
  devices: z.number().int(),
  totalBytes: z.number(),
  /** country or region (region code of the network catalogue; '' unknown) */
  byRegion: zCoverRow('region'),
  byOperator: zCoverRow('operator'),
  /** 2G, 3G, 4G, 5G, LTE-M, NB-IoT, or '' when unknown */
  byNetworkType: zCoverRow('networkType'),
});
export type TCoverReport = z.infer<typeof zCoverReport>;

// ---- subscriptions

export const zReportSubscriptionAdd = z.object({
  report: zReportKind,
  frequency: field('发送频率', 'frequency', z.enum(REPORT_FREQUENCIES)),
  period: zReportPeriod,
  companyId: zId('公司', 'company').optional(),
});
export const zReportSubscription = z.object({
  id: z.uuid(),
  report: z.enum(REPORT_KINDS),
  frequency: z.enum(REPORT_FREQUENCIES),
  period: z.enum(REPORT_PERIODS),
  companyId: z.uuid(),
  companyName: z.string(),
  /** the member's address the report goes to */
  email: z.string(),
  nextRunAt: z.string(),
  lastSentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TReportSubscription = z.infer<typeof zReportSubscription>;
export const zReportSubscriptionList = z.array(zReportSubscription);
export const zReportSubscriptionDelete = z.object({ id: zId('订阅', 'subscription') });
