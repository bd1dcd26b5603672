import { LIMITS } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { textArray } from '../../db/arrays.js';
import type { Database } from '../../db/client.js';
import type { Count, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { assertHeld, heldCodes, normalizeCodes } from './codes.js';
import { assertNameFree, lockCompany } from './repository.js';

/** A new role of the caller's company, carrying only codes the caller holds. */
export async function addRole(
  database: Database,
  actor: Actor,
  scope: TenantScope,
  userId: string,
  body: { name: string; permissions: string[] },
): Promise<{ id: string }> {
  const permissions = normalizeCodes(body.permissions);
  return database.db.transaction(async (tx) => {
    await lockCompany(database, tx, scope.companyId);
    assertHeld(await heldCodes(database, userId, tx), permissions, 'permissions');
    const [{ n }] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM roles WHERE ${scope.owns()}`, tx);
    if (n >= LIMITS.rolesMax) throw new AppError(30017, { params: { max: LIMITS.rolesMax } });
    await assertNameFree(database, tx, scope, body.name, null);
    const [role] = await database.rows<Row<'roles', 'id'>>(
      sql`INSERT INTO roles (company_id, name, permissions) VALUES (${scope.companyId}, ${body.name}, ${textArray(permissions)}::text[]) RETURNING id`,
      tx,
    );
    await recordAudit(database, tx, actor, {
      action: 'role.add',
      companyId: scope.companyId,
      targetType: 'role',
      targetId: role.id,
      targetLabel: body.name,
      changes: changesOf(null, { name: body.name, permissions }),
    });
    return { id: role.id };
  });
}
