import { type ErrorCode, errorStatus } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import type { Row } from '../db/row.js';
import { AppError, type ErrorOptions } from '../plugins/errors.js';

/** A counter's state after a hit: how many hits its window holds, and when the window ends. */
export type Tally = { hits: number; retryAfterS: number };

/**
 * Counts one hit of `subject` (a client address, an account) in `bucket`, in the database so
 * every API node shares the counter. The window starts at the first hit and lasts `windowMs`;
 * the first hit after it starts a new one. One atomic upsert: concurrent hits each see their
 * own count, so exactly `max` of them can pass a `hits <= max` check.
 */
export async function hit(database: Database, bucket: string, subject: string, windowMs: number): Promise<Tally> {
  const window = `${windowMs} milliseconds`;
  const [row] = await database.ephemeral<Row<'rate_limits', 'hits'> & { retry_ms: number }>(
    'rate_limit_hit',
    sql`
    INSERT INTO rate_limits AS r (bucket, subject, hits, window_ends) VALUES (${bucket}, ${subject}, 1, now() + ${window}::interval)
    ON CONFLICT (bucket, subject) DO UPDATE SET
      hits = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.hits + 1 END,
      window_ends = CASE WHEN r.window_ends <= now() THEN now() + ${window}::interval ELSE r.window_ends END
    RETURNING hits, ceil(extract(epoch FROM (window_ends - now())) * 1000)::int AS retry_ms`,
  );
  return { hits: Number(row.hits), retryAfterS: Math.max(1, Math.ceil(Number(row.retry_ms) / 1000)) };
}

/** Takes back one hit (an attempt that turned out not to count). */
export async function unhit(database: Database, bucket: string, subject: string): Promise<void> {
  await database.ephemeral(
    'rate_limit_unhit',
    sql`UPDATE rate_limits SET hits = hits - 1 WHERE bucket = ${bucket} AND subject = ${subject} AND hits > 0 AND window_ends > now()`,
  );
}

/** Forgets a subject's counter (a successful sign-in clears the account's failures). */
export async function forget(database: Database, bucket: string, subject: string): Promise<void> {
  await database.ephemeral('rate_limit_forget', sql`DELETE FROM rate_limits WHERE bucket = ${bucket} AND subject = ${subject}`);
}

/**
 * A refusal for going over a limit (an HTTP 429 code): the answer carries `Retry-After` with
 * the seconds until the window ends (set by the rate-limit plugin).
 */
export class RateLimited extends AppError {
  constructor(
    code: ErrorCode,
    readonly retryAfterS: number,
    opts: ErrorOptions = {},
  ) {
    super(code, opts);
    if (errorStatus(code) !== 429) throw new Error(`RateLimited needs a 429 code, not ${code}`);
  }
}

/** Counts a hit and refuses it with `code` when the window already held `max`. */
export async function assertWithin(
  database: Database,
  limit: { bucket: string; subject: string; max: number; windowMs: number },
  code: ErrorCode,
  opts: (t: Tally) => ErrorOptions = () => ({}),
): Promise<void> {
  const tally = await hit(database, limit.bucket, limit.subject, limit.windowMs);
  if (tally.hits > limit.max) throw new RateLimited(code, tally.retryAfterS, opts(tally));
}
