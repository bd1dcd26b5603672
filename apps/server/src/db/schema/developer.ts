import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { users } from './users.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * API keys of the developer area (docs/developer.md): they sign calls like a session, with the
 * key id as X-Token. The secret is derived from the key id with the server's key master secret
 * and is never stored; `secret_hash` tells a key whose master secret changed.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    keyId: text('key_id').notNull().unique(),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ipAllowList: text('ip_allow_list').array().notNull().default(sql`'{}'::text[]`),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_keys_company_idx').on(t.companyId)],
);

/** Webhook endpoints of a company (Standard Webhooks, docs/webhooks.md). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    description: text('description').notNull().default(''),
    /** `whsec_` + base64 of 32 random bytes */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId)],
);

/** One event of a company: the message every subscribed endpoint receives (the outbox). */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    /** the `webhook-id`: `msg_` + 24 hex digits */
    id: text('id').primaryKey(),
    companyId: uuid('company_id').notNull(),
    event: text('event').notNull(),
    /** the exact body sent: { type, timestamp, data } */
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_messages_company_idx').on(t.companyId, t.createdAt)],
);

/** A message's delivery to one endpoint, with its attempts and schedule. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    /** pending | retrying | succeeded | failed */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    lastStatus: integer('last_status'),
    lastResponse: text('last_response'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`state IN ('pending', 'retrying')`),
    index('webhook_deliveries_company_idx').on(t.companyId, t.createdAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    // a message's deletion (pruning) cascades to its deliveries
    index('webhook_deliveries_message_idx').on(t.messageId),
  ],
);

/** The platform's Ed25519 keys signing a company's callbacks (`v1a`), the current one and the retiring one. */
export const callbackKeys = pgTable(
  'callback_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    keyId: text('key_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    privateKeyPem: text('private_key_pem').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** set when a newer key replaced it: it stops signing then */
    retiresAt: timestamp('retires_at', { withTimezone: true }),
  },
  (t) => [index('callback_keys_company_idx').on(t.companyId)],
);

/** Report subscriptions: a member receives a report as xlsx by e-mail (docs/reports.md). */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** the company the report covers (the member's own or a sub-company) */
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    report: text('report').notNull(),
    frequency: text('frequency').notNull(),
    period: text('period').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_subscriptions_due_idx').on(t.nextRunAt),
    uniqueIndex('report_subscriptions_uq').on(t.userId, t.companyId, t.report, t.frequency, t.period),
  ],
);

/** Module firmware published by the platform; the file lives in the row, so every node serves it. */
export const firmware = pgTable(
  'firmware',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    version: text('version').notNull(),
    moduleModel: text('module_model').notNull(),
    releaseNotes: text('release_notes').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    downloads: integer('downloads').notNull().default(0),
    publishedBy: uuid('published_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('firmware_model_version_uq').on(t.moduleModel, t.version).where(sql`deleted_at IS NULL`)],
);
