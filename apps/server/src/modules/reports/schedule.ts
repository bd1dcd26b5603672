import type { ReportFrequency } from '@rrp/contracts';

/** Asia/Shanghai (UTC+8, no daylight saving): yesterday's data is complete at 09:00 there (spec section 9). */
const SHANGHAI_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
const SEND_HOUR = 9;

/**
 * When a subscription next sends, strictly after `now`: daily at 09:00 Asia/Shanghai, weekly on
 * Monday at 09:00, monthly on the 1st at 09:00.
 */
export function nextRunAt(frequency: ReportFrequency, now: number): Date {
  const wall = new Date(now + SHANGHAI_MS);
  let at = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), SEND_HOUR);
  for (;;) {
    const d = new Date(at);
    const fits = frequency === 'daily' || (frequency === 'weekly' ? d.getUTCDay() === 1 : d.getUTCDate() === 1);
    if (fits && at - SHANGHAI_MS > now) return new Date(at - SHANGHAI_MS);
    at += DAY_MS;
  }
}
