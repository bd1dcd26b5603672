import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices.js';

/**
 * The profiles on a device's eUICC (docs/esim.md): the ones it came with and those downloaded
 * from a bound AC. At most one is enabled; a deleted one stays as history.
 */
export const esimProfiles = pgTable(
  'esim_profiles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    iccid: text('iccid').notNull(),
    /** the operator's PLMN code */
    operatorCode: text('operator_code').notNull(),
    /** enabled | disabled | deleted */
    state: text('state').notNull().default('disabled'),
    /** the AC it was downloaded from */
    acCode: text('ac_code'),
    /** bytes carried while it was the enabled profile in use, added by the roll-up */
    usageBytes: bigint('usage_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('esim_profiles_device_idx').on(t.deviceId),
    uniqueIndex('esim_profiles_iccid_uq').on(t.iccid).where(sql`state <> 'deleted'`),
    uniqueIndex('esim_profiles_enabled_uq').on(t.deviceId).where(sql`state = 'enabled'`),
  ],
);

/** The physical SIM slots of a device's module as the last AT sync read them (docs/at-cards.md). */
export const atCards = pgTable(
  'at_cards',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** 1 or 2 */
    slot: integer('slot').notNull(),
    /** null when the slot is empty */
    iccid: text('iccid'),
    operatorCode: text('operator_code'),
    /** active | standby | empty */
    state: text('state').notNull(),
    signalLevel: integer('signal_level'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.slot] })],
);
