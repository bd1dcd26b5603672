import { PERMISSION_TREE } from '@rrp/contracts';
import type { Database } from '../../db/client.js';
import { heldCodes } from './codes.js';

/** The role editor's tree: the menu sections and their codes, each marked grantable when the caller holds it. */
export async function permissionTree(database: Database, userId: string) {
  const held = await heldCodes(database, userId);
  return {
    tree: PERMISSION_TREE.map((n) => ({
      code: n.code,
      grantable: held.has(n.code),
      children: n.children.map((c) => ({ code: c, grantable: held.has(c) })),
    })),
  };
}
