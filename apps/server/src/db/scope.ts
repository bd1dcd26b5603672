import { type SQL, sql } from 'drizzle-orm';
import { subtreeOf } from './subtree.js';

export type Reach = 'company' | 'subtree';

/**
 * Company scoping, in one place. A member's endpoint declares its scope (packages/contracts):
 * `company` reaches the caller's company, `subtree` also its sub-companies. The route registry
 * builds the scope from the caller and hands it to the handler; a query of tenant data takes its
 * company filter from it (`scope.owns()`), so another company's id is simply not found.
 * tests/tenancy.test.ts flags a member or device handler reading a tenant table without it.
 * Staff endpoints declared `platform` get the PlatformScope below instead.
 */
export class TenantScope {
  private constructor(
    readonly companyId: string,
    readonly companyPath: string,
    readonly reach: Reach,
  ) {}

  /** The scope of a caller: built by the route registry (http/endpoints.ts) alone, and by tests. */
  static of(company: { companyId: string; companyPath: string }, reach: Reach): TenantScope {
    return new TenantScope(company.companyId, company.companyPath, reach);
  }

  /** `column IN (companies of the scope)`; `column` defaults to `company_id`. */
  owns(column: SQL = sql`company_id`): SQL {
    return this.reach === 'subtree' ? sql`${column} IN ${subtreeOf(this.companyPath)}` : sql`${column} = ${this.companyId}`;
  }

  /** The ids of the companies the scope reaches, as a subquery. */
  companyIds(): SQL {
    return this.reach === 'subtree' ? subtreeOf(this.companyPath) : sql`(SELECT ${this.companyId}::uuid)`;
  }

  /** The same caller, reaching only its own company. */
  own(): TenantScope {
    return this.reach === 'company' ? this : new TenantScope(this.companyId, this.companyPath, 'company');
  }

  /** The same caller, reaching its company and its sub-companies (the company tree's routes, a report's company). */
  subtree(): TenantScope {
    return this.reach === 'subtree' ? this : new TenantScope(this.companyId, this.companyPath, 'subtree');
  }
}

/**
 * Every company: the scope of a staff endpoint declared `platform` (the back office). Its filter
 * is `TRUE`, so a function shared by member and staff routes takes one `scope: Scope` and writes
 * `scope.owns(…)` once, instead of a company id that is `null` for "every company". Built by the
 * route registry for a staff caller alone: a member or device handler's scope is a TenantScope.
 */
export class PlatformScope {
  readonly reach = 'platform';
  private static readonly every = new PlatformScope();
  private constructor() {}

  /** The scope of a staff caller: built by the route registry (http/endpoints.ts) alone. */
  static of(_caller: { principal: 'staff' }): PlatformScope {
    return PlatformScope.every;
  }

  /** No filter: `TRUE`. */
  owns(_column?: SQL): SQL {
    return sql`TRUE`;
  }

  /** The ids of every company, as a subquery. */
  companyIds(): SQL {
    return sql`(SELECT id FROM companies)`;
  }
}

/** What a function shared by member and staff routes takes: a caller's companies, or every company. */
export type Scope = TenantScope | PlatformScope;
