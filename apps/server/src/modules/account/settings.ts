import { randomInt } from 'node:crypto';
import { type Locale, passwordProblem, TIMING } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { sha256hex } from '../../lib/hash.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { assertWithin, RateLimited } from '../../lib/rate-limits.js';
import { enqueueEmail } from '../../mail/outbox.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { COUNTRY_CODES } from '../countries/index.js';
import { assertContactFree } from '../invitations/index.js';

type Who = { actor: Actor; userId: string; companyId: string };

async function me(database: Database, userId: string) {
  const [u] = await database.rows<Row<'users', 'name' | 'email' | 'phone' | 'job_title' | 'password_hash'>>(
    sql`SELECT name, email, phone, job_title, password_hash FROM users WHERE id = ${userId}`,
  );
  if (!u) throw new AppError(22008);
  return u;
}

/** Your name, phone and job title; the phone may not be another account's (29014). */
export async function updateAccount(database: Database, who: Who, body: { name: string; phone: string; jobTitle?: string }): Promise<null> {
  const u = await me(database, who.userId);
  const after = { name: body.name, phone: body.phone, jobTitle: body.jobTitle ?? u.job_title };
  const changes = changesOf({ name: u.name, phone: u.phone, jobTitle: u.job_title }, after);
  try {
    await database.db.transaction(async (tx) => {
      await assertContactFree(database, tx, u.email, body.phone, who.userId);
      await database.rows(sql`UPDATE users SET name = ${after.name}, phone = ${after.phone}, job_title = ${after.jobTitle} WHERE id = ${who.userId}`, tx);
      await recordAudit(database, tx, who.actor, {
        action: 'account.update',
        companyId: who.companyId,
        targetType: 'member',
        targetId: who.userId,
        targetLabel: after.name,
        changes,
      });
    });
  } catch (e) {
    if (isUniqueViolation(e, 'users_phone_uq')) throw new AppError(29014, { field: 'phone' });
    throw e;
  }
  return null;
}

const codeHash = (userId: string, email: string, code: string) => sha256hex(`email_change:${userId}:${email}:${code}`);
/** Codes a member may have sent per hour, and sends per client address per hour. */
const CODES_PER_MEMBER_PER_HOUR = 10;
const SENDS_PER_ADDRESS_PER_HOUR = 20;

async function assertEmailFree(database: Database, email: string): Promise<void> {
  const [taken] = await database.rows(sql`SELECT 1 FROM users WHERE lower(email) = ${email} AND state <> 'deleted'`);
  if (taken) throw new AppError(29005, { field: 'email' });
}

/**
 * E-mails a 6-digit code to the address you want to use (not one an account already has:
 * 29005): 10 minutes of life, one send per 60 s, bound to you and to that address.
 */
export async function sendEmailChangeCode(database: Database, who: Who & { locale: Locale; clientAddress: string }, emailIn: string): Promise<null> {
  const email = emailIn.toLowerCase();
  await assertEmailFree(database, email);
  const [last] = await database.rows<{ wait_ms: number }>(sql`
    SELECT ceil(extract(epoch FROM (created_at + ${`${TIMING.emailCodeResendMs} milliseconds`}::interval - now())) * 1000)::int AS wait_ms
    FROM email_codes WHERE user_id = ${who.userId} AND purpose = 'email_change' ORDER BY created_at DESC LIMIT 1`);
  if (last && last.wait_ms > 0) {
    const seconds = Math.ceil(last.wait_ms / 1000);
    throw new RateLimited(29004, seconds, { params: { seconds } });
  }
  await assertWithin(database, { bucket: 'email-change', subject: who.userId, max: CODES_PER_MEMBER_PER_HOUR, windowMs: 3_600_000 }, 29013);
  await assertWithin(database, { bucket: 'send-code', subject: who.clientAddress, max: SENDS_PER_ADDRESS_PER_HOUR, windowMs: 3_600_000 }, 29013);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expires = new Date(Date.now() + TIMING.emailCodeTtlMs).toISOString();
  await database.db.transaction(async (tx) => {
    await database.rows(sql`UPDATE email_codes SET used_at = now() WHERE user_id = ${who.userId} AND purpose = 'email_change' AND used_at IS NULL`, tx);
    await database.rows(
      sql`INSERT INTO email_codes (email, purpose, user_id, code_hash, expires_at)
          VALUES (${email}, 'email_change', ${who.userId}, ${codeHash(who.userId, email, code)}, ${expires})`,
      tx,
    );
    await enqueueEmail(database, tx, {
      to: email,
      locale: who.locale,
      template: { kind: 'verify-code', purpose: 'email_change', code, minutes: TIMING.emailCodeTtlMs / 60_000 },
    });
  });
  return null;
}

/**
 * Changes your e-mail with the code sent to the new address. A wrong code counts a try (the
 * fifth ends it: 29010); the code is used up only when the change is made.
 */
export async function changeEmail(database: Database, who: Who, body: { email: string; code: string }): Promise<null> {
  const email = body.email.toLowerCase();
  await assertEmailFree(database, email);
  const [row] = await database.rows<Row<'email_codes', 'id' | 'code_hash' | 'tries'>>(sql`
    SELECT id, code_hash, tries FROM email_codes
    WHERE user_id = ${who.userId} AND email = ${email} AND purpose = 'email_change' AND used_at IS NULL AND expires_at > now()
    ORDER BY created_at DESC LIMIT 1`);
  if (!row) throw new AppError(29003, { field: 'code' });
  if (row.tries >= TIMING.emailCodeMaxTries) throw new AppError(29010, { field: 'code' });
  if (row.code_hash !== codeHash(who.userId, email, body.code)) {
    const [after] = await database.rows<Row<'email_codes', 'tries'>>(sql`UPDATE email_codes SET tries = tries + 1 WHERE id = ${row.id} RETURNING tries`);
    throw new AppError((after?.tries ?? 0) >= TIMING.emailCodeMaxTries ? 29010 : 29003, { field: 'code' });
  }
  const u = await me(database, who.userId);
  try {
    await database.db.transaction(async (tx) => {
      const used = await database.rows(
        sql`UPDATE email_codes SET used_at = now() WHERE id = ${row.id} AND used_at IS NULL AND tries < ${TIMING.emailCodeMaxTries} RETURNING id`,
        tx,
      );
      if (used.length === 0) throw new AppError(29003, { field: 'code' });
      await database.rows(sql`UPDATE users SET email = ${email} WHERE id = ${who.userId}`, tx);
      await recordAudit(database, tx, who.actor, {
        action: 'account.email',
        companyId: who.companyId,
        targetType: 'member',
        targetId: who.userId,
        targetLabel: u.name,
        changes: { mail: [u.email, email] },
      });
    });
  } catch (e) {
    if (isUniqueViolation(e, 'users_email_uq')) throw new AppError(29005, { field: 'email' });
    throw e;
  }
  return null;
}

/** Wrong current passwords allowed per member in 15 minutes. */
const PASSWORD_TRIES = 5;

/**
 * Changes your password with the current one (22005 when wrong, at most 5 tries in 15 minutes:
 * 29013). The new one follows the password rule (29006) and its confirmation (29007). Your
 * other sessions end at once (88016); this one stays.
 */
export async function changePassword(
  database: Database,
  who: Who & { tokenHash: string },
  body: { oldPassword: string; password: string; confirmPassword: string },
): Promise<null> {
  await assertWithin(database, { bucket: 'password-change', subject: who.userId, max: PASSWORD_TRIES, windowMs: 15 * 60_000 }, 29013);
  const u = await me(database, who.userId);
  if (!(await verifyPassword(body.oldPassword, u.password_hash))) throw new AppError(22005, { field: 'oldPassword' });
  if (passwordProblem(body.password)) throw new AppError(29006, { field: 'password' });
  if (body.password !== body.confirmPassword) throw new AppError(29007, { field: 'confirmPassword' });
  const hash = await hashPassword(body.password);
  await database.db.transaction(async (tx) => {
    await database.rows(sql`UPDATE users SET password_hash = ${hash} WHERE id = ${who.userId}`, tx);
    await database.rows(
      sql`UPDATE sessions SET ended_at = now(), end_reason = 'password'
          WHERE user_id = ${who.userId} AND token_hash <> ${who.tokenHash} AND ended_at IS NULL AND expires_at > now()`,
      tx,
    );
    await recordAudit(database, tx, who.actor, {
      action: 'account.password',
      companyId: who.companyId,
      targetType: 'member',
      targetId: who.userId,
      targetLabel: u.name,
      changes: changesOf({ password: 1 }, { password: 2 }, ['password']),
    });
  });
  return null;
}

/**
 * The company profile: name, country or region, address. A verified company keeps the name it
 * was verified under (30019).
 */
export async function updateCompanyProfile(database: Database, who: Who, body: { name: string; country: string; address: string }): Promise<null> {
  if (!COUNTRY_CODES.has(body.country)) throw new AppError(28002, { field: 'country' });
  await database.db.transaction(async (tx) => {
    const [c] = await database.rows<Row<'companies', 'name' | 'country' | 'address' | 'certification'>>(
      sql`SELECT name, country, address, certification FROM companies WHERE id = ${who.companyId} FOR NO KEY UPDATE`,
      tx,
    );
    if (!c) throw new AppError(21001);
    if (c.certification === 'verified' && c.name !== body.name) throw new AppError(30019, { field: 'name' });
    const changes = changesOf({ name: c.name, country: c.country, address: c.address }, body);
    await database.rows(
      sql`UPDATE companies SET name = ${body.name}, country = ${body.country}, address = ${body.address}, updated_at = now() WHERE id = ${who.companyId}`,
      tx,
    );
    await recordAudit(database, tx, who.actor, {
      action: 'company.profile',
      companyId: who.companyId,
      targetType: 'company',
      targetId: who.companyId,
      targetLabel: body.name,
      changes,
    });
  });
  return null;
}
