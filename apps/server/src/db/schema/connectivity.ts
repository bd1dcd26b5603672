import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/** The built-in simulated network's account: every device belongs to it unless moved (migration 0023). */
export const SIMULATED_ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';

/**
 * An operator platform the product is connected to (docs/connectors.md): the built-in simulated
 * network, a Cisco IoT Control Center account or a China Mobile OneLink account.
 */
export const connectivityAccounts = pgTable(
  'connectivity_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** simulated | cisco_cc | onelink */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    baseUrl: text('base_url').notNull().default(''),
    /** AES-256-GCM under RRP_SECRETS_KEY (modules/connectivity/secrets.ts); never returned once saved */
    credentials: text('credentials').notNull().default(''),
    /** what staff see of the credentials: the user name or appid and the secret's last characters */
    credentialsHint: text('credentials_hint').notNull().default(''),
    /** the device regions and network operators (codes) it serves; ICCID prefixes it holds */
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    operators: text('operators').array().notNull().default(sql`'{}'::text[]`),
    iccidPrefixes: text('iccid_prefixes').array().notNull().default(sql`'{}'::text[]`),
    /** the company SIMs found on the platform and unknown to the product are imported into; none: reconciliation */
    importCompanyId: uuid('import_company_id').references(() => companies.id),
    /** active | disabled | auth_failed | unreachable */
    state: text('state').notNull().default('active'),
    /** the platform's own words for the last failure (staff only) */
    stateMessage: text('state_message'),
    unreachableSince: timestamp('unreachable_since', { withTimezone: true }),
    /** consecutive failed calls: the circuit breaker's count */
    failures: integer('failures').notNull().default(0),
    /** inventory sync progress: { since, page, startedAt } (resumable) */
    syncCursor: jsonb('sync_cursor'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastUsageAt: timestamp('last_usage_at', { withTimezone: true }),
    /** the node syncing the account and until when (one node at a time on a cluster) */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('connectivity_accounts_name_uq').on(t.name)],
);
