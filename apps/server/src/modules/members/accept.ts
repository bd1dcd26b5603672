import { passwordProblem } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { As, Narrow, Row } from '../../db/row.js';
import { sha256hex } from '../../lib/hash.js';
import { hashPassword } from '../../lib/passwords.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';

type LiveInvitation = Row<'invitations', 'id' | 'user_id' | 'expires_at'> &
  Row<'users', 'name' | 'email'> &
  Narrow<Row<'users', 'company_id'>, { company_id: string }> &
  As<'companies', { company_name: 'name' }>;

/**
 * The invitation a link carries, while it still works: not used, not replaced by a newer one,
 * not expired, its member still pending. Anything else is 30004.
 */
async function liveInvitation(database: Database, token: string, tx?: Tx): Promise<LiveInvitation> {
  const [i] = await database.rows<LiveInvitation>(
    sql`SELECT i.id, i.user_id, i.expires_at, u.name, u.email, u.company_id, c.name AS company_name
        FROM invitations i JOIN users u ON u.id = i.user_id JOIN companies c ON c.id = u.company_id
        WHERE i.token_hash = ${sha256hex(token)} AND i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()
          AND u.state = 'pending'`,
    tx,
  );
  if (!i) throw new AppError(30004, { field: 'token' });
  return i;
}

/** Who an invitation link is for (the page that sets the password shows it). */
export async function checkInvitation(database: Database, token: string) {
  const i = await liveInvitation(database, token);
  return { name: i.name, mail: i.email, companyName: i.company_name, expiresAt: new Date(i.expires_at).toISOString() };
}

/**
 * Accepts an invitation: the member sets a password (the rule of spec section 5) and takes the
 * state the inviter chose. The link is used up in the same transaction, by a conditional
 * update, so a second use (even a concurrent one) answers 30004 and changes nothing.
 */
export async function acceptInvitation(database: Database, actor: Actor, body: { token: string; password: string; confirmPassword: string }): Promise<null> {
  const found = await liveInvitation(database, body.token);
  if (passwordProblem(body.password)) throw new AppError(29006, { field: 'password' });
  if (body.password !== body.confirmPassword) throw new AppError(29007, { field: 'confirmPassword' });
  const passwordHash = await hashPassword(body.password);
  await database.db.transaction(async (tx) => {
    const [used] = await database.rows<Narrow<Row<'invitations', 'accept_state'>, { accept_state: 'enabled' | 'disabled' }>>(
      sql`UPDATE invitations SET used_at = now()
          WHERE id = ${found.id} AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now() RETURNING accept_state`,
      tx,
    );
    if (!used) throw new AppError(30004, { field: 'token' });
    const state = used.accept_state === 'disabled' ? 'disabled' : 'enabled';
    const [member] = await database.rows<Row<'users', 'id'>>(
      sql`UPDATE users SET password_hash = ${passwordHash}, state = ${state} WHERE id = ${found.user_id} AND state = 'pending' RETURNING id`,
      tx,
    );
    if (!member) throw new AppError(30004, { field: 'token' });
    // the member acts on their own behalf here: the public call has no signed-in caller
    const self: Actor = { ...actor, kind: 'member', id: found.user_id, name: found.name, companyId: found.company_id };
    await recordAudit(database, tx, self, {
      action: 'member.accept',
      companyId: found.company_id,
      targetType: 'member',
      targetId: found.user_id,
      targetLabel: found.name,
      changes: changesOf({ state: 'pending', password: null }, { state, password: 'set' }, ['password']),
    });
  });
  return null;
}
