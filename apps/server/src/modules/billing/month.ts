import { BILL_MONTH_RE } from '@rrp/contracts';

/** A bill month `YYYY-MM` as its UTC bounds: [start, end) and the first days of it and of the next. */
export type MonthRange = { month: string; start: Date; end: Date; firstDay: string; nextFirstDay: string };

export function monthRange(month: string): MonthRange {
  if (!BILL_MONTH_RE.test(month)) throw new Error(`not a bill month: ${month}`);
  const [y, m] = month.split('-').map(Number);
  const start = new Date(Date.UTC(y, m - 1, 1));
  const end = new Date(Date.UTC(y, m, 1));
  return { month, start, end, firstDay: start.toISOString().slice(0, 10), nextFirstDay: end.toISOString().slice(0, 10) };
}

/** The UTC month of a time. */
export const monthOf = (ms: number): string => new Date(ms).toISOString().slice(0, 7);

/** The UTC month before the one of a time. */
export function previousMonth(ms: number): string {
  const d = new Date(ms);
  return monthOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - 1);
}
