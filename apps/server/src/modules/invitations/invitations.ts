import { type Locale, TIMING } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { sha256hex } from '../../lib/hash.js';
import { NO_PASSWORD, randomToken } from '../../lib/passwords.js';
import { enqueueEmail } from '../../mail/outbox.js';
import { AppError } from '../../plugins/errors.js';
import type { Actor } from '../audit/index.js';

export type NewMember = {
  companyId: string;
  name: string;
  phone: string;
  mail: string;
  roleIds: string[];
  /** the state the member takes once they accept */
  state: 'enabled' | 'disabled';
  description?: string;
};

/** Refuses an e-mail or phone another live account uses (29005 / 29014), whatever its company. */
export async function assertContactFree(database: Database, tx: Tx, mail: string, phone: string, exceptUserId: string | null = null): Promise<void> {
  const [taken] = await database.rows<{ mail: boolean; phone: boolean }>(
    sql`SELECT bool_or(lower(email) = ${mail.toLowerCase()}) AS mail, bool_or(phone = ${phone}) AS phone FROM users
        WHERE state <> 'deleted' AND (lower(email) = ${mail.toLowerCase()} OR phone = ${phone})
          AND (${exceptUserId}::uuid IS NULL OR id <> ${exceptUserId}::uuid)`,
    tx,
  );
  if (taken?.mail) throw new AppError(29005, { field: 'mail' });
  if (taken?.phone) throw new AppError(29014, { field: 'phone' });
}

/**
 * A new pending member of a company and their first invitation, in the caller's transaction.
 * The member has no password until they accept. Returns the member's id.
 */
export async function createPendingMember(
  database: Database,
  tx: Tx,
  m: NewMember & { locale: Locale; invitedBy: Actor; publicUrl: string; companyName: string },
): Promise<string> {
  await assertContactFree(database, tx, m.mail, m.phone);
  let userId: string;
  try {
    const [u] = await database.rows<Row<'users', 'id'>>(
      sql`INSERT INTO users (company_id, kind, name, email, phone, password_hash, state, locale, description)
          VALUES (${m.companyId}, 'member', ${m.name}, ${m.mail.toLowerCase()}, ${m.phone}, ${NO_PASSWORD}, 'pending', ${m.locale}, ${m.description ?? ''})
          RETURNING id`,
      tx,
    );
    userId = u.id;
  } catch (e) {
    // another request took the address or the phone between the check and the insert
    if (isUniqueViolation(e, 'users_email_uq')) throw new AppError(29005, { field: 'mail' });
    if (isUniqueViolation(e, 'users_phone_uq')) throw new AppError(29014, { field: 'phone' });
    throw e;
  }
  for (const roleId of m.roleIds) await database.rows(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${userId}, ${roleId})`, tx);
  await sendInvitation(database, tx, {
    userId,
    name: m.name,
    mail: m.mail,
    locale: m.locale,
    acceptState: m.state,
    invitedBy: m.invitedBy,
    publicUrl: m.publicUrl,
    companyName: m.companyName,
  });
  return userId;
}

/**
 * A new invitation for a pending member: earlier links stop working, the e-mail is queued in
 * the caller's transaction. The link carries a random token; only its hash is kept.
 */
export async function sendInvitation(
  database: Database,
  tx: Tx,
  i: {
    userId: string;
    name: string;
    mail: string;
    locale: Locale;
    acceptState: 'enabled' | 'disabled';
    invitedBy: Actor;
    publicUrl: string;
    companyName: string;
  },
): Promise<void> {
  await database.rows(sql`UPDATE invitations SET revoked_at = now() WHERE user_id = ${i.userId} AND used_at IS NULL AND revoked_at IS NULL`, tx);
  const token = randomToken(32);
  const expires = new Date(Date.now() + TIMING.invitationTtlMs).toISOString();
  await database.rows(
    sql`INSERT INTO invitations (user_id, token_hash, accept_state, expires_at, created_by)
        VALUES (${i.userId}, ${sha256hex(token)}, ${i.acceptState}, ${expires}, ${i.invitedBy.id})`,
    tx,
  );
  await enqueueEmail(database, tx, {
    to: i.mail,
    locale: i.locale,
    template: {
      kind: 'invitation',
      name: i.name,
      companyName: i.companyName,
      inviter: i.invitedBy.name,
      link: `${i.publicUrl}/invite?token=${encodeURIComponent(token)}`,
      days: Math.round(TIMING.invitationTtlMs / 86_400_000),
    },
  });
}
