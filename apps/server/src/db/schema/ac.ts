import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { devices } from './devices.js';

/**
 * The activation codes (ACs) a company imported (docs/ac.md). Each is for one device, named by
 * its IMEI or its EID (never both), and may be bound to a device of the company. A deleted AC
 * stays as DELETED; its code may then be imported again.
 */
export const acCodes = pgTable(
  'ac_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    acCode: text('ac_code').notNull(),
    imei: text('imei'),
    eid: text('eid'),
    iccid: text('iccid'),
    /** the operator's PLMN code (AC_OPERATOR_CODES) */
    operatorCode: text('operator_code'),
    /** IDLE | ASSIGNED | ORDER_EXISTED | ORDER_INVALID | DELETED */
    status: text('status').notNull().default('IDLE'),
    /** the device it is bound to (ASSIGNED) */
    deviceId: uuid('device_id').references(() => devices.id),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    /** the import that brought it: the ref of its ac_license_ledger row */
    importId: uuid('import_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ac_codes_code_uq').on(t.acCode).where(sql`status <> 'DELETED'`), index('ac_codes_company_created_idx').on(t.companyId, t.createdAt)],
);
