import { randomInt } from 'node:crypto';
import { type Locale, TIMING } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sha256hex } from '../../lib/hash.js';
import { hit } from '../../lib/rate-counter.js';
import { enqueueEmail } from '../../mail/outbox.js';
import { AppError } from '../../plugins/errors.js';

export type CodePurpose = 'register' | 'reset';
const hashCode = (email: string, code: string) => sha256hex(`${email}:${code}`);
/** Sends allowed per client address per hour, against mail flooding from one place. */
const SENDS_PER_ADDRESS_PER_HOUR = 20;

/**
 * E-mail codes: 6 digits, 10 minutes of life, one send per 60 s per address and purpose,
 * 5 wrong tries end the code. The mail is queued in the same transaction as the code.
 */
export async function sendCode(database: Database, email: string, purpose: CodePurpose, locale: Locale, clientAddress: string): Promise<void> {
  const [last] = await database.rows<{ wait_ms: number }>(sql`
    SELECT ceil(extract(epoch FROM (created_at + ${`${TIMING.emailCodeResendMs} milliseconds`}::interval - now())) * 1000)::int AS wait_ms
    FROM email_codes WHERE email = ${email} AND purpose = ${purpose} ORDER BY created_at DESC LIMIT 1`);
  if (last && last.wait_ms > 0) throw new AppError(29004, { params: { seconds: Math.ceil(last.wait_ms / 1000) } });
  if ((await hit(database, `send-code:${clientAddress}`, 3_600_000)) > SENDS_PER_ADDRESS_PER_HOUR) throw new AppError(29013);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expires = new Date(Date.now() + TIMING.emailCodeTtlMs).toISOString();
  await database.db.transaction(async (tx) => {
    await database.rows(sql`UPDATE email_codes SET used_at = now() WHERE email = ${email} AND purpose = ${purpose} AND used_at IS NULL`, tx);
    await database.rows(
      sql`INSERT INTO email_codes (email, purpose, code_hash, expires_at) VALUES (${email}, ${purpose}, ${hashCode(email, code)}, ${expires})`,
      tx,
    );
    await enqueueEmail(database, tx, { to: email, locale, template: { kind: 'verify-code', purpose, code, minutes: TIMING.emailCodeTtlMs / 60_000 } });
  });
}

/**
 * Checks a code and uses it up when right; a wrong code counts a try, and the fifth ends it.
 * Callers check everything else first, so a request refused for another reason keeps the code.
 */
export async function consumeCode(database: Database, email: string, purpose: CodePurpose, code: string): Promise<void> {
  const [row] = await database.rows<{ id: number; code_hash: string; tries: number }>(sql`
    SELECT id, code_hash, tries FROM email_codes
    WHERE email = ${email} AND purpose = ${purpose} AND used_at IS NULL AND expires_at > now()
    ORDER BY created_at DESC LIMIT 1`);
  if (!row) throw new AppError(29003);
  if (row.tries >= TIMING.emailCodeMaxTries) throw new AppError(29010);
  if (row.code_hash !== hashCode(email, code)) {
    const [after] = await database.rows<{ tries: number }>(sql`UPDATE email_codes SET tries = tries + 1 WHERE id = ${row.id} RETURNING tries`);
    throw new AppError((after?.tries ?? 0) >= TIMING.emailCodeMaxTries ? 29010 : 29003);
  }
  const used = await database.rows(
    sql`UPDATE email_codes SET used_at = now() WHERE id = ${row.id} AND used_at IS NULL AND tries < ${TIMING.emailCodeMaxTries} RETURNING id`,
  );
  if (used.length === 0) throw new AppError(29003);
}
