import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { devices } from './devices.js';

/** Monitoring strategies of a company (docs/monitoring.md); a device follows at most one (devices.strategy_id). */
export const strategies = pgTable(
  'strategies',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    intervalMinutes: integer('interval_minutes').notNull(),
    /** single | multiple */
    type: text('type').notNull(),
    domains: text('domains').array().notNull(),
    /** smooth | general | weak | disconnected */
    quality: text('quality').notNull(),
    /** any | all */
    mode: text('mode').notNull(),
    packetLoss: real('packet_loss').notNull(),
    delayMs: integer('delay_ms').notNull(),
    jitterMs: integer('jitter_ms').notNull(),
    consecutive: integer('consecutive').notNull().default(3),
    /** next | physical_card | esim */
    switchTo: text('switch_to').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('strategies_company_name_uq').on(t.companyId, t.name)],
);

/** Link measurements the devices reported (strategy probes and detection answers). */
export const deviceProbes = pgTable(
  'device_probes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    domain: text('domain').notNull(),
    packetLoss: real('packet_loss').notNull(),
    delayMs: integer('delay_ms'),
    jitterMs: integer('jitter_ms'),
    reachable: boolean('reachable').notNull().default(true),
    detectionId: uuid('detection_id'),
    /** false until the strategy job has counted it (detection answers are not counted) */
    evaluated: boolean('evaluated').notNull().default(false),
  },
  (t) => [
    index('device_probes_device_at_idx').on(t.deviceId, t.measuredAt),
    index('device_probes_pending_idx').on(t.id).where(sql`NOT evaluated`),
    index('device_probes_detection_idx').on(t.detectionId).where(sql`detection_id IS NOT NULL`),
  ],
);

/**
 * Network detections started from the console (spec section 4). Their state is read, not
 * stored: the command's operation row says detecting / waiting / failed, the answering probe
 * (device_probes.detection_id) the result, and the start time the timeout.
 */
export const detections = pgTable(
  'detections',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id),
    domain: text('domain').notNull(),
    /** the detect command's device operation: its state says whether the device took the command */
    operationId: bigint('operation_id', { mode: 'number' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    startedBy: uuid('started_by'),
  },
  (t) => [index('detections_device_started_idx').on(t.deviceId, t.startedAt)],
);
