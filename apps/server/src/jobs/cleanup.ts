import { TIMING } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** Removes what has outlived its purpose: replay window, captchas, codes, counters, old jobs. */
export async function cleanup(database: Database): Promise<void> {
  const ms = (n: number) => `${n} milliseconds`;
  await database.rows(sql`DELETE FROM used_request_ids WHERE seen_at < now() - ${ms(TIMING.requestIdTtlMs)}::interval`);
  await database.rows(sql`DELETE FROM captchas WHERE expires_at < now()`);
  await database.rows(sql`DELETE FROM email_codes WHERE expires_at < now() - interval '1 day'`);
  await database.rows(sql`DELETE FROM rate_limits WHERE window_ends < now()`);
  await database.rows(sql`DELETE FROM sessions WHERE expires_at < now() - interval '7 days'`);
  await database.rows(sql`DELETE FROM jobs WHERE status = 'done' AND finished_at < now() - interval '7 days'`);
}
