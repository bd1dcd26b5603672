import { LIMITS, type Locale } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Count, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { companyLocale, createPendingMember } from '../invitations/index.js';
import { subCompanyInScope } from './repository.js';

/**
 * Invites the super administrator of a sub-company: a pending member of that company holding
 * its super administrator role, e-mailed a link to set a password, in the company's language.
 */
export async function inviteCompanyAdmin(
  database: Database,
  ctx: { actor: Actor; scope: TenantScope; locale: Locale; publicUrl: string },
  body: { companyId: string; name: string; phone: string; mail: string },
): Promise<null> {
  await database.db.transaction(async (tx) => {
    const c = await subCompanyInScope(database, ctx.scope, body.companyId, tx, 'companyId');
    if (c.state === 'disabled') throw new AppError(30018, { field: 'companyId' });
    const [{ n }] = await database.rows<Count>(
      sql`SELECT count(*)::int AS n FROM users WHERE company_id = ${c.id} AND ${ctx.scope.owns()} AND state <> 'deleted'`,
      tx,
    );
    if (n >= LIMITS.membersMax) throw new AppError(30017, { params: { max: LIMITS.membersMax } });
    const [role] = await database.rows<Row<'roles', 'id' | 'name'>>(
      sql`SELECT id, name FROM roles WHERE company_id = ${c.id} AND ${ctx.scope.owns()} AND is_super ORDER BY created_at, id LIMIT 1`,
      tx,
    );
    if (!role) throw new AppError(30006);
    const userId = await createPendingMember(database, tx, {
      companyId: c.id,
      name: body.name,
      phone: body.phone,
      mail: body.mail.toLowerCase(),
      roleIds: [role.id],
      state: 'enabled',
      locale: await companyLocale(database, tx, c.id, ctx.locale),
      invitedBy: ctx.actor,
      publicUrl: ctx.publicUrl,
      companyName: c.name,
    });
    await recordAudit(database, tx, ctx.actor, {
      action: 'company.adminInvite',
      companyId: c.id,
      targetType: 'member',
      targetId: userId,
      targetLabel: body.name,
      changes: changesOf(null, { name: body.name, phone: body.phone, mail: body.mail.toLowerCase(), roles: [role.name], state: 'pending' }),
    });
  });
  return null;
}
