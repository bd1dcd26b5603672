import { TIMING } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { sha256hex } from '../../lib/hash.js';
import { randomToken } from '../../lib/passwords.js';

/** A new session: 256-bit token and secret key, one day of life. */
export async function createSession(database: Database, userId: string): Promise<{ token: string; secretKey: string }> {
  const token = randomToken(32);
  const secretKey = randomToken(32);
  const expires = new Date(Date.now() + TIMING.sessionTtlMs).toISOString();
  await database.rows(sql`
    INSERT INTO sessions (token_hash, user_id, secret_key, expires_at) VALUES (${sha256hex(token)}, ${userId}, ${secretKey}, ${expires})`);
  return { token, secretKey };
}

export async function endSession(database: Database, tokenHash: string): Promise<void> {
  await database.rows(sql`UPDATE sessions SET ended_at = now(), end_reason = 'logout' WHERE token_hash = ${tokenHash} AND ended_at IS NULL`);
}

/** Ends every open session of a member (password changed, member disabled): their next call answers 88016. */
export async function endUserSessions(database: Database, userId: string, reason: 'password' | 'disabled', tx?: Tx): Promise<void> {
  await database.rows(
    sql`UPDATE sessions SET ended_at = now(), end_reason = ${reason} WHERE user_id = ${userId} AND ended_at IS NULL AND expires_at > now()`,
    tx,
  );
}
