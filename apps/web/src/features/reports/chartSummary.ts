import type { TFunction } from 'i18next';
import type { ChartSpec } from './chartOptions';
import { valueFormat } from './chartValues';

/**
 * What a chart shows, in one or two sentences for screen readers (the chart is one image to
 * them; the figures follow as a visually hidden table).
 */
export function chartSummary(spec: ChartSpec, title: string, t: TFunction, locale: string): string {
  if (spec.type === 'trend') {
    const fmt = valueFormat(
      spec.kind,
      spec.series.flatMap((s) => s.values),
      locale,
    );
    const parts = spec.series.map((s) => {
      const known = s.values.map((v, i) => ({ v, i })).filter((p): p is { v: number; i: number } => p.v !== null);
      if (known.length === 0) return t('reports:summary.seriesEmpty', { name: s.name });
      if (spec.kind === 'percent') {
        const low = known.reduce((m, p) => (p.v < m.v ? p : m));
        const avg = known.reduce((sum, p) => sum + p.v, 0) / known.length;
        return t('reports:summary.seriesRate', { name: s.name, avg: fmt.text(avg), min: fmt.text(low.v), at: spec.full[low.i] });
      }
      const high = known.reduce((m, p) => (p.v > m.v ? p : m));
      const total = known.reduce((sum, p) => sum + p.v, 0);
      return t('reports:summary.seriesTotal', { name: s.name, total: fmt.text(total), max: fmt.text(high.v), at: spec.full[high.i] });
    });
    const range = spec.classes ? '' : t('reports:summary.range', { from: spec.full[0], to: spec.full[spec.full.length - 1] });
    return [`${title}${range}`, ...parts].join(t('reports:summary.separator'));
  }
  const fmt = valueFormat(
    spec.kind,
    spec.items.map((i) => i.value),
    locale,
  );
  const top = spec.items.reduce<(typeof spec.items)[number] | null>((m, i) => (!m || i.value > m.value ? i : m), null);
  if (!top) return title;
  return [title, t('reports:summary.items', { count: spec.items.length, label: top.label, value: fmt.text(top.value) })].join(t('reports:summary.separator'));
}
