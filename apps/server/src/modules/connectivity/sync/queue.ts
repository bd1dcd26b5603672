import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';

export const SYNC_JOB = 'connectivity.sync';

/**
 * Queues a sync of the account now (inventory, then usage). Several requests while one is
 * waiting are one job: the unique key holds until the job has started (it clears its key first).
 */
export async function queueSync(database: Database, accountId: string, tx?: Tx, delayMs = 0): Promise<void> {
  const runAt = sql`now() + ${`${Math.max(0, Math.round(delayMs))} milliseconds`}::interval`;
  await database.rows(
    sql`INSERT INTO jobs (name, payload, max_attempts, unique_key, run_at)
        VALUES (${SYNC_JOB}, ${JSON.stringify({ accountId })}::jsonb, 1, ${`${SYNC_JOB}:${accountId}`}, ${runAt})
        ON CONFLICT (unique_key) DO UPDATE SET run_at = least(jobs.run_at, EXCLUDED.run_at)
        WHERE jobs.status = 'queued'`,
    tx,
  );
}
