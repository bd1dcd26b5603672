import type { BillingMethod, CertificationState, CompanyState, TCompanyNode } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { Narrow, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { withinSubtree } from '../../db/subtree.js';
import { AppError } from '../../plugins/errors.js';

export type CompanyRow = Narrow<
  Row<'companies', 'id' | 'parent_id' | 'path' | 'name' | 'country' | 'address' | 'certification' | 'billing' | 'state' | 'created_at'>,
  { certification: CertificationState; billing: BillingMethod; state: CompanyState }
>;

const COLUMNS = sql`c.id, c.parent_id, c.path, c.name, c.country, c.address, c.certification, c.billing, c.state, c.created_at`;

/** Levels below the top of the whole tree: 0 for a company without a parent. */
export const depthOf = (path: string): number => path.split('/').filter(Boolean).length - 1;

export const iso = (d: string | Date | null): string | null => (d === null ? null : new Date(d).toISOString());

/**
 * A company of the caller's tree (its own or a sub-company), optionally locked for the change
 * that follows. Another tenant's company, or one above the caller, is not found (21001).
 */
export async function companyInScope(database: Database, scope: TenantScope, id: string, tx?: Tx, lock = false): Promise<CompanyRow> {
  const [c] = await database.rows<CompanyRow>(
    sql`SELECT ${COLUMNS} FROM companies c WHERE c.id = ${id} AND c.id IN ${scope.subtree().companyIds()} ${lock ? sql`FOR NO KEY UPDATE` : sql``}`,
    tx,
  );
  if (!c) throw new AppError(21001, { field: 'id' });
  return c;
}

/** A sub-company of the caller's tree: the caller's own company is changed in the account pages (30031). */
export async function subCompanyInScope(database: Database, scope: TenantScope, id: string, tx: Tx, field = 'id'): Promise<CompanyRow> {
  const c = await companyInScope(database, scope, id, tx, true).catch((e) => {
    throw e instanceof AppError && e.code === 21001 ? new AppError(21001, { field }) : e;
  });
  if (c.id === scope.companyId) throw new AppError(30031, { field });
  return c;
}

export async function companyById(database: Database, id: string, tx?: Tx): Promise<CompanyRow | null> {
  const [c] = await database.rows<CompanyRow>(sql`SELECT ${COLUMNS} FROM companies c WHERE c.id = ${id}`, tx);
  return c ?? null;
}

type NodeRow = CompanyRow & { members: number; devices: number };

/** Companies with their members and devices, for a tree. */
const NODES = sql`
    SELECT ${COLUMNS},
           (SELECT count(*) FROM users u WHERE u.company_id = c.id AND u.state <> 'deleted')::int AS members,
           (SELECT count(*) FROM devices d WHERE d.company_id = c.id)::int AS devices
    FROM companies c`;
const NODE_ORDER = sql`ORDER BY c.created_at, c.name, c.id`;

/** The caller's company and every company below it. */
async function subtreeRows(database: Database, scope: TenantScope): Promise<NodeRow[]> {
  return database.rows<NodeRow>(sql`${NODES} WHERE ${scope.subtree().owns(sql`c.id`)} ${NODE_ORDER}`);
}

/** The company at `rootPath` and every company below it (the back office's). */
async function rowsBelow(database: Database, rootPath: string): Promise<NodeRow[]> {
  return database.rows<NodeRow>(sql`${NODES} WHERE ${withinSubtree(sql`c.path`, rootPath)} ${NODE_ORDER}`);
}

/** The caller's tree: its company (depth 0) and every company below it. */
export async function companyTree(database: Database, scope: TenantScope): Promise<TCompanyNode> {
  return treeOf(await subtreeRows(database, scope), { id: scope.companyId, path: scope.companyPath });
}

/** The tree under a company (inclusive), depth 0 at that company: the back office's view. */
export async function companyTreeOf(database: Database, root: { id: string; path: string }): Promise<TCompanyNode> {
  return treeOf(await rowsBelow(database, root.path), root);
}

function treeOf(rows: NodeRow[], root: { id: string; path: string }): TCompanyNode {
  const base = depthOf(root.path);
  const nodes = new Map<string, TCompanyNode>();
  for (const r of rows)
    nodes.set(r.id, {
      id: r.id,
      name: r.name,
      country: r.country,
      billing: r.billing,
      state: r.state,
      certification: r.certification,
      parentId: r.parent_id,
      depth: depthOf(r.path) - base,
      members: r.members,
      devices: r.devices,
      createdAt: iso(r.created_at) as string,
      children: [],
    });
  for (const n of nodes.values()) if (n.id !== root.id && n.parentId) nodes.get(n.parentId)?.children.push(n);
  const top = nodes.get(root.id);
  if (!top) throw new AppError(21001);
  return top;
}

/** The companies of a tree in depth-first order, for pickers. */
export function flatten(node: TCompanyNode): TCompanyNode[] {
  return [node, ...node.children.flatMap(flatten)];
}
