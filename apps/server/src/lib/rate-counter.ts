import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/**
 * Fixed-window counter in the database, shared by every API process.
 * Returns the count after this hit; the caller compares it to its limit.
 */
export async function hit(database: Database, key: string, windowMs: number): Promise<number> {
  const start = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const [row] = await database.rows<{ count: number }>(sql`
    INSERT INTO rate_counters (key, window_start, count) VALUES (${key}, ${start.toISOString()}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counters.count + 1
    RETURNING count`);
  return Number(row?.count ?? 0);
}
