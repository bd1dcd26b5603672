import { type SQL, sql } from 'drizzle-orm';

/**
 * Company scoping, in one place. A member's endpoint declares its scope (packages/contracts):
 * `company` reaches the caller's company, `subtree` also its sub-companies. Every query of
 * tenant data filters through `inScope`, so another company's id is simply not found.
 */
export type TenantScope = { companyId: string; companyPath: string; reach: 'company' | 'subtree' };

/** The ids of the companies a scope reaches, as a subquery. */
export function companiesIn(scope: TenantScope): SQL {
  return scope.reach === 'subtree' ? subtreeOf(scope.companyPath) : sql`(SELECT ${scope.companyId}::uuid)`;
}

/** `column IN (companies of the scope)`. */
export function inScope(scope: TenantScope, column: SQL = sql`company_id`): SQL {
  return scope.reach === 'subtree' ? sql`${column} IN ${subtreeOf(scope.companyPath)}` : sql`${column} = ${scope.companyId}`;
}

/** The ids of a company and its sub-companies (by its tree path), as a subquery. */
export function subtreeOf(companyPath: string): SQL {
  return sql`(SELECT id FROM companies WHERE path LIKE ${`${companyPath}%`})`;
}

/** The same scope, reaching only the caller's own company. */
export const ownCompany = (scope: TenantScope): TenantScope => ({ ...scope, reach: 'company' });
