import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import type { Row } from '../../../db/row.js';

export const PRUNE_JOB = 'webhooks.prune';
export const PRUNE_EVERY_MS = 60 * 60_000;
/** How long the delivery log keeps a message once none of its deliveries is still to be attempted. */
export const KEEP_DAYS = 30;
const BATCH = 5_000;

/**
 * Deletes messages older than KEEP_DAYS whose deliveries are all settled (succeeded or failed);
 * their deliveries go with them (ON DELETE CASCADE, through webhook_deliveries_message_idx).
 * Batched, so one run never holds many locks; answers how many messages went.
 */
export async function pruneWebhookLog(database: Database, now = Date.now()): Promise<number> {
  const before = new Date(now - KEEP_DAYS * 86_400_000).toISOString();
  let total = 0;
  for (;;) {
    const gone = await database.rows<Row<'webhook_messages', 'id'>>(
      sql`DELETE FROM webhook_messages WHERE id IN (
            SELECT m.id FROM webhook_messages m
            WHERE m.created_at < ${before}::timestamptz
              AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.message_id = m.id AND d.state IN ('pending', 'retrying'))
            LIMIT ${BATCH})
          RETURNING id`,
    );
    total += gone.length;
    if (gone.length < BATCH) return total;
  }
}
