import type { CompanyState } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { subtreeOf, withinSubtree } from '../../db/subtree.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit, recordAuditMany } from '../audit/index.js';
import { subCompanyInScope } from './repository.js';

/**
 * Disables or enables a sub-company together with the companies below it. Disabling ends the
 * open sessions of their members at once (their next call answers 88016) and refuses their
 * sign-in (30018) until the company is enabled again; enabling needs an enabled parent (30032).
 * One audit event per company whose state changed.
 */
export async function setCompanyState(database: Database, ctx: { actor: Actor; scope: TenantScope }, body: { id: string; state: CompanyState }): Promise<null> {
  await database.db.transaction(async (tx) => {
    const c = await subCompanyInScope(database, ctx.scope, body.id, tx);
    if (body.state === 'enabled' && c.parent_id) {
      const [p] = await database.rows<Row<'companies', 'state'>>(sql`SELECT state FROM companies WHERE id = ${c.parent_id}`, tx);
      if (p?.state === 'disabled') throw new AppError(30032);
    }
    const changed = await database.rows<Row<'companies', 'id' | 'name'>>(
      sql`UPDATE companies SET state = ${body.state}, updated_at = now()
          WHERE ${withinSubtree(sql`path`, c.path)} AND state <> ${body.state} RETURNING id, name`,
      tx,
    );
    if (changed.length === 0) {
      // already in that state: the call is still recorded, with nothing changed
      await recordAudit(database, tx, ctx.actor, { action: 'company.state', companyId: c.id, targetType: 'company', targetId: c.id, targetLabel: c.name });
      return;
    }
    if (body.state === 'disabled')
      await database.rows(
        sql`UPDATE sessions SET ended_at = now(), end_reason = 'disabled'
            WHERE ended_at IS NULL AND expires_at > now()
              AND user_id IN (SELECT id FROM users WHERE company_id IN ${subtreeOf(c.path)} AND ${ctx.scope.owns()})`,
        tx,
      );
    const before = body.state === 'enabled' ? 'disabled' : 'enabled';
    await recordAuditMany(
      database,
      tx,
      ctx.actor,
      changed.map((r) => ({
        action: 'company.state' as const,
        companyId: r.id,
        targetType: 'company',
        targetId: r.id,
        targetLabel: r.name,
        changes: { state: [before, body.state] as [unknown, unknown], ...(r.id === c.id ? {} : { cascadedFrom: [null, c.name] as [unknown, unknown] }) },
      })),
    );
  });
  return null;
}
