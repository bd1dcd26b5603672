import { GRANTABLE_PERMISSIONS, PERMISSION_TREE, type Permission } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { AppError } from '../../plugins/errors.js';

const PARENT_OF = new Map<string, Permission>(PERMISSION_TREE.flatMap((n) => n.children.map((c) => [c, n.code] as [string, Permission])));
const SECTIONS_WITH_CHILDREN = new Set<string>(PERMISSION_TREE.filter((n) => n.children.length > 0).map((n) => n.code));

/**
 * A permission set as it is stored: grantable codes only, in the tree's order, each child code
 * bringing its section's parent code, and a section parent without any of its children left out
 * (it would open an empty menu section).
 */
export function normalizeCodes(codes: readonly string[]): Permission[] {
  const set = new Set(codes.filter((c) => (GRANTABLE_PERMISSIONS as readonly string[]).includes(c)));
  for (const c of [...set]) {
    const parent = PARENT_OF.get(c);
    if (parent) set.add(parent);
  }
  for (const c of [...set]) {
    if (!SECTIONS_WITH_CHILDREN.has(c)) continue;
    const node = PERMISSION_TREE.find((n) => n.code === c);
    if (!node?.children.some((child) => set.has(child))) set.delete(c);
  }
  return GRANTABLE_PERMISSIONS.filter((p) => set.has(p));
}

/**
 * The codes a member holds through their roles, as granted (before the deductionSource rule
 * removes the buying codes of a company billed by its parent: a sub-company's super
 * administrator still holds, and may hand on, every code of its super administrator role).
 */
export async function heldCodes(database: Database, userId: string, tx?: Tx): Promise<Set<string>> {
  const rows = await database.rows<{ p: string }>(
    sql`SELECT DISTINCT p FROM user_roles ur JOIN roles r ON r.id = ur.role_id, unnest(r.permissions) AS p WHERE ur.user_id = ${userId}`,
    tx,
  );
  return new Set(rows.map((r) => r.p));
}

/** Refuses codes the caller does not hold (30009, naming them). */
export function assertHeld(held: ReadonlySet<string>, codes: readonly string[], field?: string): void {
  const lacking = [...new Set(codes)].filter((c) => !held.has(c));
  if (lacking.length) throw new AppError(30009, { params: { codes: lacking.join(', ') }, ...(field ? { field } : {}) });
}
