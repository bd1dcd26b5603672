import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    parentId: uuid('parent_id'),
    /** ids from the root down to this company, '/'-separated: subtree = path LIKE mine || '%' */
    path: text('path').notNull(),
    name: text('name').notNull(),
    country: text('country').notNull(),
    address: text('address').notNull().default(''),
    /** none | review | verified | rejected */
    certification: text('certification').notNull().default('none'),
    /** independent | parent (costs borne by the parent company) */
    billing: text('billing').notNull().default('independent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('companies_parent_idx').on(t.parentId), index('companies_path_idx').on(t.path)],
);
