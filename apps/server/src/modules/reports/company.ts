import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';

export type ReportCompany = Row<'companies', 'id' | 'name'>;

/**
 * The one company a report covers: the caller's own (no id) or one of its sub-companies.
 * Another tenant's company, or one above the caller, is not found (21001, naming companyId).
 */
export async function reportCompany(database: Database, scope: TenantScope, companyId: string | undefined): Promise<ReportCompany> {
  const id = companyId ?? scope.companyId;
  const [c] = await database.rows<ReportCompany>(sql`SELECT id, name FROM companies WHERE id = ${id} AND id IN ${scope.subtree().companyIds()}`);
  if (!c) throw new AppError(21001, { field: 'companyId' });
  return c;
}
