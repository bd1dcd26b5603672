import { randomInt } from 'node:crypto';
import { type Locale, TIMING } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import { sha256hex } from '../../lib/hash.js';
import { randomToken } from '../../lib/passwords.js';
import { assertWithin, RateLimited } from '../../lib/rate-limits.js';
import { enqueueEmail } from '../../mail/outbox.js';
import type { MailTemplate } from '../../mail/templates.js';
import { AppError } from '../../plugins/errors.js';

export type CodePurpose = 'register' | 'reset';
const hashCode = (email: string, code: string) => sha256hex(`${email}:${code}`);
/** Sends allowed per client address per hour, against mail flooding from one place. */
const SENDS_PER_ADDRESS_PER_HOUR = 20;

/**
 * What the address receives for a send: the code; another e-mail instead (an address that
 * cannot use a code for this purpose: one already registered is told someone tried to register
 * with it); or nothing (a reset for an address no account has).
 */
export type Delivery = { kind: 'code'; locale: Locale } | { kind: 'instead'; locale: Locale; template: MailTemplate } | { kind: 'nothing' };

/**
 * E-mails a code: 6 digits, 10 minutes of life, one send per 60 s per address and purpose,
 * 5 wrong tries end the code. The mail is queued in the same transaction as the code.
 *
 * Every send records a code, whatever the delivery, so the resend wait, the tries and the
 * answers are the same for an address that has an account and one that has none. A code
 * nobody was sent matches no 6-digit answer.
 */
export async function sendCode(database: Database, email: string, purpose: CodePurpose, clientAddress: string, delivery: Delivery): Promise<void> {
  const [last] = await database.rows<{ wait_ms: number }>(sql`
    SELECT ceil(extract(epoch FROM (created_at + ${`${TIMING.emailCodeResendMs} milliseconds`}::interval - now())) * 1000)::int AS wait_ms
    FROM email_codes WHERE email = ${email} AND purpose = ${purpose} ORDER BY created_at DESC LIMIT 1`);
  if (last && last.wait_ms > 0) {
    const seconds = Math.ceil(last.wait_ms / 1000);
    throw new RateLimited(29004, seconds, { params: { seconds } });
  }
  await assertWithin(database, { bucket: 'send-code', subject: clientAddress, max: SENDS_PER_ADDRESS_PER_HOUR, windowMs: 3_600_000 }, 29013);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = hashCode(email, delivery.kind === 'code' ? code : randomToken(16));
  const expires = new Date(Date.now() + TIMING.emailCodeTtlMs).toISOString();
  await database.db.transaction(async (tx) => {
    await database.rows(sql`UPDATE email_codes SET used_at = now() WHERE email = ${email} AND purpose = ${purpose} AND used_at IS NULL`, tx);
    await database.rows(sql`INSERT INTO email_codes (email, purpose, code_hash, expires_at) VALUES (${email}, ${purpose}, ${codeHash}, ${expires})`, tx);
    if (delivery.kind === 'code')
      await enqueueEmail(database, tx, {
        to: email,
        locale: delivery.locale,
        template: { kind: 'verify-code', purpose, code, minutes: TIMING.emailCodeTtlMs / 60_000 },
      });
    else if (delivery.kind === 'instead') await enqueueEmail(database, tx, { to: email, locale: delivery.locale, template: delivery.template });
  });
}

/**
 * Checks a code and uses it up when right; a wrong code counts a try, and the fifth ends it.
 * Callers check it before anything that depends on who has an account, so a wrong code
 * answers the same whether the address is registered or not.
 */
export async function consumeCode(database: Database, email: string, purpose: CodePurpose, code: string): Promise<void> {
  const [row] = await database.rows<Row<'email_codes', 'id' | 'code_hash' | 'tries'>>(sql`
    SELECT id, code_hash, tries FROM email_codes
    WHERE email = ${email} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > now()
    ORDER BY created_at DESC LIMIT 1`);
  if (!row) throw new AppError(29003);
  if (row.tries >= TIMING.emailCodeMaxTries) throw new AppError(29010);
  if (row.code_hash !== hashCode(email, code)) {
    const [after] = await database.rows<Row<'email_codes', 'tries'>>(sql`UPDATE email_codes SET tries = tries + 1 WHERE id = ${row.id} RETURNING tries`);
    throw new AppError((after?.tries ?? 0) >= TIMING.emailCodeMaxTries ? 29010 : 29003);
  }
  const used = await database.rows(
    sql`UPDATE email_codes SET used_at = now() WHERE id = ${row.id} AND used_at IS NULL AND tries < ${TIMING.emailCodeMaxTries} RETURNING id`,
  );
  if (used.length === 0) throw new AppError(29003);
}
