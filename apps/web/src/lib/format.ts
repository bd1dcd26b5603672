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

export const MB_BYTES = 1024 * 1024;
export const GB_BYTES = 1024 * MB_BYTES;

/** The unit a set of byte amounts is shown in: GB when the largest reaches 1 GB, else MB. */
export function dataUnitFor(maxBytes: number): 'MB' | 'GB' {
  return Math.abs(maxBytes) >= GB_BYTES ? 'GB' : 'MB';
}

/**
 * A data amount given in bytes, rounded once (two decimals) in `unit` or in the unit its size
 * asks for; an amount above zero that would round to 0 says "< 0.01".
 */
export function formatBytes(bytes: number, locale: string, unit: 'MB' | 'GB' = dataUnitFor(bytes)): string {
  const value = bytes / (unit === 'GB' ? GB_BYTES : MB_BYTES);
  const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, minimumFractionDigits: 0 });
  if (bytes > 0 && value < 0.005) return `< ${nf.format(0.01)} ${unit}`;
  return `${nf.format(value)} ${unit}`;
}
