import { sql } from 'drizzle-orm';
import { bigserial, customType, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

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
    /** enabled | disabled (its members cannot sign in) */
    state: text('state').notNull().default('enabled'),
    website: text('website').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('companies_parent_idx').on(t.parentId), index('companies_path_idx').on(t.path)],
);

/** A company's certification submissions; the newest decides companies.certification. */
export const certifications = pgTable(
  'certifications',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** review | verified | rejected */
    state: text('state').notNull().default('review'),
    companyName: text('company_name').notNull(),
    address: text('address').notNull(),
    website: text('website').notNull().default(''),
    deviceQuantity: text('device_quantity').notNull(),
    licenseNo: text('license_no').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    contactEmail: text('contact_email').notNull(),
    /** the licence image as stored: re-written without its metadata */
    image: bytea('image').notNull(),
    imageType: text('image_type').notNull(),
    submittedBy: uuid('submitted_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
  },
  (t) => [index('certifications_state_idx').on(t.state, t.submittedAt), index('certifications_company_idx').on(t.companyId, t.submittedAt)],
);

/**
 * Append-only: every change made through the API, in the transaction of the change. A trigger
 * refuses UPDATE and DELETE (migration 0007).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** member | staff | system */
    actorKind: text('actor_kind').notNull(),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    companyId: uuid('company_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    /** { field: [before, after] } */
    changes: jsonb('changes').notNull().default(sql`'{}'::jsonb`),
    address: text('address'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_events_company_idx').on(t.companyId, t.at, t.id),
    index('audit_events_at_idx').on(t.at, t.id),
    index('audit_events_actor_idx').on(t.actorId, t.at),
  ],
);
