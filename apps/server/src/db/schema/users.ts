import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** null for platform staff, who belong to no customer company */
    companyId: uuid('company_id').references(() => companies.id),
    /** member (of a customer company) | staff (of the platform) */
    kind: text('kind').notNull().default('member'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    jobTitle: text('job_title').notNull().default(''),
    /** pending (invited, no password yet) | enabled | disabled | deleted (kept so history keeps the name) */
    state: text('state').notNull().default('enabled'),
    locale: text('locale').notNull().default('zh-CN'),
    description: text('description').notNull().default(''),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // a deleted member's e-mail and phone may be used again
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`).where(sql`state <> 'deleted'`),
    uniqueIndex('users_phone_uq').on(t.phone).where(sql`state <> 'deleted'`),
    index('users_company_idx').on(t.companyId),
  ],
);

/** An invitation to set a password: the link carries a token whose hash is kept; a new one revokes the old. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** the member's state once the invitation is accepted: enabled, or disabled as the inviter chose */
    acceptState: text('accept_state').notNull().default('enabled'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invitations_token_uq').on(t.tokenHash), index('invitations_user_idx').on(t.userId)],
);

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    /** the company's super administrator role: every code, never edited away or deleted */
    isSuper: boolean('is_super').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_company_name_uq').on(t.companyId, t.name)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);
