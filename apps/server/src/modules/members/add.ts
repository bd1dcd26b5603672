import { LIMITS, type Locale, type TMemberAdd } from '@rrp/contracts';
import type { Database } from '../../db/client.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { companyLocale, createPendingMember } from '../invitations/index.js';
import { heldCodes, lockCompany } from '../roles/index.js';
import { assertCanGive } from './guards.js';
import { companyName, findRoles, memberCount } from './repository.js';

/**
 * Adds a member: pending until they accept the invitation e-mailed to them, in the company's
 * language, with a link to set their password. The roles must be the company's and carry only
 * codes the caller holds.
 */
export async function addMember(
  database: Database,
  ctx: { actor: Actor; scope: TenantScope; userId: string; locale: Locale; publicUrl: string },
  body: TMemberAdd,
): Promise<{ id: string }> {
  return database.db.transaction(async (tx) => {
    await lockCompany(database, tx, ctx.scope.companyId);
    const roles = await findRoles(database, tx, ctx.scope, body.roleIds);
    assertCanGive(await heldCodes(database, ctx.userId, tx), roles);
    if ((await memberCount(database, tx, ctx.scope)) >= LIMITS.membersMax) throw new AppError(30017, { params: { max: LIMITS.membersMax } });
    const id = await createPendingMember(database, tx, {
      companyId: ctx.scope.companyId,
      name: body.name,
      phone: body.phone,
      mail: body.mail,
      roleIds: roles.map((r) => r.id),
      state: body.state,
      description: body.description,
      locale: await companyLocale(database, tx, ctx.scope.companyId, ctx.locale),
      invitedBy: ctx.actor,
      publicUrl: ctx.publicUrl,
      companyName: await companyName(database, tx, ctx.scope.companyId),
    });
    await recordAudit(database, tx, ctx.actor, {
      action: 'member.add',
      companyId: ctx.scope.companyId,
      targetType: 'member',
      targetId: id,
      targetLabel: body.name,
      changes: changesOf(null, {
        name: body.name,
        phone: body.phone,
        mail: body.mail.toLowerCase(),
        roles: roles.map((r) => r.name),
        state: 'pending',
        acceptState: body.state,
        description: body.description ?? '',
      }),
    });
    return { id };
  });
}
