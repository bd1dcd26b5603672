import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { users } from './users.js';

const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });

/** Saved invoice headers of a company; at most one default. */
export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    title: text('title').notNull(),
    taxpayerId: text('taxpayer_id').notNull(),
    bank: text('bank').notNull(),
    bankAccount: text('bank_account').notNull(),
    registeredAddress: text('registered_address').notNull(),
    registeredPhone: text('registered_phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_titles_company_idx').on(t.companyId), uniqueIndex('invoice_titles_default_uq').on(t.companyId).where(sql`is_default`)],
);

/** Saved invoice recipients of a company; at most one default. */
export const invoiceRecipients = pgTable(
  'invoice_recipients',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull().default(''),
    email: text('email').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_recipients_company_idx').on(t.companyId), uniqueIndex('invoice_recipients_default_uq').on(t.companyId).where(sql`is_default`)],
);

/**
 * Invoice applications (work orders). The header and recipient are copied at application, so
 * editing or deleting a saved one never changes an application. The orders an application in
 * progress or issued covers carry its id in `orders.invoice_id` (claimed by a conditional UPDATE).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    ticketNo: text('ticket_no').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** ordinary | special */
    type: text('type').notNull(),
    /** in_progress | issued | cancelled */
    status: text('status').notNull().default('in_progress'),
    title: jsonb('title').notNull(),
    recipient: jsonb('recipient').notNull(),
    netFen: bigint('net_fen', { mode: 'number' }).notNull(),
    taxFen: bigint('tax_fen', { mode: 'number' }).notNull(),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    appliedBy: uuid('applied_by').references(() => users.id, { onDelete: 'set null' }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    /** the staff member who issued or cancelled it (or the member who cancelled it) */
    executedBy: uuid('executed_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    invoiceNo: text('invoice_no'),
    invoiceDate: date('invoice_date', { mode: 'string' }),
    file: bytea('file'),
    /** pdf | ofd */
    fileKind: text('file_kind'),
    trackingNote: text('tracking_note'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** member | staff: who cancelled */
    cancelledByKind: text('cancelled_by_kind'),
  },
  (t) => [
    uniqueIndex('invoices_ticket_no_uq').on(t.ticketNo),
    index('invoices_company_applied_idx').on(t.companyId, t.appliedAt),
    index('invoices_status_applied_idx').on(t.status, t.appliedAt),
  ],
);

/** The orders of an application, with the amount each contributed (kept after a cancellation). */
export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    orderNo: text('order_no').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.orderNo] }), index('invoice_orders_order_idx').on(t.orderNo)],
);

/** Rates of the monthly bill (fen per unit), see BILLING_RATE_CODES. */
export const billingRates = pgTable('billing_rates', {
  code: text('code').primaryKey(),
  fen: integer('fen').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One closed UTC month of a paying company; (company, month) is unique, so closing twice makes one. */
export const bills = pgTable(
  'bills',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** YYYY-MM */
    billMonth: text('bill_month').notNull(),
    packageFen: bigint('package_fen', { mode: 'number' }).notNull(),
    overageFen: bigint('overage_fen', { mode: 'number' }).notNull(),
    roamingFen: bigint('roaming_fen', { mode: 'number' }).notNull(),
    numberFen: bigint('number_fen', { mode: 'number' }).notNull(),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    devices: integer('devices').notNull(),
    usageBytes: bigint('usage_bytes', { mode: 'number' }).notNull(),
    overageMb: bigint('overage_mb', { mode: 'number' }).notNull(),
    roamingBytes: bigint('roaming_bytes', { mode: 'number' }).notNull(),
    /** the rates used, as { code: fen } */
    rates: jsonb('rates').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bills_company_month_uq').on(t.companyId, t.billMonth)],
);

/** A device's share of a bill. */
export const billLines = pgTable(
  'bill_lines',
  {
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id),
    deviceId: uuid('device_id').notNull(),
    imei: text('imei').notNull(),
    deviceName: text('device_name'),
    usageBytes: bigint('usage_bytes', { mode: 'number' }).notNull(),
    roamingBytes: bigint('roaming_bytes', { mode: 'number' }).notNull(),
    roamingFen: bigint('roaming_fen', { mode: 'number' }).notNull(),
    numberFen: bigint('number_fen', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.billId, t.deviceId] }), index('bill_lines_device_idx').on(t.deviceId)],
);
