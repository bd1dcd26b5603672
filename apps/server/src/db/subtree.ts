import { type SQL, sql } from 'drizzle-orm';

/**
 * The company tree, in one place. A company's `path` lists the ids from the root down to it, so
 * a company lies in another's subtree when its path starts with the other's. Every query that
 * asks "this company and its sub-companies" is built from these.
 */

/** `path` lies in the subtree rooted at `root`: a company's path (bound) or another row's path column. */
export function withinSubtree(path: SQL, root: string | SQL): SQL {
  return typeof root === 'string' ? sql`${path} LIKE ${`${root}%`}` : sql`${path} LIKE ${root} || '%'`;
}

/** The ids of a company and its sub-companies (by its tree path), as a subquery. */
export function subtreeOf(root: string | SQL): SQL {
  return sql`(SELECT id FROM companies WHERE ${withinSubtree(sql`path`, root)})`;
}

/**
 * The company that pays for `companyId` (its License stock, its data pool): itself when it bills
 * independently, else the nearest ancestor that does (a sub-company billed by its parent).
 * A statement selecting `columns` of the payer `p`.
 */
export function payerStatement(companyId: SQL | string, columns: SQL): SQL {
  return sql`SELECT ${columns} FROM companies c JOIN companies p ON ${withinSubtree(sql`c.path`, sql`p.path`)}
      WHERE c.id = ${companyId}
      ORDER BY (p.billing = 'independent' OR p.parent_id IS NULL) DESC, length(p.path) DESC LIMIT 1`;
}

/**
 * The companies a payer pays for: its subtree minus the sub-trees of independent sub-companies,
 * as a subquery. `payer` is a company (bound values) or the columns of a row of the statement.
 */
export function billedBy(payer: { id: string | SQL; path: string | SQL }): SQL {
  return sql`(
  SELECT b.id FROM companies b WHERE ${withinSubtree(sql`b.path`, payer.path)}
    AND NOT EXISTS (SELECT 1 FROM companies i WHERE i.billing = 'independent' AND i.id <> ${payer.id}
                    AND ${withinSubtree(sql`i.path`, payer.path)} AND ${withinSubtree(sql`b.path`, sql`i.path`)}))`;
}
