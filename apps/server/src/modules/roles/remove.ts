import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { assertHeld, heldCodes } from './codes.js';
import { findRole, holdersOf, lockCompany } from './repository.js';

/** Members named in the "role in use" error before it says how many more there are. */
const NAMED_HOLDERS = 10;

/**
 * Deletes a role no member holds. The super administrator role is never deleted (30010); a
 * role in use names who holds it (30008); a role carrying codes the caller lacks is refused (30009).
 */
export async function deleteRole(database: Database, actor: Actor, scope: TenantScope, userId: string, id: string): Promise<null> {
  await database.db.transaction(async (tx) => {
    await lockCompany(database, tx, scope.companyId);
    const role = await findRole(database, tx, scope, id);
    if (role.is_super) throw new AppError(30010);
    assertHeld(await heldCodes(database, userId, tx), role.permissions);
    const holders = await holdersOf(database, tx, role.id);
    if (holders.length) {
      const named = holders.slice(0, NAMED_HOLDERS).join(', ');
      throw new AppError(30008, { params: { members: holders.length > NAMED_HOLDERS ? `${named} (+${holders.length - NAMED_HOLDERS})` : named } });
    }
    // a deleted member's role links go with the role; their history keeps their name
    await database.rows(sql`DELETE FROM roles WHERE id = ${role.id} AND ${scope.owns()}`, tx);
    await recordAudit(database, tx, actor, {
      action: 'role.delete',
      companyId: scope.companyId,
      targetType: 'role',
      targetId: role.id,
      targetLabel: role.name,
      changes: changesOf({ name: role.name, permissions: role.permissions }, null),
    });
  });
  return null;
}
