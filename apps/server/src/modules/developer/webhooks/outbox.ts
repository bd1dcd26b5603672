import type { WebhookEvent } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import { newMessageId } from './signing.js';

export const DELIVER_JOB = 'webhooks.deliver';

/** The exact body every endpoint receives: the event type, when it happened, and its data. */
export const payloadOf = (event: string, data: Record<string, unknown>, at: Date = new Date()) =>
  JSON.stringify({ type: event, timestamp: at.toISOString(), data });

/**
 * Asks the job runner to deliver soon (its next poll) rather than at the next periodic run: one
 * queued nudge is enough, so none is added while one waits. No unique key: concurrent
 * emitters must not wait on each other's transactions.
 */
export const NUDGE = sql`INSERT INTO jobs (name, max_attempts)
  SELECT ${DELIVER_JOB}, 1 WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE name = ${DELIVER_JOB} AND status = 'queued' AND unique_key IS NULL)`;

/**
 * Puts an event of a company into the webhook outbox, in the caller's transaction: one message
 * and one delivery per enabled endpoint of the company subscribed to the event, in one
 * statement; nothing at all when no endpoint subscribes (an index probe of the company's
 * endpoints). The deliveries go out after the transaction commits; if it rolls back, nothing
 * was sent.
 */
export async function emitWebhookEvent(database: Database, tx: Tx, companyId: string, event: WebhookEvent, data: Record<string, unknown>): Promise<void> {
  await database.rows(
    sql`WITH eps AS (
          SELECT id FROM webhook_endpoints WHERE company_id = ${companyId} AND enabled AND ${event} = ANY (events)),
        msg AS (
          INSERT INTO webhook_messages (id, company_id, event, payload)
          SELECT ${newMessageId()}, ${companyId}, ${event}, ${payloadOf(event, data)} WHERE EXISTS (SELECT 1 FROM eps)
          RETURNING id),
        dl AS (
          INSERT INTO webhook_deliveries (message_id, endpoint_id, company_id)
          SELECT msg.id, eps.id, ${companyId} FROM msg CROSS JOIN eps)
        ${NUDGE} AND EXISTS (SELECT 1 FROM msg)`,
    tx,
  );
}

export type WebhookEmission = { companyId: string; event: WebhookEvent; data: Record<string, unknown> };

/**
 * emitWebhookEvent for many events of a batch job (alarm evaluation), in one statement: only
 * the events of companies with an endpoint subscribed to them become messages.
 */
export async function emitWebhookEvents(database: Database, tx: Tx, events: readonly WebhookEmission[]): Promise<void> {
  if (events.length === 0) return;
  const at = new Date();
  const rows = events.map((e, n) => ({ n, id: newMessageId(), company_id: e.companyId, event: e.event, payload: payloadOf(e.event, e.data, at) }));
  await database.rows(
    sql`WITH ev AS (
          SELECT e.* FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS e(n int, id text, company_id uuid, event text, payload text)
          WHERE EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.company_id = e.company_id AND w.enabled AND e.event = ANY (w.events))),
        msg AS (
          INSERT INTO webhook_messages (id, company_id, event, payload) SELECT id, company_id, event, payload FROM ev ORDER BY n
          RETURNING id, company_id, event),
        dl AS (
          INSERT INTO webhook_deliveries (message_id, endpoint_id, company_id)
          SELECT msg.id, w.id, msg.company_id FROM msg JOIN webhook_endpoints w ON w.company_id = msg.company_id AND w.enabled AND msg.event = ANY (w.events))
        ${NUDGE} AND EXISTS (SELECT 1 FROM msg)`,
    tx,
  );
}

/**
 * The outbox as CTEs, for a change made in one SQL statement (a payment recorded by one
 * conditional UPDATE): `events` selects (company_id, event, data json) from the statement's own
 * CTEs; the events of companies with a subscribed endpoint become messages and deliveries.
 * Append after the statement's other CTEs: `WITH a AS (...), ${outboxCtes(sql`SELECT ...`)} SELECT ...`.
 */
export const outboxCtes = (events: SQL) => sql`
  wh_ev AS (
    SELECT r.company_id, r.event, r.data, 'msg_' || substr(md5(gen_random_uuid()::text), 1, 24) AS id FROM (${events}) r
    WHERE EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.company_id = r.company_id AND w.enabled AND r.event = ANY (w.events))),
  wh_msg AS (
    INSERT INTO webhook_messages (id, company_id, event, payload)
    SELECT id, company_id, event,
           json_build_object('type', event, 'timestamp', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', data)::text
    FROM wh_ev
    RETURNING id, company_id, event),
  wh_dl AS (
    INSERT INTO webhook_deliveries (message_id, endpoint_id, company_id)
    SELECT wh_msg.id, w.id, wh_msg.company_id FROM wh_msg JOIN webhook_endpoints w ON w.company_id = wh_msg.company_id AND w.enabled AND wh_msg.event = ANY (w.events)),
  wh_nudge AS (${NUDGE} AND EXISTS (SELECT 1 FROM wh_msg))`;
