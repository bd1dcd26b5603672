import { dataUnitFor, formatBytes, GB_BYTES, MB_BYTES } from '../../lib/format';

/** What a chart's numbers are: byte amounts, counts, or shares (0–1). */
export type ValueKind = 'bytes' | 'count' | 'percent';

export type ValueFormat = {
  /** the axis name: MB or GB for bytes, % for shares, none for counts */
  unit: string | null;
  /** a value as plotted (bytes in the chart's unit, shares in per cent) */
  plot: (v: number | null) => number | null;
  /** an exact value as people read it, unit included */
  text: (v: number | null) => string;
  /** an axis tick (already in the plotted scale) */
  tick: (v: number) => string;
};

/**
 * How a chart shows its values: one unit for the whole chart (bytes: MB or GB by its largest
 * value), numbers in the reader's language, nulls as a dash.
 */
export function valueFormat(kind: ValueKind, values: readonly (number | null)[], locale: string): ValueFormat {
  const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const none = '—';
  if (kind === 'bytes') {
    const unit = dataUnitFor(Math.max(0, ...values.map((v) => v ?? 0)));
    const size = unit === 'GB' ? GB_BYTES : MB_BYTES;
    return {
      unit,
      plot: (v) => (v === null ? null : v / size),
      text: (v) => (v === null ? none : formatBytes(v, locale, unit)),
      tick: (v) => nf.format(v),
    };
  }
  if (kind === 'percent') {
    const pf = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    return {
      unit: '%',
      plot: (v) => (v === null ? null : Math.round(v * 10000) / 100),
      text: (v) => (v === null ? none : pf.format(v)),
      tick: (v) => `${nf.format(v)}%`,
    };
  }
  const cf = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return { unit: null, plot: (v) => v, text: (v) => (v === null ? none : cf.format(v)), tick: (v) => cf.format(v) };
}

/** Text for a tooltip's HTML. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
