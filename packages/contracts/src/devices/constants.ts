/** Regions a device is imported into; the network simulator picks network operators by region. */
export const REGIONS = ['china_mainland', 'hong_kong', 'southeast_asia', 'europe', 'americas'] as const;
export type Region = (typeof REGIONS)[number];

export const DEVICE_STATUSES = ['in_stock', 'physical_card', 'esim', 'seed_card', 'service_expired'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const REAL_NAME_STATUSES = ['real_name', 'not_real_name', 'pre_order'] as const;

export const DEVICE_SORTS = ['created_desc', 'usage_yesterday_desc', 'usage_yesterday_asc', 'usage_month_desc', 'usage_month_asc'] as const;
export type DeviceSort = (typeof DEVICE_SORTS)[number];

/** The device list counts matching devices up to this many (the deepest row a page number reaches). */
export const DEVICE_LIST_COUNT_CAP = 10_000;

export const DEVICE_TIMING = { switchCooldownMs: 5 * 60_000, syncResultMs: 30_000 } as const;

export const EXPORT_MODES = ['day', 'month', 'custom'] as const;
export type ExportMode = (typeof EXPORT_MODES)[number];
export const EXPORT_LIMITS = { dayModeMaxDays: 3, customMaxDays: 90 } as const;

/** The commands a member sends to a device; each completes later on the network. */
export const DEVICE_COMMANDS = ['suspend', 'unsuspend', 'switchCard', 'sync'] as const;
export type DeviceCommand = (typeof DEVICE_COMMANDS)[number];

/** Why an import row was refused. */
export const IMPORT_FAILURE_REASONS = ['imei_format', 'name_too_long', 'duplicate_in_file', 'already_imported', 'other_company'] as const;
export type ImportFailureReason = (typeof IMPORT_FAILURE_REASONS)[number];

/** The import upload: the xlsx file and the whole body. */
export const IMPORT_UPLOAD = { fileBytes: 5 * 1024 * 1024, bodyBytes: 5 * 1024 * 1024 + 64 * 1024 } as const;

/** The cards a card switch can go to; without a target the switch goes from the physical card to eSIM, else to the physical card. */
export const SWITCH_TARGETS = ['physical_card', 'esim'] as const;
export type SwitchTarget = (typeof SWITCH_TARGETS)[number];

/** The card a switch goes to from a device's current status: the one it is not on. */
export const switchTargetOf = (status: DeviceStatus): SwitchTarget => (status === 'physical_card' ? 'esim' : 'physical_card');

/** Statuses in which a device has no service, so commands such as a card switch do nothing. */
export const NO_SERVICE_STATUSES: readonly DeviceStatus[] = ['in_stock', 'service_expired'];

/**
 * Codes of names the platform gives (shown in the reader's language): `default` is the name
 * every company's default group is created with; a group people named has no code.
 */
export const GROUP_NAME_CODES = ['default'] as const;
export type GroupNameCode = (typeof GROUP_NAME_CODES)[number];

/** What a device's operator platform can do, for the console to offer only that (the browser imports constants only). */
export { type Capability, canDo, PLATFORM_CAPABILITIES, PROVIDER_KINDS, type ProviderKind } from '../connectivity/kinds.js';
