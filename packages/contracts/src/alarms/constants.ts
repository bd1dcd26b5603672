/**
 * Alarm types of spec section 3: a device's data over its threshold, the data pool under its
 * values; and a device suspended at its hard data cap (docs/monitoring.md).
 */
export const ALARM_TYPES = ['device_flow', 'pool_flow', 'data_cap'] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];

/**
 * Alarm levels of spec section 3. A device over its threshold is `major`, over its urgent
 * threshold `critical`; the pool under its warning value is `warning`, under its alarm value
 * `critical` (`minor` is not raised by these rules).
 */
export const ALARM_LEVELS = ['critical', 'major', 'minor', 'warning'] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];

/** An alarm is open until its condition ends (a new period, a pool topped up above the value). */
export const ALARM_STATES = ['open', 'ended'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

export const ALARM_PERIODS = ['day', 'week', 'month'] as const;
export type AlarmPeriod = (typeof ALARM_PERIODS)[number];

/** What an alarm setting watches: all the company's devices, or the devices of one group. */
export const ALARM_SCOPES = ['all', 'group'] as const;
export type AlarmScope = (typeof ALARM_SCOPES)[number];

/** Threshold types of a device alarm setting: the device's data usage in the period (MB). */
export const ALARM_THRESHOLD_TYPES = ['device_flow'] as const;
export type AlarmThresholdType = (typeof ALARM_THRESHOLD_TYPES)[number];

export const ALARM_SETTING_STATUSES = ['on', 'off'] as const;
export type AlarmSettingStatus = (typeof ALARM_SETTING_STATUSES)[number];

/** Limits of spec sections 5 and 9. */
export const ALARM_LIMITS = {
  settingNameMax: 30,
  /** receiver e-mails of one setting, comma-separated */
  emailsMax: 10,
  /** a threshold in MB: above 0, at most two decimals, at most this */
  thresholdMaxMb: 10_000_000,
  /** pool warning and alarm values in MB: integers in this range, warning above alarm */
  poolValueMin: 1,
  poolValueMax: 999_999,
  /** alarm settings of one company */
  settingsMax: 50,
  /** e-mails one setting sends at most per hour; alarms beyond it are listed but not mailed */
  mailsPerSettingPerHour: 20,
  /** devices in one alarm's download */
  downloadMaxRows: 50_000,
} as const;
