import type { Locale } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { TenantScope } from '../../db/scope.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { assertContactFree, companyLocale, sendInvitation } from '../invitations/index.js';
import { heldCodes, lockCompany } from '../roles/index.js';
import { assertCanGive, assertCanManage, assertNotLastSuperAdmin } from './guards.js';
import { companyName, findMember, findRoles, pendingAcceptState } from './repository.js';

export type MemberEdit = { id: string; name: string; phone: string; mail: string; roleIds: string[]; description?: string };

/**
 * Edits a member's name, phone, e-mail, roles and description. The caller must hold every code
 * the member holds and every code of the new roles (30009); the last enabled super
 * administrator keeps the role (30003). A pending member whose e-mail changes is invited again
 * at the new address (the old link stops working).
 */
export async function editMember(
  database: Database,
  ctx: { actor: Actor; scope: TenantScope; userId: string; locale: Locale; publicUrl: string },
  body: MemberEdit,
): Promise<null> {
  await database.db.transaction(async (tx) => {
    await lockCompany(database, tx, ctx.scope.companyId);
    const target = await findMember(database, tx, ctx.scope, body.id);
    const held = await heldCodes(database, ctx.userId, tx);
    assertCanManage(held, target);
    const roles = await findRoles(database, tx, ctx.scope, body.roleIds);
    assertCanGive(held, roles);
    if (!roles.some((r) => r.is_super)) await assertNotLastSuperAdmin(database, tx, ctx.scope, target, 'roleIds');
    const mail = body.mail.toLowerCase();
    await assertContactFree(database, tx, mail, body.phone, target.id);

    try {
      await database.rows(
        sql`UPDATE users SET name = ${body.name}, phone = ${body.phone}, email = ${mail}, description = ${body.description ?? ''} WHERE id = ${target.id} AND ${ctx.scope.owns()}`,
        tx,
      );
    } catch (e) {
      // another request took the address or the phone between the check and the update
      if (isUniqueViolation(e, 'users_email_uq')) throw new AppError(29005, { field: 'mail' });
      if (isUniqueViolation(e, 'users_phone_uq')) throw new AppError(29014, { field: 'phone' });
      throw e;
    }
    const before = new Set(target.roles.map((r) => r.id));
    const after = new Set(roles.map((r) => r.id));
    for (const r of target.roles) if (!after.has(r.id)) await database.rows(sql`DELETE FROM user_roles WHERE user_id = ${target.id} AND role_id = ${r.id}`, tx);
    for (const r of roles) if (!before.has(r.id)) await database.rows(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${target.id}, ${r.id})`, tx);

    const reinvited = target.state === 'pending' && mail !== target.email.toLowerCase();
    if (reinvited) {
      await sendInvitation(database, tx, {
        userId: target.id,
        name: body.name,
        mail,
        locale: await companyLocale(database, tx, ctx.scope.companyId, ctx.locale),
        acceptState: await pendingAcceptState(database, tx, target.id),
        invitedBy: ctx.actor,
        publicUrl: ctx.publicUrl,
        companyName: await companyName(database, tx, ctx.scope.companyId),
      });
    }
    await recordAudit(database, tx, ctx.actor, {
      action: 'member.update',
      companyId: ctx.scope.companyId,
      targetType: 'member',
      targetId: target.id,
      targetLabel: body.name,
      changes: changesOf(
        { name: target.name, phone: target.phone, mail: target.email, roles: target.roles.map((r) => r.name), description: target.description },
        { name: body.name, phone: body.phone, mail, roles: roles.map((r) => r.name), description: body.description ?? '' },
      ),
    });
  });
  return null;
}
