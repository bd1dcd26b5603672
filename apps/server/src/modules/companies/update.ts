import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { assertCountry, type CompanyFields } from './add.js';
import { subCompanyInScope } from './repository.js';

/**
 * Renames a sub-company or changes its country or billing. A verified company keeps the name
 * it was verified under (30019), as on its own profile page. Changing the billing moves the
 * company's future License and data use to its own stock (independent) or its parent's. The
 * call is audited even when nothing differs (the event's changes are then empty).
 */
export async function updateCompany(database: Database, ctx: { actor: Actor; scope: TenantScope }, body: CompanyFields & { id: string }): Promise<null> {
  assertCountry(body.country);
  await database.db.transaction(async (tx) => {
    const c = await subCompanyInScope(database, ctx.scope, body.id, tx);
    if (c.certification === 'verified' && c.name !== body.name) throw new AppError(30019, { field: 'name' });
    const before = { name: c.name, country: c.country, billing: c.billing };
    const after = { name: body.name, country: body.country, billing: body.billing };
    const changes = changesOf(before, after);
    await database.rows(
      sql`UPDATE companies SET name = ${body.name}, country = ${body.country}, billing = ${body.billing}, updated_at = now() WHERE id = ${c.id}`,
      tx,
    );
    await recordAudit(database, tx, ctx.actor, {
      action: 'company.update',
      companyId: c.id,
      targetType: 'company',
      targetId: c.id,
      targetLabel: body.name,
      changes,
    });
  });
  return null;
}
