import { sql } from 'drizzle-orm';
import { textArray } from '../../db/arrays.js';
import type { Database } from '../../db/client.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { assertHeld, heldCodes, normalizeCodes } from './codes.js';
import { assertNameFree, findRole, lockCompany, roleNameKey } from './repository.js';

/**
 * Renames a role or changes its codes. The super administrator role is never changed (30010);
 * a role carrying, or about to carry, a code the caller lacks is refused (30009). Members
 * holding the role have the new codes from their next call.
 */
export async function updateRole(
  database: Database,
  actor: Actor,
  scope: TenantScope,
  userId: string,
  body: { id: string; name: string; permissions: string[] },
): Promise<null> {
  const permissions = normalizeCodes(body.permissions);
  await database.db.transaction(async (tx) => {
    await lockCompany(database, tx, scope.companyId);
    const role = await findRole(database, tx, scope, body.id);
    if (role.is_super) throw new AppError(30010);
    assertHeld(await heldCodes(database, userId, tx), [...role.permissions, ...permissions], 'permissions');
    // a sample role keeps its stored name when its label comes back in the other language
    const name = roleNameKey(body.name) === roleNameKey(role.name) ? role.name : body.name;
    await assertNameFree(database, tx, scope, name, role.id);
    await database.rows(
      sql`UPDATE roles SET name = ${name}, permissions = ${textArray(permissions)}::text[], updated_at = now() WHERE id = ${role.id} AND ${scope.owns()}`,
      tx,
    );
    const changes = changesOf({ name: role.name, permissions: normalizeCodes(role.permissions) }, { name, permissions });
    await recordAudit(database, tx, actor, {
      action: 'role.update',
      companyId: scope.companyId,
      targetType: 'role',
      targetId: role.id,
      targetLabel: name,
      changes,
    });
  });
  return null;
}
