import type { Locale } from '@rrp/contracts';
import type { Database } from '../../db/client.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { companyLocale, sendInvitation } from '../invitations/index.js';
import { heldCodes, lockCompany } from '../roles/index.js';
import { assertCanManage } from './guards.js';
import { companyName, findMember, pendingAcceptState } from './repository.js';

/** Sends a pending member a new invitation; the old link stops working. Only pending members (30005). */
export async function reInvite(
  database: Database,
  ctx: { actor: Actor; scope: TenantScope; userId: string; locale: Locale; publicUrl: string },
  id: string,
): Promise<null> {
  await database.db.transaction(async (tx) => {
    await lockCompany(database, tx, ctx.scope.companyId);
    const target = await findMember(database, tx, ctx.scope, id);
    if (target.state !== 'pending') throw new AppError(30005, { field: 'id' });
    assertCanManage(await heldCodes(database, ctx.userId, tx), target);
    await sendInvitation(database, tx, {
      userId: target.id,
      name: target.name,
      mail: target.email,
      locale: await companyLocale(database, tx, ctx.scope.companyId, ctx.locale),
      acceptState: await pendingAcceptState(database, tx, target.id),
      invitedBy: ctx.actor,
      publicUrl: ctx.publicUrl,
      companyName: await companyName(database, tx, ctx.scope.companyId),
    });
    await recordAudit(database, tx, ctx.actor, {
      action: 'member.reinvite',
      companyId: ctx.scope.companyId,
      targetType: 'member',
      targetId: target.id,
      targetLabel: target.name,
      changes: {},
    });
  });
  return null;
}
