import { sql } from 'drizzle-orm';
import { date, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/**
 * The last answer of a report that ranks every device of a company (flow, stability), per
 * company, report and period (docs/reports.md "Snapshots"): served again while it is for the
 * same last day and younger than the snapshot age, so every node serves it from the database.
 */
export const reportSnapshots = pgTable(
  'report_snapshots',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    /** the window's last day: a snapshot never outlives its day */
    toDay: date('to_day', { mode: 'string' }).notNull(),
    body: jsonb('body').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.period] })],
);
