import { Empty, theme } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../lib/charts/EChart';
import { dataUnitFor, formatBytes, GB_BYTES, MB_BYTES } from '../../lib/format';

/** One bar: a short axis label, the full label for tooltips and the table, and the exact bytes. */
export type UsagePoint = { key: string; axis: string; label: string; bytes: number };

type Props = {
  title: string;
  points: UsagePoint[];
  emptyText: string;
  height?: number;
  /** put each bar's value above it (few bars); labels that would overlap are hidden */
  valueLabels?: boolean;
};

type Colors = { bar: string; text: string; line: string; font: string };

/**
 * The chart's option: one unit for the whole chart (from its largest bar), values rounded once
 * from bytes in that unit, the unit on the axis and in every label and tooltip, and the plot
 * sized to contain its labels so nothing is cut at the edges.
 */
export function usageChartOption(points: UsagePoint[], locale: string, colors: Colors, valueLabels = false): EChartsCoreOption {
  const unit = dataUnitFor(Math.max(0, ...points.map((p) => p.bytes)));
  const size = unit === 'GB' ? GB_BYTES : MB_BYTES;
  const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const text = (bytes: number) => formatBytes(bytes, locale, unit);
  const base = {
    animation: false,
    textStyle: { fontFamily: colors.font },
    grid: { left: 4, right: 12, top: valueLabels ? 36 : 28, bottom: 4, containLabel: true },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'shadow' },
      formatter: (params: { dataIndex: number }[]) => {
        const p = points[params[0]?.dataIndex ?? -1];
        return p ? `${escapeHtml(p.label)}<br/><b>${escapeHtml(text(p.bytes))}</b>` : '';
      },
    },
    xAxis: {
      type: 'category',
      data: points.map((p) => p.axis),
      axisTick: { alignWithLabel: true },
      axisLine: { lineStyle: { color: colors.line } },
      axisLabel: { color: colors.text, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      name: unit,
      nameTextStyle: { color: colors.text, align: 'left' },
      splitLine: { lineStyle: { color: colors.line, type: 'dashed' } },
      axisLabel: { color: colors.text, formatter: (v: number) => nf.format(v) },
    },
    series: [
      {
        type: 'bar',
        name: unit,
        data: points.map((p) => p.bytes / size),
        barMaxWidth: 36,
        itemStyle: { color: colors.bar, borderRadius: [3, 3, 0, 0] },
        label: valueLabels
          ? { show: true, position: 'top', color: colors.text, formatter: ({ dataIndex }: { dataIndex: number }) => text(points[dataIndex].bytes) }
          : { show: false },
        labelLayout: { hideOverlap: true },
      },
    ],
  };
  // on a narrow chart the labels above the bars would run into each other: the tooltip and the table carry them
  return { baseOption: base, media: [{ query: { maxWidth: VALUE_LABELS_MIN_WIDTH - 1 }, option: { series: [{ label: { show: false } }] } }] };
}

/** Below this chart width (px) no value is written above the bars. */
export const VALUE_LABELS_MIN_WIDTH = 560;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A usage bar chart (ECharts, loaded on demand) with its title, a summary for screen readers
 * and the figures as a visually hidden table; an empty state when there is no usage.
 */
export function UsageChart({ title, points, emptyText, height = 220, valueLabels = false }: Props) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const id = useId();
  const locale = i18n.language;
  const colors = useMemo(
    () => ({ bar: token.colorPrimary, text: token.colorTextSecondary, line: token.colorBorderSecondary, font: token.fontFamily }),
    [token.colorPrimary, token.colorTextSecondary, token.colorBorderSecondary, token.fontFamily],
  );
  const option = useMemo(() => usageChartOption(points, locale, colors, valueLabels), [points, locale, colors, valueLabels]);
  const total = points.reduce((s, p) => s + p.bytes, 0);
  const unit = dataUnitFor(Math.max(0, ...points.map((p) => p.bytes)));
  const top = points.reduce<UsagePoint | null>((m, p) => (!m || p.bytes > m.bytes ? p : m), null);

  const table = (visible: boolean) => (
    <table className={visible ? 'usage-table' : 'sr-only'}>
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{points.length > 12 ? t('devices:usage.day') : t('devices:usage.month')}</th>
          <th scope="col">{t('devices:usage.value')}</th>
        </tr>
      </thead>
      <tbody>
        {points.map((p) => (
          <tr key={p.key}>
            <th scope="row">{p.label}</th>
            <td>{formatBytes(p.bytes, locale, unit)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  if (total === 0 || !top) {
    return (
      <figure className="usage-chart" aria-labelledby={`${id}-t`} data-testid="usage-chart">
        <figcaption id={`${id}-t`}>{title}</figcaption>
        <div className="usage-chart-empty" style={{ minHeight: Math.round(height * 0.6) }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
        </div>
      </figure>
    );
  }
  const summary = t('devices:usage.summary', {
    title,
    total: formatBytes(total, locale, unit),
    max: formatBytes(top.bytes, locale, unit),
    at: top.label,
  });
  return (
    <figure className="usage-chart" aria-labelledby={`${id}-t`} data-testid="usage-chart">
      <figcaption id={`${id}-t`}>{title}</figcaption>
      <EChart
        option={option}
        height={height}
        label={summary}
        loadingText={t('devices:usage.loading')}
        data-testid="usage-chart-plot"
        fallback={
          <div className="usage-chart-failed">
            <p>{t('devices:usage.chartFailed')}</p>
            {table(true)}
          </div>
        }
      >
        {table(false)}
      </EChart>
    </figure>
  );
}
