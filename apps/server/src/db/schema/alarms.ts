import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/** The data pool warning policy of a paying company (docs/alarms.md): MB of remaining pool. */
export const poolWarnings = pgTable('pool_warnings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id),
  warningMb: integer('warning_mb').notNull(),
  alarmMb: integer('alarm_mb').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by'),
});

/** Device alarm settings of a company: a device's usage in the period over its thresholds. */
export const alarmSettings = pgTable(
  'alarm_settings',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** all | group */
    scope: text('scope').notNull(),
    groupId: uuid('group_id'),
    /** device_flow */
    thresholdType: text('threshold_type').notNull().default('device_flow'),
    /** day | week | month (UTC) */
    period: text('period').notNull(),
    /** on | off */
    status: text('status').notNull(),
    /** receiver e-mails, comma-separated */
    emails: text('emails').notNull(),
    thresholdMb: numeric('threshold_mb', { precision: 12, scale: 2 }).notNull(),
    urgentMb: numeric('urgent_mb', { precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alarm_settings_company_idx').on(t.companyId), index('alarm_settings_on_idx').on(t.status)],
);

/**
 * Alarms raised by the `alarm.evaluate` job. One open alarm per dedupe key (the partial unique
 * index): two runners insert it once; an ended alarm frees the key for a later crossing.
 */
export const alarms = pgTable(
  'alarms',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** shown as 'A' + 6 digits */
    alarmNo: bigserial('alarm_no', { mode: 'number' }).notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** device_flow | pool_flow */
    type: text('type').notNull(),
    /** critical | major | minor | warning */
    level: text('level').notNull(),
    settingId: uuid('setting_id'),
    deviceId: uuid('device_id'),
    imei: text('imei'),
    dedupeKey: text('dedupe_key').notNull(),
    /** the first day (UTC) of the period a device alarm counts */
    windowStart: date('window_start', { mode: 'string' }),
    /** what the title is rendered from, in the reader's language */
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by'),
  },
  (t) => [
    uniqueIndex('alarms_open_dedupe_uq').on(t.dedupeKey).where(sql`ended_at IS NULL`),
    uniqueIndex('alarms_no_uq').on(t.alarmNo),
    index('alarms_company_created_idx').on(t.companyId, t.createdAt),
    index('alarms_company_open_unhandled_idx').on(t.companyId).where(sql`ended_at IS NULL AND handled_at IS NULL`),
    index('alarms_setting_open_idx').on(t.settingId).where(sql`ended_at IS NULL`),
  ],
);

/** E-mails a setting sent per UTC hour (the hourly cap). */
export const alarmMailLog = pgTable(
  'alarm_mail_log',
  {
    settingId: uuid('setting_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.settingId, t.hour] })],
);
