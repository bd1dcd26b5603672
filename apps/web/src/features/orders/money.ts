/*
 * Money in the API is yuan with at most two decimals; the web app computes in fen (integers),
 * so a total is never off by a floating-point cent, and formats fen as "¥1,234.50".
 */

/** A yuan amount (at most two decimals) in fen. */
export function toFen(yuan: number): number {
  return Math.round(yuan * 100);
}

/** The total of `quantity` units at `unitYuan` each, in fen. */
export function totalFen(unitYuan: number, quantity: number): number {
  return toFen(unitYuan) * quantity;
}

/** Fen as yuan with two decimals and the reader's digit grouping, without the currency sign: "1,234.50". */
export function fenText(fen: number, locale: string): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.round(fen));
  const yuan = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(yuan)}.${cents}`;
}

/** Fen as "¥1,234.50". */
export function formatFen(fen: number, locale: string): string {
  return `¥${fenText(fen, locale)}`;
}

/** A yuan amount of the API as "¥1,234.50". */
export function formatYuan(yuan: number | null | undefined, locale: string): string {
  if (yuan === null || yuan === undefined || !Number.isFinite(yuan)) return '—';
  return formatFen(toFen(yuan), locale);
}
