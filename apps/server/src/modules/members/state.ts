import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { TenantScope } from '../../db/scope.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { endUserSessions } from '../auth/index.js';
import { heldCodes, lockCompany } from '../roles/index.js';
import { assertCanManage, assertNotLastSuperAdmin, assertNotSelf } from './guards.js';
import { findMember, pendingAcceptState } from './repository.js';

/**
 * Enables or disables a member. Disabling ends their sessions in the same transaction: their
 * next call answers 88016. Not oneself (30002), not the last enabled super administrator
 * (30003), not a member holding a code the caller lacks (30009). A pending member keeps their
 * invitation; the state chosen is the one they take when they accept it.
 */
export async function setMemberState(
  database: Database,
  ctx: { actor: Actor; scope: TenantScope; userId: string },
  body: { id: string; state: 'enabled' | 'disabled' },
): Promise<null> {
  await database.db.transaction(async (tx) => {
    await lockCompany(database, tx, ctx.scope.companyId);
    const target = await findMember(database, tx, ctx.scope, body.id);
    assertCanManage(await heldCodes(database, ctx.userId, tx), target);
    if (body.state === 'disabled') {
      assertNotSelf(ctx.userId, target);
      await assertNotLastSuperAdmin(database, tx, ctx.scope, target);
    }
    let changes: ReturnType<typeof changesOf>;
    if (target.state === 'pending') {
      const before = await pendingAcceptState(database, tx, target.id);
      await database.rows(sql`UPDATE invitations SET accept_state = ${body.state} WHERE user_id = ${target.id} AND used_at IS NULL AND revoked_at IS NULL`, tx);
      changes = changesOf({ acceptState: before }, { acceptState: body.state });
    } else {
      // conditional: a second identical request changes nothing and records nothing
      const changed = await database.rows(
        sql`UPDATE users SET state = ${body.state} WHERE id = ${target.id} AND ${ctx.scope.owns()} AND state IN ('enabled', 'disabled') AND state <> ${body.state} RETURNING id`,
        tx,
      );
      if (!changed.length) return;
      if (body.state === 'disabled') await endUserSessions(database, target.id, 'disabled', tx);
      changes = changesOf({ state: target.state }, { state: body.state });
    }
    if (!Object.keys(changes).length) return;
    await recordAudit(database, tx, ctx.actor, {
      action: 'member.state',
      companyId: ctx.scope.companyId,
      targetType: 'member',
      targetId: target.id,
      targetLabel: target.name,
      changes,
    });
  });
  return null;
}
