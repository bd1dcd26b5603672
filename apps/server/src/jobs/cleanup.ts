import { TIMING } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** Removes what has outlived its purpose (replay window, captchas, codes, counters, old jobs) and closes interrupted imports. */
export async function cleanup(database: Database): Promise<void> {
  const ms = (n: number) => `${n} milliseconds`;
  await database.rows(sql`DELETE FROM used_request_ids WHERE seen_at < now() - ${ms(TIMING.requestIdTtlMs)}::interval`);
  await database.rows(sql`DELETE FROM captchas WHERE expires_at < now()`);
  await database.rows(sql`DELETE FROM email_codes WHERE expires_at < now() - interval '1 day'`);
  await database.rows(sql`DELETE FROM rate_limits WHERE window_ends < now()`);
  await database.rows(sql`DELETE FROM sessions WHERE expires_at < now() - interval '7 days'`);
  await database.rows(sql`DELETE FROM jobs WHERE status = 'done' AND finished_at < now() - interval '7 days'`);
  // An import runs inside its request and commits its devices with its result: a task still
  // running after half an hour belonged to a process that died before that commit.
  await database.rows(
    sql`UPDATE import_tasks SET status = 'failed', succeeded = 0, failed = total, processed = total, error = 'interrupted', finished_at = now()
        WHERE status = 'running' AND created_at < now() - interval '30 minutes'`,
  );
}
