import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';

/**
 * Queues a sync of the account now (inventory, then usage). Several requests while one is
 * waiting are one job: the unique key holds until the job has started.
 */
export async function queueSync(database: Database, accountId: string, tx?: Tx): Promise<void> {
  await database.rows(
    sql`INSERT INTO jobs (name, payload, max_attempts, unique_key)
        VALUES ('connectivity.sync', ${JSON.stringify({ accountId })}::jsonb, 1, ${`connectivity.sync:${accountId}`})
        ON CONFLICT (unique_key) DO UPDATE SET run_at = least(jobs.run_at, now())
        WHERE jobs.status = 'queued'`,
    tx,
  );
}
