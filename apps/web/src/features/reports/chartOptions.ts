import type { EChartsCoreOption } from 'echarts/core';
import { escapeHtml, type ValueKind, valueFormat } from './chartValues';

/**
 * Series colours: each has at least 4.4:1 contrast against the white card (WCAG asks 3:1 for
 * graphics), and neighbours differ in hue and lightness.
 */
export const PALETTE = ['#1668dc', '#d4380d', '#237804', '#c41d7f', '#531dab', '#006d75', '#ad6800', '#595959'] as const;

export type Theme = { text: string; line: string; font: string };

/** Values over categories (days, months, or a few classes) as vertical bars or lines. */
export type TrendSpec = {
  type: 'trend';
  kind: ValueKind;
  /** short axis labels and the full labels of tooltips and tables */
  axis: string[];
  full: string[];
  series: { name: string; values: (number | null)[]; line?: boolean }[];
  /** few named classes rather than dates: every label is shown (turned on narrow charts) */
  classes?: boolean;
};

/** Named items ranked by value as horizontal bars (top devices, operators, regions). */
export type RankSpec = {
  type: 'rank';
  kind: ValueKind;
  seriesName: string;
  /** `typed`: the label is text people typed in (a device name), shown as written */
  items: { label: string; value: number; detail?: string; typed?: boolean }[];
};

/** Shares of a whole as a ring with its legend (few items: statuses, network types). */
export type PieSpec = {
  type: 'pie';
  kind: ValueKind;
  seriesName: string;
  items: { label: string; value: number; detail?: string }[];
};

export type ChartSpec = TrendSpec | RankSpec | PieSpec;

/** Below this chart width (px) class labels are turned so that each stays readable. */
export const NARROW_CHART = 480;
/** The widest a rank chart's item label gets before it is shortened with an ellipsis (the tooltip has it whole). */
export const RANK_LABEL_WIDTH = 120;

/** Whether a chart has anything to draw. */
export function hasData(spec: ChartSpec): boolean {
  if (spec.type === 'trend') return spec.series.some((s) => s.values.some((v) => v !== null && v !== 0));
  return spec.items.some((i) => i.value !== 0);
}

export function chartOption(spec: ChartSpec, locale: string, theme: Theme): EChartsCoreOption {
  if (spec.type === 'trend') return trendOption(spec, locale, theme);
  if (spec.type === 'rank') return rankOption(spec, locale, theme);
  return pieOption(spec, locale, theme);
}

const base = (theme: Theme) => ({ animation: false, color: [...PALETTE], textStyle: { fontFamily: theme.font } });

function valueAxis(unit: string | null, tick: (v: number) => string, theme: Theme, kind: ValueKind) {
  return {
    type: 'value',
    name: kind === 'percent' ? undefined : (unit ?? undefined),
    nameTextStyle: { color: theme.text, align: 'left' },
    minInterval: kind === 'count' ? 1 : undefined,
    max: kind === 'percent' ? 100 : undefined,
    splitLine: { lineStyle: { color: theme.line, type: 'dashed' } },
    axisLabel: { color: theme.text, formatter: tick, hideOverlap: true },
  };
}

export function trendOption(spec: TrendSpec, locale: string, theme: Theme): EChartsCoreOption {
  const fmt = valueFormat(
    spec.kind,
    spec.series.flatMap((s) => s.values),
    locale,
  );
  const legend = spec.series.length > 1;
  const option = {
    ...base(theme),
    grid: { left: 4, right: 12, top: legend ? 56 : 32, bottom: 4, containLabel: true },
    legend: legend ? { top: 0, left: 0, textStyle: { color: theme.text }, itemWidth: 14, itemHeight: 10 } : undefined,
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: spec.series.some((s) => s.line) ? 'line' : 'shadow' },
      formatter: (params: { dataIndex: number; seriesIndex: number; marker: string }[]) => {
        const i = params[0]?.dataIndex ?? -1;
        if (i < 0) return '';
        const rows = params.map(
          (p) => `${p.marker}${escapeHtml(spec.series[p.seriesIndex].name)}: <b>${escapeHtml(fmt.text(spec.series[p.seriesIndex].values[i]))}</b>`,
        );
        return [escapeHtml(spec.full[i] ?? ''), ...rows].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: spec.axis,
      axisTick: { alignWithLabel: true },
      axisLine: { lineStyle: { color: theme.line } },
      axisLabel: spec.classes ? { color: theme.text, interval: 0 } : { color: theme.text, hideOverlap: true },
    },
    yAxis: valueAxis(fmt.unit, fmt.tick, theme, spec.kind),
    series: spec.series.map((s) =>
      s.line
        ? {
            type: 'line',
            name: s.name,
            data: s.values.map(fmt.plot),
            connectNulls: false,
            showSymbol: spec.axis.length <= 31,
            symbolSize: 5,
            lineStyle: { width: 2 },
          }
        : { type: 'bar', name: s.name, data: s.values.map(fmt.plot), barMaxWidth: 28, itemStyle: { borderRadius: [3, 3, 0, 0] } },
    ),
  };
  if (!spec.classes) return option;
  // a few long class names side by side do not fit a phone: they are turned rather than hidden
  // the root option is the base (a declared `baseOption` makes ECharts look for the timeline component)
  return { ...option, media: [{ query: { maxWidth: NARROW_CHART - 1 }, option: { xAxis: { axisLabel: { rotate: 35 } } } }] };
}

export function rankOption(spec: RankSpec, locale: string, theme: Theme): EChartsCoreOption {
  const fmt = valueFormat(
    spec.kind,
    spec.items.map((i) => i.value),
    locale,
  );
  return {
    ...base(theme),
    // the unit is written after the axis's end, which containLabel does not keep inside: room for it on the right
    grid: { left: 4, right: fmt.unit ? 40 : 16, top: 28, bottom: 4, containLabel: true },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'shadow' },
      formatter: (params: { dataIndex: number; marker: string }[]) => {
        const item = spec.items[params[0]?.dataIndex ?? -1];
        if (!item) return '';
        const lines = [
          escapeHtml(item.label),
          `${params[0].marker}${escapeHtml(spec.seriesName)}: <b>${escapeHtml(fmt.text(item.value))}</b>`,
          ...(item.detail ? [escapeHtml(item.detail)] : []),
        ];
        return lines.join('<br/>');
      },
    },
    xAxis: { ...valueAxis(fmt.unit, fmt.tick, theme, spec.kind), nameLocation: 'end', nameTextStyle: { color: theme.text } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: spec.items.map((i) => i.label),
      axisTick: { show: false },
      axisLine: { lineStyle: { color: theme.line } },
      axisLabel: { color: theme.text, interval: 0, width: RANK_LABEL_WIDTH, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: spec.seriesName,
        data: spec.items.map((i) => fmt.plot(i.value)),
        barMaxWidth: 18,
        itemStyle: { color: PALETTE[0], borderRadius: [0, 3, 3, 0] },
      },
    ],
  };
}

export function pieOption(spec: PieSpec, locale: string, theme: Theme): EChartsCoreOption {
  const fmt = valueFormat(
    spec.kind,
    spec.items.map((i) => i.value),
    locale,
  );
  const total = spec.items.reduce((s, i) => s + i.value, 0);
  const pf = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  return {
    ...base(theme),
    legend: { bottom: 0, left: 'center', textStyle: { color: theme.text }, itemWidth: 12, itemHeight: 10 },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: { dataIndex: number; marker: string }) => {
        const item = spec.items[p.dataIndex];
        if (!item) return '';
        const share = pf.format(total ? item.value / total : 0);
        const lines = [
          `${p.marker}${escapeHtml(item.label)}`,
          `${escapeHtml(spec.seriesName)}: <b>${escapeHtml(fmt.text(item.value))}</b> (${escapeHtml(share)})`,
        ];
        return [...lines, ...(item.detail ? [escapeHtml(item.detail)] : [])].join('<br/>');
      },
    },
    series: [
      {
        type: 'pie',
        name: spec.seriesName,
        radius: ['34%', '56%'],
        center: ['50%', '40%'],
        avoidLabelOverlap: true,
        label: { show: false },
        itemStyle: { borderColor: '#fff', borderWidth: 1 },
        data: spec.items.map((i) => ({ name: i.label, value: i.value })),
      },
    ],
  };
}
