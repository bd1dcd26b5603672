/** The periods a report covers (spec section 9): days are reported per day, months per month. */
export const REPORT_PERIODS = ['7d', '30d', '60d', '90d', '6m', '12m'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The four operation reports of spec section 2. */
export const REPORT_KINDS = ['flow', 'device', 'stability', 'cover'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** How often a subscribed report is e-mailed. */
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** Offline episode length classes of the stability report, in minutes (lower bound inclusive). */
export const OFFLINE_LENGTH_CLASSES = [
  { key: 'lt5m', fromMin: 0 },
  { key: '5to30m', fromMin: 5 },
  { key: '30mTo2h', fromMin: 30 },
  { key: '2hTo12h', fromMin: 120 },
  { key: 'gte12h', fromMin: 720 },
] as const;
export type OfflineLengthClass = (typeof OFFLINE_LENGTH_CLASSES)[number]['key'];

export const REPORT_LIMITS = {
  /** top devices by usage in the flow report */
  topDevices: 10,
  /** least stable devices listed in the stability report */
  unstableDevices: 20,
  /** zero-usage devices named in the stability report (the count covers all) */
  zeroUsageSample: 20,
  /** report subscriptions per member */
  subscriptionsPerMember: 10,
} as const;
