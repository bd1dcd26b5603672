import type { Database, Tx } from '../../db/client.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { assertHeld } from '../roles/index.js';
import { codesOf, type MemberRecord, otherEnabledSuperAdmins, type RoleRef } from './repository.js';

/** Nobody acts on a member who holds a code the caller lacks (30009). */
export function assertCanManage(held: ReadonlySet<string>, target: MemberRecord): void {
  assertHeld(held, codesOf(target.roles), 'id');
}

/** Nobody gives a member a role carrying a code the caller lacks (30009). */
export function assertCanGive(held: ReadonlySet<string>, roles: readonly RoleRef[]): void {
  assertHeld(held, codesOf(roles), 'roleIds');
}

/** Refuses acting on oneself (30002): deleting or disabling. */
export function assertNotSelf(callerId: string, target: MemberRecord): void {
  if (callerId === target.id) throw new AppError(30002, { field: 'id' });
}

export const isEnabledSuperAdmin = (m: MemberRecord) => m.state === 'enabled' && m.roles.some((r) => r.is_super);

/**
 * The company keeps at least one enabled super administrator (30003): a change that would stop
 * the member being one (disable, delete, the role taken away) is refused when they are the last.
 * The caller holds the company lock (roles' lockCompany), so two such changes cannot both pass.
 */
export async function assertNotLastSuperAdmin(database: Database, tx: Tx, scope: TenantScope, target: MemberRecord, field = 'id'): Promise<void> {
  if (!isEnabledSuperAdmin(target)) return;
  if ((await otherEnabledSuperAdmins(database, tx, scope, target.id)) === 0) throw new AppError(30003, { field });
}
