/**
 * Standard Webhooks' retry schedule: the first attempt at once, then after 5 s, 5 min, 30 min,
 * 2 h, 5 h, then every 10 h: 12 attempts over about 2.8 days, after which the delivery fails.
 */
export const RETRY_DELAYS_S = [5, 300, 1800, 7200, 18_000, 36_000, 36_000, 36_000, 36_000, 36_000, 36_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;

/** After the given attempt (1-based) failed: seconds until the next one, or null when it was the last. */
export const retryDelayAfter = (attempt: number): number | null => RETRY_DELAYS_S[attempt - 1] ?? null;

/** An endpoint failing this long without a single success is disabled. */
export const DISABLE_AFTER_DAYS = 5;

/** How long a claimed delivery is reserved for the worker that claimed it; after that (a crash) it is due again. */
export const LEASE_S = 60;

/** Attempts claimed per run, and how many run at once. */
export const CLAIM_BATCH = 32;
export const CONCURRENCY = 8;

export const ATTEMPT_TIMEOUT_MS = 10_000;
