import { normalizeLocale } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import type { Row } from '../../../db/row.js';
import { enqueueEmails } from '../../../mail/outbox.js';
import { deliverySigningKeys } from './callback-keys.js';
import { ATTEMPT_TIMEOUT_MS, CLAIM_BATCH, CONCURRENCY, DISABLE_AFTER_DAYS, LEASE_S, retryDelayAfter } from './schedule.js';
import { RESPONSE_KEEP_CHARS, type SendResult, send } from './send.js';
import { signatureHeader } from './signing.js';
import { checkUrl, REFUSAL_LOG, type WebhookOptions } from './url-policy.js';

/** A delivery claimed for one attempt (attempts already counts it). */
export type Claimed = Row<'webhook_deliveries', 'id' | 'message_id' | 'endpoint_id' | 'company_id' | 'attempts'> &
  Row<'webhook_messages', 'payload'> &
  Row<'webhook_endpoints', 'url' | 'secret'>;

export type DeliverDeps = { database: Database; options: WebhookOptions; publicUrl?: string };

const CLAIMED_COLUMNS = sql`d.id, d.message_id, d.endpoint_id, d.company_id, d.attempts, m.payload, e.url, e.secret`;

/**
 * Claims due deliveries of enabled endpoints (FOR UPDATE SKIP LOCKED: each goes to one
 * worker). A claim counts the attempt and reserves the delivery for LEASE_S seconds rather than
 * holding a transaction open across the HTTP call: a worker that dies mid-attempt leaves it
 * due again when the lease ends (at-least-once).
 */
export async function claimDue(database: Database, limit = CLAIM_BATCH): Promise<Claimed[]> {
  return database.rows<Claimed>(
    sql`UPDATE webhook_deliveries d SET attempts = d.attempts + 1, last_attempt_at = now(),
               next_attempt_at = now() + ${`${LEASE_S} seconds`}::interval
        FROM webhook_messages m, webhook_endpoints e
        WHERE d.id IN (
                SELECT x.id FROM webhook_deliveries x JOIN webhook_endpoints xe ON xe.id = x.endpoint_id AND xe.enabled
                WHERE x.state IN ('pending', 'retrying') AND x.next_attempt_at <= now()
                ORDER BY x.next_attempt_at LIMIT ${limit} FOR UPDATE OF x SKIP LOCKED)
          AND m.id = d.message_id AND e.id = d.endpoint_id
        RETURNING ${CLAIMED_COLUMNS}`,
  );
}

/**
 * One attempt: the SSRF check against today's DNS, the POST signed with `keys` (read only when
 * it is sent), then its outcome recorded.
 */
export async function attempt(deps: DeliverDeps, d: Claimed, keys: () => Promise<string[]>): Promise<SendResult> {
  const check = await checkUrl(d.url, deps.options);
  let result: SendResult;
  if (!check.ok) {
    result = { status: null, response: `refused: ${REFUSAL_LOG[check.refusal]}${check.address ? ` (${check.address})` : ''}` };
  } else {
    const timestamp = Math.floor(Date.now() / 1000);
    const signing = await keys();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'RRP-Webhooks/1.0',
      'webhook-id': d.message_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(d.secret, d.message_id, timestamp, d.payload, signing),
    };
    result = await send(check.url, check.address, check.family, headers, d.payload, deps.options.timeoutMs ?? ATTEMPT_TIMEOUT_MS);
  }
  await recordOutcome(deps, d, result);
  return result;
}

const succeeded = (r: SendResult) => r.status !== null && r.status >= 200 && r.status < 300;

/**
 * Records an attempt: succeeded on a 2xx only; otherwise retrying on the schedule, or failed
 * after the last attempt. The endpoint's run of failures starts at its first failure and ends
 * at a success; a run of DISABLE_AFTER_DAYS days disables it and mails the company's developer
 * administrators. A result for a delivery re-claimed after its lease ran out changes nothing.
 */
async function recordOutcome(deps: DeliverDeps, d: Claimed, r: SendResult): Promise<void> {
  const { database } = deps;
  const response = r.response.slice(0, RESPONSE_KEEP_CHARS);
  await database.db.transaction(async (tx) => {
    const mine = sql`id = ${d.id} AND attempts = ${d.attempts} AND state IN ('pending', 'retrying')`;
    if (succeeded(r)) {
      await database.rows(
        sql`UPDATE webhook_deliveries SET state = 'succeeded', last_status = ${r.status}, last_response = ${response}, next_attempt_at = NULL WHERE ${mine}`,
        tx,
      );
      await database.rows(sql`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ${d.endpoint_id} AND failing_since IS NOT NULL`, tx);
      return;
    }
    const delay = retryDelayAfter(d.attempts);
    await database.rows(
      sql`UPDATE webhook_deliveries SET state = ${delay === null ? 'failed' : 'retrying'}, last_status = ${r.status}, last_response = ${response},
                 next_attempt_at = ${delay === null ? null : sql`now() + ${`${delay} seconds`}::interval`}
          WHERE ${mine}`,
      tx,
    );
    const [e] = await database.rows<{ overdue: boolean }>(
      sql`UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, now()) WHERE id = ${d.endpoint_id}
          RETURNING enabled AND failing_since <= now() - ${`${DISABLE_AFTER_DAYS} days`}::interval AS overdue`,
      tx,
    );
    if (e?.overdue) await disableFailing(deps, tx, d, response);
  });
}

async function disableFailing(deps: DeliverDeps, tx: Tx, d: Claimed, lastError: string): Promise<void> {
  const { database } = deps;
  const [disabled] = await database.rows<Row<'webhook_endpoints', 'url'>>(
    sql`UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'failing', updated_at = now()
        WHERE id = ${d.endpoint_id} AND enabled RETURNING url`,
    tx,
  );
  if (!disabled) return;
  const admins = await database.rows<Row<'users', 'email' | 'locale'>>(
    sql`SELECT u.email, u.locale FROM users u
        WHERE u.company_id = ${d.company_id} AND u.kind = 'member' AND u.state = 'enabled'
          AND EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                      WHERE ur.user_id = u.id AND (r.is_super OR 'DEVELOPER_MANAGEMENT' = ANY (r.permissions)))
        ORDER BY u.email`,
    tx,
  );
  await enqueueEmails(
    database,
    tx,
    admins.map((a) => ({
      to: a.email,
      locale: normalizeLocale(a.locale),
      template: {
        kind: 'webhook-disabled' as const,
        url: disabled.url,
        days: DISABLE_AFTER_DAYS,
        lastError: lastError.slice(0, 200) || '-',
        link: deps.publicUrl ? `${deps.publicUrl}/developer` : undefined,
      },
    })),
  );
}

/** Runs `work` over items, at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** The delivery job: claims and attempts due deliveries, batch after batch while batches come back full. */
export async function deliverDue(deps: DeliverDeps, maxBatches = 10): Promise<{ attempted: number }> {
  let attempted = 0;
  const errors: unknown[] = [];
  for (let i = 0; i < maxBatches; i++) {
    const batch = await claimDue(deps.database);
    // a delivery whose attempt broke (the database went away) is due again when its lease ends
    await pool(batch, CONCURRENCY, (d) => attempt(deps, d, () => deliverySigningKeys(deps.database, d.company_id)).catch((e: unknown) => errors.push(e)));
    attempted += batch.length;
    if (batch.length < CLAIM_BATCH) break;
  }
  if (errors.length > 0) throw errors[0];
  return { attempted };
}
