import dayjs from './dayjs';

/** A data amount given in MB: shown in MB below 1 GB, else in GB (1 GB = 1024 MB). */
export function formatData(mb: number, locale: string): { value: string; unit: 'MB' | 'GB' } {
  const nf = (digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: 0 });
  if (Math.abs(mb) >= 1024) return { value: nf(2).format(mb / 1024), unit: 'GB' };
  return { value: nf(2).format(mb), unit: 'MB' };
}

export function formatDataText(mb: number, locale: string): string {
  const { value, unit } = formatData(mb, locale);
  return `${value} ${unit}`;
}

/** A timestamp shown in UTC (the platform's time), e.g. "2025-11-21 08:30:00". */
export function formatUtc(value: string | number | Date | null | undefined, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  if (value === null || value === undefined || value === '') return '—';
  const d = dayjs.utc(value);
  return d.isValid() ? d.format(pattern) : String(value);
}
