import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { TenantScope } from '../../db/scope.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { endUserSessions } from '../auth/index.js';
import { heldCodes, lockCompany } from '../roles/index.js';
import { assertCanManage, assertNotLastSuperAdmin, assertNotSelf } from './guards.js';
import { findMember } from './repository.js';

/**
 * Deletes a member, softly: the row stays (state `deleted`) so the audit log and every record
 * naming them keep their name, while their e-mail and phone are free for a new account (the
 * unique indexes leave deleted rows out). Their sessions end, their invitations stop working,
 * their roles are taken away. Not oneself (30002), not the last enabled super administrator
 * (30003), not a member holding a code the caller lacks (30009).
 */
export async function deleteMember(database: Database, ctx: { actor: Actor; scope: TenantScope; userId: string }, id: string): Promise<null> {
  await database.db.transaction(async (tx) => {
    await lockCompany(database, tx, ctx.scope.companyId);
    const target = await findMember(database, tx, ctx.scope, id);
    assertNotSelf(ctx.userId, target);
    assertCanManage(await heldCodes(database, ctx.userId, tx), target);
    await assertNotLastSuperAdmin(database, tx, ctx.scope, target);
    await database.rows(sql`UPDATE users SET state = 'deleted', deleted_at = now() WHERE id = ${target.id} AND ${ctx.scope.owns()}`, tx);
    await database.rows(sql`DELETE FROM user_roles WHERE user_id = ${target.id}`, tx);
    await database.rows(sql`UPDATE invitations SET revoked_at = now() WHERE user_id = ${target.id} AND used_at IS NULL AND revoked_at IS NULL`, tx);
    await endUserSessions(database, target.id, 'disabled', tx);
    await recordAudit(database, tx, ctx.actor, {
      action: 'member.delete',
      companyId: ctx.scope.companyId,
      targetType: 'member',
      targetId: target.id,
      targetLabel: target.name,
      changes: changesOf(
        { state: target.state, mail: target.email, phone: target.phone, roles: target.roles.map((r) => r.name) },
        { state: 'deleted', mail: target.email, phone: target.phone, roles: [] },
      ),
    });
  });
  return null;
}
