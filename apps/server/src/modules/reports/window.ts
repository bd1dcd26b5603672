import type { ReportPeriod } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The UTC days a report covers and its buckets. Reports are T+1: every window ends with
 * yesterday (UTC), the last day the roll-ups hold complete. Day periods are the last N complete
 * days, one bucket a day; month periods are the last N calendar months up to the month of
 * yesterday (that month counted up to yesterday), one bucket a month.
 */
export type ReportWindow = {
  period: ReportPeriod;
  granularity: 'day' | 'month';
  /** first and last day, YYYY-MM-DD, inclusive */
  from: string;
  to: string;
  /** YYYY-MM-DD or YYYY-MM, oldest first */
  buckets: string[];
  /** [from 00:00Z, the day after `to` 00:00Z), for tables keyed by time rather than day */
  fromTs: string;
  toTs: string;
};

const DAY_MS = 86_400_000;
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function reportWindow(period: ReportPeriod, now = Date.now()): ReportWindow {
  const today = Date.parse(`${ymd(now)}T00:00:00.000Z`);
  const to = ymd(today - DAY_MS);
  const n = Number.parseInt(period, 10);
  const toTs = new Date(today).toISOString();
  if (period.endsWith('d')) {
    const buckets = Array.from({ length: n }, (_, i) => ymd(today - (n - i) * DAY_MS));
    return { period, granularity: 'day', from: buckets[0], to, buckets, fromTs: `${buckets[0]}T00:00:00.000Z`, toTs };
  }
  const [y, m] = to.split('-').map(Number);
  const buckets = Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (n - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
  const from = `${buckets[0]}-01`;
  return { period, granularity: 'month', from, to, buckets, fromTs: `${from}T00:00:00.000Z`, toTs };
}

const FORMAT = { day: sql.raw(`'YYYY-MM-DD'`), month: sql.raw(`'YYYY-MM'`) } as const;

/**
 * What to GROUP BY for a day column's bucket: the day, or its month. Grouping by this and
 * formatting the group (dayBucket) costs one to_char per bucket instead of one per row, which is
 * most of a count over 50,000 devices.
 */
export const dayKey = (w: ReportWindow, day: SQL): SQL => (w.granularity === 'day' ? day : sql`date_trunc('month', ${day}::timestamp)`);

/** The `bucket` a statement selects with dayBucket or timeBucket: YYYY-MM-DD or YYYY-MM, as the window's buckets. */
export type Bucket = { bucket: string };

/** A day column's bucket as the window's buckets spell it; select it with GROUP BY dayKey. */
export const dayBucket = (w: ReportWindow, day: SQL): SQL => sql`to_char(${dayKey(w, day)}, ${FORMAT[w.granularity]})`;

/** What to GROUP BY for a timestamp column's bucket (its UTC day or month). */
export const timeKey = (w: ReportWindow, at: SQL): SQL => sql`date_trunc(${sql.raw(`'${w.granularity}'`)}, ${at} AT TIME ZONE 'UTC')`;

/** A timestamp column's bucket as the window's buckets spell it; select it with GROUP BY timeKey. */
export const timeBucket = (w: ReportWindow, at: SQL): SQL => sql`to_char(${timeKey(w, at)}, ${FORMAT[w.granularity]})`;

/** `day` within the window's days. */
export const inDays = (w: ReportWindow, day: SQL = sql`day`): SQL => sql`${day} BETWEEN ${w.from}::date AND ${w.to}::date`;

/** `at` within the window's time range. */
export const inTimes = (w: ReportWindow, at: SQL): SQL => sql`${at} >= ${w.fromTs}::timestamptz AND ${at} < ${w.toTs}::timestamptz`;

/** Values per bucket, aligned with the window's buckets, zero (or `empty`) where a bucket has none. */
export function perBucket<R extends { bucket: string }, T>(w: ReportWindow, rows: R[], value: (r: R) => T, empty: T): T[] {
  const by = new Map(rows.map((r) => [r.bucket, value(r)]));
  return w.buckets.map((b) => by.get(b) ?? empty);
}

/** The window's fields of every report answer. */
export const windowFields = (w: ReportWindow, company: { id: string; name: string }) => ({
  period: w.period,
  from: w.from,
  to: w.to,
  granularity: w.granularity,
  buckets: w.buckets,
  companyId: company.id,
  companyName: company.name,
});
