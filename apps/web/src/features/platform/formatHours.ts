import type { TServiceHours } from '@rrp/contracts';
import type { TFunction } from 'i18next';

/** A UTC offset in minutes as people read it: 480 → "UTC+8", 330 → "UTC+5:30", -180 → "UTC-3", 0 → "UTC". */
export function formatUtcOffset(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `UTC${minutes < 0 ? '-' : '+'}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}

/** ISO weekdays in order, grouped into runs of consecutive days: [1,2,3,5] → [[1,2,3],[5]]. */
export function dayRuns(days: readonly number[]): number[][] {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const d of sorted) {
    const last = runs.at(-1);
    if (last && last[last.length - 1] === d - 1) last.push(d);
    else runs.push([d]);
  }
  return runs;
}

/** The days in the reader's language: "周一至周五" / "Mon–Fri", "每天" / "Every day", "Mon–Wed, Fri". */
export function formatDays(days: readonly number[], t: TFunction): string {
  const runs = dayRuns(days);
  if (runs.length === 1 && runs[0].length === 7) return t('common:serviceHours.everyDay');
  const name = (d: number) => t(`common:weekday.${d}`);
  const sep = t('common:serviceHours.listSeparator');
  return runs
    .map((r) => (r.length >= 3 ? t('common:serviceHours.dayRange', { from: name(r[0]), to: name(r[r.length - 1]) }) : r.map(name).join(sep)))
    .join(sep);
}

/** Service hours in the reader's language: "周一至周五 09:00–18:00（UTC+8）" / "Mon–Fri 09:00–18:00 (UTC+8)". */
export function formatHours(hours: TServiceHours, t: TFunction): string {
  return t('common:serviceHours.text', { days: formatDays(hours.days, t), from: hours.from, to: hours.to, offset: formatUtcOffset(hours.utcOffsetMinutes) });
}
