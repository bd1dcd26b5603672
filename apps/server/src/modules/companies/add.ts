import { LIMITS, type Locale } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Count } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { COUNTRY_CODES } from '../countries/index.js';
import { companyLocale } from '../invitations/index.js';
import { createCompany } from './create-company.js';
import { companyInScope, depthOf } from './repository.js';

export type CompanyFields = { name: string; country: string; billing: 'independent' | 'parent' };

export function assertCountry(country: string): void {
  if (!COUNTRY_CODES.has(country)) throw new AppError(28002, { field: 'country' });
}

/**
 * Creates a sub-company under the caller's company or one of its sub-companies, with its sample
 * roles named in the parent's language. The parent row is locked first, so two concurrent
 * creations cannot pass the count limit together.
 */
export async function addCompany(
  database: Database,
  ctx: { actor: Actor; scope: TenantScope; locale: Locale },
  body: CompanyFields & { parentId?: string },
): Promise<{ id: string }> {
  assertCountry(body.country);
  return database.db.transaction(async (tx) => {
    const parent = await companyInScope(database, ctx.scope, body.parentId ?? ctx.scope.companyId, tx, true).catch((e) => {
      throw e instanceof AppError && e.code === 21001 ? new AppError(21001, { field: 'parentId' }) : e;
    });
    if (parent.state === 'disabled') throw new AppError(30018, { field: 'parentId' });
    if (depthOf(parent.path) + 1 > LIMITS.companyDepthMax) throw new AppError(30011, { params: { max: LIMITS.companyDepthMax } });
    const [{ n }] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM companies WHERE parent_id = ${parent.id}`, tx);
    if (n >= LIMITS.subCompaniesMax) throw new AppError(30012, { params: { max: LIMITS.subCompaniesMax } });

    const locale = await companyLocale(database, tx, parent.id, ctx.locale);
    const { companyId } = await createCompany(database, tx, {
      name: body.name,
      country: body.country,
      address: '',
      parentId: parent.id,
      billing: body.billing,
      locale,
    });
    await recordAudit(database, tx, ctx.actor, {
      action: 'company.add',
      companyId,
      targetType: 'company',
      targetId: companyId,
      targetLabel: body.name,
      changes: changesOf(null, { name: body.name, country: body.country, billing: body.billing, parent: parent.name }),
    });
    return { id: companyId };
  });
}
