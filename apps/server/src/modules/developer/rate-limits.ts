import { API_RATE_LIMITS } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Narrow, Row } from '../../db/row.js';

/** One published window after a call: its limit, what is left, and the seconds until it starts again. */
export type ApiWindow = { limit: number; remaining: number; resetS: number };
export type ApiCallCount = {
  /** the window the RateLimit-* headers describe: the one with the fewest calls left */
  tightest: ApiWindow;
  /** set when a window was already full: the seconds until every full window starts again */
  retryAfterS: number | null;
};

const WINDOWS = {
  'api-key-second': API_RATE_LIMITS.perKeyPerSecond,
  'api-key-day': API_RATE_LIMITS.perKeyPerDay,
  'api-company-second': API_RATE_LIMITS.perCompanyPerSecond,
} as const;
type Bucket = keyof typeof WINDOWS;

/**
 * Counts a call signed with an API key in the three published windows (per key per second and per
 * day, per company per second) and notes the key's last use (at most once a minute): one
 * statement, the counters of lib/rate-limits.ts `hit` (shared by every API node; a window starts
 * at its first call).
 */
export async function countApiKeyCall(database: Database, keyId: string, companyId: string): Promise<ApiCallCount> {
  const rows = await database.ephemeral<Narrow<Row<'rate_limits', 'bucket' | 'hits'>, { bucket: Bucket }> & { retry_ms: number }>(
    'api_key_call_count',
    sql`
    WITH used AS (
      UPDATE api_keys SET last_used_at = now()
      WHERE key_id = ${keyId} AND (last_used_at IS NULL OR last_used_at <= now() - interval '1 minute') RETURNING 1)
    INSERT INTO rate_limits AS r (bucket, subject, hits, window_ends) VALUES
      ('api-key-second', ${keyId}, 1, now() + interval '1 second'),
      ('api-key-day', ${keyId}, 1, now() + interval '1 day'),
      ('api-company-second', ${companyId}, 1, now() + interval '1 second')
    ON CONFLICT (bucket, subject) DO UPDATE SET
      hits = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.hits + 1 END,
      window_ends = CASE WHEN r.window_ends <= now() THEN excluded.window_ends ELSE r.window_ends END
    RETURNING bucket, hits, ceil(extract(epoch FROM (window_ends - now())) * 1000)::int AS retry_ms`,
  );
  let tightest: ApiWindow | null = null;
  let retryAfterS: number | null = null;
  for (const row of rows) {
    const limit = WINDOWS[row.bucket];
    const hits = Number(row.hits);
    const resetS = Math.max(1, Math.ceil(Number(row.retry_ms) / 1000));
    const w = { limit, remaining: Math.max(0, limit - hits), resetS };
    if (!tightest || w.remaining < tightest.remaining || (w.remaining === tightest.remaining && w.limit < tightest.limit)) tightest = w;
    if (hits > limit) retryAfterS = Math.max(retryAfterS ?? 0, resetS);
  }
  if (!tightest) throw new Error('rate counters not returned');
  return { tightest, retryAfterS };
}

/** The IETF draft RateLimit header fields of a window. */
export const rateLimitHeaders = (w: ApiWindow) => ({
  'ratelimit-limit': String(w.limit),
  'ratelimit-remaining': String(w.remaining),
  'ratelimit-reset': String(w.resetS),
});
