import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { connectivityAccounts, SIMULATED_ACCOUNT_ID } from './connectivity.js';
import { users } from './users.js';

export const deviceGroups = pgTable(
  'device_groups',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** monthly hard data cap (MB) of the group's devices without their own */
    dataCapMb: integer('data_cap_mb'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('device_groups_name_uq').on(t.companyId, t.name), uniqueIndex('device_groups_default_uq').on(t.companyId).where(sql`${t.isDefault}`)],
);

export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    groupId: uuid('group_id').references(() => deviceGroups.id),
    imei: text('imei').notNull(),
    name: text('name').notNull().default(''),
    region: text('region').notNull(),
    /** the operator platform the device's SIM lives on (docs/connectors.md) */
    accountId: uuid('account_id')
      .notNull()
      .default(sql.raw(`'${SIMULATED_ACCOUNT_ID}'::uuid`))
      .references(() => connectivityAccounts.id),
    /** in_stock | physical_card | esim | seed_card | service_expired */
    status: text('status').notNull().default('in_stock'),
    online: boolean('online').notNull().default(false),
    suspended: boolean('suspended').notNull().default(false),
    autoRenew: boolean('auto_renew').notNull().default(true),
    /** real_name | not_real_name | pre_order */
    realName: text('real_name').notNull().default('not_real_name'),
    iccid: text('iccid'),
    /** the device's eUICC id (32 digits), when it carries one: ACs are bound to it by EID */
    eid: text('eid'),
    /** the eSIM's data service paused by the customer (docs/esim.md) */
    esimPaused: boolean('esim_paused').notNull().default(false),
    area: text('area'),
    networkOperator: text('network_operator'),
    networkType: text('network_type'),
    /** 0 (none) to 5 */
    signalLevel: integer('signal_level'),
    strategyId: uuid('strategy_id'),
    /** consecutive probes that failed the strategy's conditions, and when the last probe came */
    probeFailStreak: integer('probe_fail_streak').notNull().default(0),
    lastProbeAt: timestamp('last_probe_at', { withTimezone: true }),
    /** the device's own monthly hard data cap (MB); the group's applies when null */
    dataCapMb: integer('data_cap_mb'),
    /** the UTC month (its first day) in which the cap suspended the device; null when the cap did not */
    capSuspendedMonth: date('cap_suspended_month', { mode: 'string' }),
    importTaskId: uuid('import_task_id'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    licenseExpiresAt: timestamp('license_expires_at', { withTimezone: true }),
    lastSwitchAt: timestamp('last_switch_at', { withTimezone: true }),
    /** usage of the last complete UTC day and of the current month, kept by the roll-up job (bytes) */
    usageYesterday: bigint('usage_yesterday', { mode: 'number' }).notNull().default(0),
    usageMonth: bigint('usage_month', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The list walks one of these per company of the subtree, in the order of its sort, and stops
  // after a page (see modules/devices/list-query.ts): one per sort key, alone or after an
  // equality filter (status, group); substring searches use the trigram indexes (0009).
  (t) => [
    uniqueIndex('devices_imei_uq').on(t.imei),
    uniqueIndex('devices_eid_uq').on(t.eid),
    index('devices_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('devices_company_id_idx').on(t.companyId, t.id),
    index('devices_company_usage_y_idx').on(t.companyId, t.usageYesterday, t.id),
    index('devices_company_usage_m_idx').on(t.companyId, t.usageMonth, t.id),
    index('devices_company_status_created_idx').on(t.companyId, t.status, t.createdAt, t.id),
    index('devices_company_status_usage_y_idx').on(t.companyId, t.status, t.usageYesterday, t.id),
    index('devices_company_status_usage_m_idx').on(t.companyId, t.status, t.usageMonth, t.id),
    index('devices_company_group_created_idx').on(t.companyId, t.groupId, t.createdAt, t.id),
    index('devices_company_group_usage_y_idx').on(t.companyId, t.groupId, t.usageYesterday, t.id),
    index('devices_company_group_usage_m_idx').on(t.companyId, t.groupId, t.usageMonth, t.id),
    index('devices_company_imei_trgm_idx').using('gin', t.companyId, t.imei.op('gin_trgm_ops')),
    index('devices_company_name_trgm_idx').using('gin', t.companyId, t.name.op('gin_trgm_ops')),
    index('devices_expiry_idx').on(t.licenseExpiresAt),
    index('devices_group_idx').on(t.groupId),
    index('devices_account_idx').on(t.accountId),
    index('devices_strategy_idx').on(t.strategyId).where(sql`strategy_id IS NOT NULL`),
    index('devices_own_cap_idx').on(t.id).where(sql`data_cap_mb IS NOT NULL`),
    index('devices_cap_suspended_idx').on(t.id).where(sql`cap_suspended_month IS NOT NULL`),
  ],
);

/**
 * The simulated fleet's own clock: when it last reported for each device, or found the device
 * had reported by itself (modules/network/simulator/fleet.ts). Ingestion does not write it: a
 * device's last report time is its newest row in device_reports.
 */
export const fleetSchedule = pgTable('fleet_schedule', {
  deviceId: uuid('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
});

/**
 * Every License granted to or used by a company is a row; the stock is the sum of `delta`.
 * Writers lock the company row first, so concurrent uses can never overspend.
 */
export const licenseLedger = pgTable(
  'license_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    delta: integer('delta').notNull(),
    /** certification | purchase | import | renewal | auto_renewal | migration */
    reason: text('reason').notNull(),
    deviceId: uuid('device_id'),
    ref: text('ref'),
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('license_ledger_company_idx').on(t.companyId)],
);

export const importTasks = pgTable(
  'import_tasks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id').references(() => users.id),
    taskName: text('task_name').notNull(),
    region: text('region').notNull(),
    /** running | done | failed */
    status: text('status').notNull().default('running'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** rows refused, with their reason: [{row, imei, name, reason}] */
    failures: jsonb('failures').notNull().default(sql`'[]'::jsonb`),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_tasks_company_idx').on(t.companyId, t.createdAt)],
);

/** Who did what to a device, and how it ended. */
export const deviceOperations = pgTable(
  'device_operations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    /** import | suspend | unsuspend | switch_card | sync | renew | auto_renew | expire | migrate */
    action: text('action').notNull(),
    /** pending | done | failed */
    status: text('status').notNull().default('done'),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('device_operations_device_idx').on(t.deviceId, t.createdAt)],
);

/** Raw reports as devices (or the simulator) sent them. */
/**
 * Raw device reports, partitioned by month of `received_at` (migration 0020, docs/scaling.md
 * "Partitioned time series"): the primary key carries the partition key.
 */
export const deviceReports = pgTable(
  'device_reports',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    deviceId: uuid('device_id').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    /** bytes used since the previous report */
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    online: boolean('online').notNull(),
    signalLevel: integer('signal_level'),
    networkOperator: text('network_operator'),
    networkType: text('network_type'),
    area: text('area'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.receivedAt] }), index('device_reports_device_idx').on(t.deviceId, t.reportedAt)],
);

/** Usage per device per UTC day, rolled up from the raw reports; partitioned by month of `day` (migration 0020). */
export const deviceUsageDaily = pgTable(
  'device_usage_daily',
  {
    deviceId: uuid('device_id').notNull(),
    companyId: uuid('company_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    /** of it, bytes reported from an area outside the device's home region */
    roamingBytes: bigint('roaming_bytes', { mode: 'number' }).notNull().default(0),
    /** reports of the day, and how many of them said online (the day's online rate) */
    reports: integer('reports').notNull().default(0),
    onlineReports: integer('online_reports').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] }), index('device_usage_daily_company_day_idx').on(t.companyId, t.day)],
);

/** The key a company's devices (or gateway) sign their reports with. */
export const deviceKeys = pgTable('device_keys', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id),
  keyId: text('key_id').notNull().unique(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** the key replaced by the last rotation, still accepted until previous_valid_until */
  previousKeyId: text('previous_key_id').unique(),
  previousSecret: text('previous_secret'),
  previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
});

/**
 * device_usage_daily summed per device and UTC month, fed by the roll-up's statement: a report
 * over months reads 12 rows per device instead of 365.
 */
export const deviceUsageMonthly = pgTable(
  'device_usage_monthly',
  {
    deviceId: uuid('device_id').notNull(),
    companyId: uuid('company_id').notNull(),
    /** the first day of the UTC month */
    month: date('month', { mode: 'string' }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    reports: integer('reports').notNull().default(0),
    onlineReports: integer('online_reports').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.month] }), index('device_usage_monthly_company_month_idx').on(t.companyId, t.month)],
);

/** device_usage_daily summed per company and UTC day: a company's series without reading its devices' rows. */
export const companyUsageDaily = pgTable(
  'company_usage_daily',
  {
    companyId: uuid('company_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    reports: integer('reports').notNull().default(0),
    onlineReports: integer('online_reports').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

/** Usage per company, UTC day, network operator, network type and region (the reports' breakdowns). */
export const companyUsageDims = pgTable(
  'company_usage_dims_daily',
  {
    companyId: uuid('company_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** '' when the reports did not say */
    networkOperator: text('network_operator').notNull().default(''),
    networkType: text('network_type').notNull().default(''),
    region: text('region').notNull().default(''),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.networkOperator, t.networkType, t.region] })],
);

/** Each change of a device's online state as its reports (or the network) told it: offline episodes, webhooks. */
export const deviceStatusEvents = pgTable(
  'device_status_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: uuid('device_id').notNull(),
    companyId: uuid('company_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    online: boolean('online').notNull(),
  },
  (t) => [index('device_status_events_company_at_idx').on(t.companyId, t.at), index('device_status_events_device_at_idx').on(t.deviceId, t.at)],
);
