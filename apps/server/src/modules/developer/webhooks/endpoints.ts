import { DEVELOPER_LIMITS, type TWebhookEndpoint, type WebhookEvent } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { textArray } from '../../../db/arrays.js';
import type { Database, Tx } from '../../../db/client.js';
import type { Count, Row } from '../../../db/row.js';
import type { TenantScope } from '../../../db/scope.js';
import { iso } from '../../../lib/units.js';
import { AppError } from '../../../plugins/errors.js';
import { type Actor, changesOf, HIDDEN, recordAudit } from '../../audit/index.js';
import { newEndpointSecret } from './signing.js';
import { assertUrlAllowed, type WebhookOptions } from './url-policy.js';

export type Ctx = { scope: TenantScope; actor: Actor; options: WebhookOptions };
type EndpointWithSecret = TWebhookEndpoint & { secret: string };

type EndpointRow = Row<
  'webhook_endpoints',
  'id' | 'url' | 'events' | 'description' | 'secret' | 'enabled' | 'disabled_reason' | 'failing_since' | 'created_at'
>;

const COLUMNS = sql`id, url, events, description, secret, enabled, disabled_reason, failing_since, created_at`;

const endpointOf = (r: EndpointRow): EndpointWithSecret => ({
  id: r.id,
  url: r.url,
  events: r.events,
  description: r.description,
  enabled: r.enabled,
  disabledReason: r.disabled_reason,
  createdAt: iso(r.created_at) as string,
  failingSince: iso(r.failing_since),
  secret: r.secret,
});

const auditView = (e: EndpointWithSecret) => ({ url: e.url, events: e.events.join(','), description: e.description, enabled: e.enabled });

/** An endpoint of the company, locked for a change when `lock`; another company's id is not found (38003). */
export async function findEndpoint(database: Database, scope: TenantScope, id: string, tx?: Tx, lock = false): Promise<EndpointWithSecret> {
  const [r] = await database.rows<EndpointRow>(
    sql`SELECT ${COLUMNS} FROM webhook_endpoints WHERE id = ${id} AND ${scope.owns()}${lock ? sql` FOR UPDATE` : sql``}`,
    tx,
  );
  if (!r) throw new AppError(38003, { field: 'id' });
  return endpointOf(r);
}

/** The company's endpoints, oldest first, with their secrets (the owner copies them from here). */
export async function listEndpoints(database: Database, scope: TenantScope): Promise<EndpointWithSecret[]> {
  const rows = await database.rows<EndpointRow>(sql`SELECT ${COLUMNS} FROM webhook_endpoints WHERE ${scope.owns()} ORDER BY created_at, id`);
  return rows.map(endpointOf);
}

/** Adds an endpoint with a new `whsec_` secret: the URL must pass the SSRF rules (38004); at most webhooksPerCompany (38006). */
export async function addEndpoint(ctx: Ctx & { database: Database }, body: { url: string; events: WebhookEvent[]; description?: string }) {
  const { database } = ctx;
  await assertUrlAllowed(body.url, ctx.options);
  return database.db.transaction(async (tx) => {
    // one writer of a company's endpoints at a time, so the count holds
    await database.rows(sql`SELECT id FROM companies WHERE id = ${ctx.scope.companyId} FOR NO KEY UPDATE`, tx);
    const [n] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM webhook_endpoints WHERE ${ctx.scope.owns()}`, tx);
    if (n.n >= DEVELOPER_LIMITS.webhooksPerCompany) throw new AppError(38006, { params: { max: DEVELOPER_LIMITS.webhooksPerCompany } });
    const [r] = await database.rows<EndpointRow>(
      sql`INSERT INTO webhook_endpoints (company_id, url, events, description, secret)
          VALUES (${ctx.scope.companyId}, ${body.url}, ${textArray([...new Set(body.events)])}::text[], ${body.description ?? ''}, ${newEndpointSecret()})
          RETURNING ${COLUMNS}`,
      tx,
    );
    const created = endpointOf(r);
    await recordAudit(database, tx, ctx.actor, {
      action: 'developer.webhook.add',
      companyId: ctx.scope.companyId,
      targetType: 'webhook_endpoint',
      targetId: created.id,
      targetLabel: created.url,
      changes: { ...changesOf(null, auditView(created)), secret: [null, HIDDEN] },
    });
    return created;
  });
}

/**
 * Changes an endpoint. Enabling it again (or changing the URL of a disabled one) clears the
 * failure run; its waiting deliveries go out again from the next run.
 */
export async function updateEndpoint(
  ctx: Ctx & { database: Database },
  body: { id: string; url?: string; events?: WebhookEvent[]; description?: string; enabled?: boolean },
): Promise<TWebhookEndpoint> {
  const { database } = ctx;
  if (body.url !== undefined) await assertUrlAllowed(body.url, ctx.options);
  return database.db.transaction(async (tx) => {
    const before = await findEndpoint(database, ctx.scope, body.id, tx, true);
    const enabled = body.enabled ?? before.enabled;
    const restarted = enabled && !before.enabled;
    const [r] = await database.rows<EndpointRow>(
      sql`UPDATE webhook_endpoints SET url = ${body.url ?? before.url},
                 events = ${textArray([...new Set(body.events ?? before.events)])}::text[],
                 description = ${body.description ?? before.description}, enabled = ${enabled},
                 disabled_reason = ${enabled ? null : before.disabledReason},
                 failing_since = ${restarted ? null : sql`failing_since`}, updated_at = now()
          WHERE id = ${before.id} AND ${ctx.scope.owns()} RETURNING ${COLUMNS}`,
      tx,
    );
    const after = endpointOf(r);
    await recordAudit(database, tx, ctx.actor, {
      action: 'developer.webhook.update',
      companyId: ctx.scope.companyId,
      targetType: 'webhook_endpoint',
      targetId: after.id,
      targetLabel: after.url,
      changes: changesOf(auditView(before), auditView(after)),
    });
    const { secret: _secret, ...endpoint } = after;
    return endpoint;
  });
}

/** Deletes an endpoint; its deliveries (the waiting ones too) go with it. */
export async function deleteEndpoint(ctx: Ctx & { database: Database }, id: string): Promise<null> {
  const { database } = ctx;
  await database.db.transaction(async (tx) => {
    const before = await findEndpoint(database, ctx.scope, id, tx, true);
    await database.rows(sql`DELETE FROM webhook_endpoints WHERE id = ${id} AND ${ctx.scope.owns()}`, tx);
    await recordAudit(database, tx, ctx.actor, {
      action: 'developer.webhook.delete',
      companyId: ctx.scope.companyId,
      targetType: 'webhook_endpoint',
      targetId: id,
      targetLabel: before.url,
      changes: changesOf(auditView(before), null),
    });
  });
  return null;
}
