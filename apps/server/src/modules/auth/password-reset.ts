import type { TForgetPasswordRequest } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import { hashPassword } from '../../lib/passwords.js';
import { AppError } from '../../plugins/errors.js';
import { assertNewPassword } from './register.js';
import { endUserSessions } from './sessions.js';
import { consumeCode } from './verify-codes.js';

/**
 * Sets a new password with an e-mail code; every open session of the member ends (88016).
 * The code is checked first: an address without an account was recorded a code nobody
 * received (sendCode), so its wrong tries count and answer exactly like a registered one's.
 */
export async function resetPassword(database: Database, b: TForgetPasswordRequest): Promise<void> {
  assertNewPassword(b.password, b.confirmPassword);
  const email = b.email.toLowerCase();
  await consumeCode(database, email, 'reset', b.code);
  const [user] = await database.rows<Row<'users', 'id'>>(sql`SELECT id FROM users WHERE lower(email) = ${email} AND state <> 'deleted'`);
  // the account was deleted after its code was sent
  if (!user) throw new AppError(29003);
  const hash = await hashPassword(b.password);
  await database.db.transaction(async (tx) => {
    await database.rows(sql`UPDATE users SET password_hash = ${hash} WHERE id = ${user.id}`, tx);
    await endUserSessions(database, user.id, 'password', tx);
  });
}
