import { type TWebhookDelivery, WEBHOOK_TEST_EVENT, type WebhookDeliveryState } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import type { Count, Narrow, Row } from '../../../db/row.js';
import type { TenantScope } from '../../../db/scope.js';
import { iso } from '../../../lib/units.js';
import { AppError } from '../../../plugins/errors.js';
import { recordAudit } from '../../audit/index.js';
import { signingKeys } from './callback-keys.js';
import { attempt, type Claimed, type DeliverDeps } from './deliver.js';
import { type Ctx, findEndpoint } from './endpoints.js';
import { NUDGE, payloadOf } from './outbox.js';
import { LEASE_S } from './schedule.js';
import { newMessageId } from './signing.js';

type DeliveryRow = Narrow<
  Row<
    'webhook_deliveries',
    'id' | 'message_id' | 'endpoint_id' | 'state' | 'attempts' | 'last_status' | 'last_response' | 'last_attempt_at' | 'next_attempt_at' | 'created_at'
  >,
  { state: WebhookDeliveryState }
> &
  Row<'webhook_messages', 'event' | 'payload'> &
  Row<'webhook_endpoints', 'url'>;

const SELECT = sql`
  SELECT d.id, d.message_id, d.endpoint_id, e.url, m.event, d.state, d.attempts, d.last_status, d.last_response,
         d.last_attempt_at, d.next_attempt_at, d.created_at, m.payload
  FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id JOIN webhook_endpoints e ON e.id = d.endpoint_id`;

const deliveryOf = (r: DeliveryRow): TWebhookDelivery => ({
  id: r.id,
  messageId: r.message_id,
  endpointId: r.endpoint_id,
  url: r.url,
  event: r.event,
  state: r.state,
  attempts: r.attempts,
  lastStatus: r.last_status,
  lastResponse: r.last_response,
  lastAttemptAt: iso(r.last_attempt_at),
  // a delivery being attempted shows its lease; a finished one has none
  nextAttemptAt: r.state === 'succeeded' || r.state === 'failed' ? null : iso(r.next_attempt_at),
  createdAt: iso(r.created_at) as string,
  payload: r.payload,
});

async function findDelivery(database: Database, scope: TenantScope, id: string, tx?: Tx): Promise<TWebhookDelivery> {
  const [r] = await database.rows<DeliveryRow>(sql`${SELECT} WHERE d.id = ${id} AND ${scope.owns(sql`d.company_id`)}`, tx);
  if (!r) throw new AppError(38005, { field: 'id' });
  return deliveryOf(r);
}

/** The company's deliveries, newest first, by endpoint and state. */
export async function listDeliveries(
  database: Database,
  scope: TenantScope,
  q: { endpointId?: string; state?: WebhookDeliveryState; pageNum: number; pageSize: number },
): Promise<{ total: number; list: TWebhookDelivery[] }> {
  const conds: SQL[] = [scope.owns(sql`d.company_id`)];
  if (q.endpointId) conds.push(sql`d.endpoint_id = ${q.endpointId}`);
  if (q.state) conds.push(sql`d.state = ${q.state}`);
  const where = sql.join(conds, sql` AND `);
  const [rows, [count]] = await Promise.all([
    database.rows<DeliveryRow>(sql`${SELECT} WHERE ${where} ORDER BY d.created_at DESC, d.id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`),
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM webhook_deliveries d WHERE ${where}`),
  ]);
  return { total: count.n, list: rows.map(deliveryOf) };
}

/**
 * Sends a `webhook.test` message to an endpoint now, whatever it subscribes to, and answers the
 * delivery with the attempt's outcome. The delivery is created already claimed (its lease
 * running), so the job does not send it a second time; a failed test retries on the schedule
 * like any delivery.
 */
export async function testEndpoint(deps: DeliverDeps, ctx: Ctx, endpointId: string): Promise<TWebhookDelivery> {
  const { database } = deps;
  const claimed = await database.db.transaction(async (tx) => {
    const endpoint = await findEndpoint(database, ctx.scope, endpointId, tx);
    const id = newMessageId();
    const payload = payloadOf(WEBHOOK_TEST_EVENT, { endpointId: endpoint.id, description: endpoint.description });
    await database.rows(
      sql`INSERT INTO webhook_messages (id, company_id, event, payload) VALUES (${id}, ${ctx.scope.companyId}, ${WEBHOOK_TEST_EVENT}, ${payload})`,
      tx,
    );
    const [d] = await database.rows<Row<'webhook_deliveries', 'id'>>(
      sql`INSERT INTO webhook_deliveries (message_id, endpoint_id, company_id, attempts, last_attempt_at, next_attempt_at)
          VALUES (${id}, ${endpoint.id}, ${ctx.scope.companyId}, 1, now(), now() + ${`${LEASE_S} seconds`}::interval) RETURNING id`,
      tx,
    );
    await recordAudit(database, tx, ctx.actor, {
      action: 'developer.webhook.test',
      companyId: ctx.scope.companyId,
      targetType: 'webhook_endpoint',
      targetId: endpoint.id,
      targetLabel: endpoint.url,
      changes: { messageId: [null, id] },
    });
    const c: Claimed = {
      id: d.id,
      message_id: id,
      endpoint_id: endpoint.id,
      company_id: ctx.scope.companyId,
      attempts: 1,
      payload,
      url: endpoint.url,
      secret: endpoint.secret,
    };
    return c;
  });
  await attempt(deps, claimed, () => signingKeys(database, ctx.scope));
  return findDelivery(database, ctx.scope, claimed.id);
}

/** Delivers a message again to the same endpoint: a new delivery (same webhook-id), due now. */
export async function redeliver(database: Database, ctx: Ctx, deliveryId: string): Promise<TWebhookDelivery> {
  const id = await database.db.transaction(async (tx) => {
    const before = await findDelivery(database, ctx.scope, deliveryId, tx);
    const [d] = await database.rows<Row<'webhook_deliveries', 'id'>>(
      sql`INSERT INTO webhook_deliveries (message_id, endpoint_id, company_id) VALUES (${before.messageId}, ${before.endpointId}, ${ctx.scope.companyId}) RETURNING id`,
      tx,
    );
    await database.rows(NUDGE, tx);
    await recordAudit(database, tx, ctx.actor, {
      action: 'developer.webhook.redeliver',
      companyId: ctx.scope.companyId,
      targetType: 'webhook_delivery',
      targetId: d.id,
      targetLabel: before.messageId,
      changes: { messageId: [null, before.messageId], endpoint: [null, before.url], from: [null, deliveryId] },
    });
    return d.id;
  });
  return findDelivery(database, ctx.scope, id);
}
