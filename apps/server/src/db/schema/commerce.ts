import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { users } from './users.js';

/** The catalogue: one row per product type (0 License, 1 data per GB, 4 AC License); prices in fen. */
export const merchandise = pgTable('merchandise', {
  productType: smallint('product_type').primaryKey(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  unitPriceFen: integer('unit_price_fen').notNull(),
  promoPriceFen: integer('promo_price_fen'),
  /** the promotional price applies until then; null with a promotional price: no end */
  promoUntil: timestamp('promo_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Orders of the company that pays. The price, the product's names and the total are copied at
 * creation, so a later price change never moves an order. Status moves forward only, each move a
 * conditional UPDATE: pending_payment → paid → completed, pending_payment → expired | cancelled.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    orderNo: text('order_no').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    productType: smallint('product_type').notNull(),
    productNameZh: text('product_name_zh').notNull(),
    productNameEn: text('product_name_en').notNull(),
    unitPriceFen: integer('unit_price_fen').notNull(),
    quantity: integer('quantity').notNull(),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    /** wechat | offline */
    payMethod: text('pay_method').notNull(),
    payerName: text('payer_name').notNull(),
    remark: text('remark'),
    /** pending_payment | paid | expired | completed | cancelled */
    status: text('status').notNull().default('pending_payment'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** what the payment brought: WeChat's transaction id and amount, or the confirmed transfer */
    transactionId: text('transaction_id'),
    paidFen: bigint('paid_fen', { mode: 'number' }),
    codeUrl: text('code_url'),
    /** the last time WeChat Pay was asked about this order */
    queriedAt: timestamp('queried_at', { withTimezone: true }),
    bankTransactionNo: text('bank_transaction_no'),
    remittanceCode: text('remittance_code'),
    /** awaiting_transfer | submitted | rejected | confirmed (offline orders) */
    remittanceState: text('remittance_state'),
    remittanceSubmittedAt: timestamp('remittance_submitted_at', { withTimezone: true }),
    remittanceRejectReason: text('remittance_reject_reason'),
    reconciledBy: uuid('reconciled_by').references(() => users.id, { onDelete: 'set null' }),
    /** what the delivery put into the ledgers: { licenses } | { dataMb } | { acLicenses } */
    delivered: jsonb('delivered'),
    /** the invoice application in progress or issued that covers this order (null: invoiceable once completed) */
    invoiceId: uuid('invoice_id'),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    uniqueIndex('orders_remittance_code_uq').on(t.remittanceCode),
    uniqueIndex('orders_transaction_id_uq').on(t.transactionId),
    index('orders_company_created_idx').on(t.companyId, t.createdAt),
    index('orders_pending_expiry_idx').on(t.expiresAt).where(sql`status = 'pending_payment'`),
    index('orders_invoiceable_idx').on(t.companyId, t.completedAt).where(sql`status = 'completed' AND invoice_id IS NULL`),
    index('orders_reconciliation_idx').on(t.remittanceSubmittedAt).where(sql`remittance_state = 'submitted'`),
  ],
);

/** Every payment notification received, with what became of it (a refused one changes nothing else). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    /** the provider's notification id, when it could be read */
    eventId: text('event_id'),
    orderNo: text('order_no'),
    /** paid | duplicate | refused */
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_order_idx').on(t.orderNo, t.createdAt)],
);

/**
 * AC Licenses of a company (the one that pays, like License stock): bought, granted, used by AC
 * imports (negative, reason `ac_import`, ref the import's id); the stock is the sum of `delta`.
 */
export const acLicenseLedger = pgTable(
  'ac_license_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    delta: integer('delta').notNull(),
    /** purchase | grant | ac_import */
    reason: text('reason').notNull(),
    ref: text('ref'),
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ac_license_ledger_company_idx').on(t.companyId)],
);
