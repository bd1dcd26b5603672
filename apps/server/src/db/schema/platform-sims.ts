import { bigint, bigserial, date, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { connectivityAccounts } from './connectivity.js';
import { devices } from './devices.js';

/**
 * The SIMs as the platform last told them (its inventory), matched to a device when the product
 * knows it; the rest is reconciliation's "on the platform, not in the product".
 */
export const platformSims = pgTable(
  'platform_sims',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => connectivityAccounts.id, { onDelete: 'cascade' }),
    iccid: text('iccid').notNull(),
    imsi: text('imsi'),
    msisdn: text('msisdn'),
    imei: text('imei'),
    /** the platform's status value, as it spells it */
    status: text('status').notNull(),
    /** our reading of it (SimState: active, suspended, ready, inventory, deactivated, retired) */
    state: text('state').notNull(),
    ratePlan: text('rate_plan'),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    /** the last cycle-to-date reading and the cycle it belongs to: daily usage is their difference */
    ctdBytes: bigint('ctd_bytes', { mode: 'number' }),
    ctdCycle: date('ctd_cycle', { mode: 'string' }),
    ctdAt: timestamp('ctd_at', { withTimezone: true }),
    /** removed from the product by reconciliation: sync leaves it alone */
    ignored: text('ignored'),
    platformModifiedAt: timestamp('platform_modified_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.iccid] }), index('platform_sims_device_idx').on(t.deviceId), index('platform_sims_imei_idx').on(t.imei)],
);

/** A platform's answer to a command we sent, kept per idempotency key: a retried command is never sent twice. */
export const platformCommands = pgTable(
  'platform_commands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => connectivityAccounts.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    iccid: text('iccid').notNull(),
    /** suspend | resume | deactivate */
    action: text('action').notNull(),
    /** pending | done | failed */
    status: text('status').notNull().default('pending'),
    answer: jsonb('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('platform_commands_key_uq').on(t.accountId, t.idempotencyKey)],
);
