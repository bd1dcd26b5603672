import i18next from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadNamespaces } from '../../i18n';
import { hasData, PALETTE, type PieSpec, pieOption, RANK_LABEL_WIDTH, type RankSpec, rankOption, type TrendSpec, trendOption } from './chartOptions';
import { chartSummary } from './chartSummary';
import { bucketLabels } from './labels';

const MB = 1024 * 1024;
const GB = 1024 * MB;
const THEME = { text: '#666', line: '#eee', font: 'sans-serif' };
type Fmt = (p: unknown) => string;
// biome-ignore lint/suspicious/noExplicitAny: the options are read back loosely, as ECharts reads them
type AnyOption = Record<string, any>;

beforeAll(async () => {
  await loadNamespaces(['reports', 'devices'], 'zh-CN');
  await loadNamespaces(['reports', 'devices'], 'en');
});

const days: TrendSpec = {
  type: 'trend',
  kind: 'bytes',
  axis: ['11/19', '11/20'],
  full: ['2026年11月19日', '2026年11月20日'],
  series: [{ name: '流量', values: [512 * MB, 1.5 * GB] }],
};

describe('report chart options', () => {
  test('bytes: one unit for the chart chosen by its largest value, the unit on the axis and in the tooltip, labels contained', () => {
    const o = trendOption(days, 'zh-CN', THEME) as AnyOption;
    expect(o.grid.containLabel).toBe(true);
    expect(o.tooltip.confine).toBe(true);
    expect(o.yAxis.name).toBe('GB');
    expect(o.series[0].data).toEqual([0.5, 1.5]);
    expect((o.tooltip.formatter as Fmt)([{ dataIndex: 0, seriesIndex: 0, marker: '' }])).toBe('2026年11月19日<br/>流量: <b>0.5 GB</b>');
    expect(o.legend).toBeUndefined();
    // day labels that would overlap are dropped, not cut
    expect(o.xAxis.axisLabel.hideOverlap).toBe(true);
    const small = trendOption({ ...days, series: [{ name: 'x', values: [3 * MB, 0] }] }, 'en', THEME) as AnyOption;
    expect(small.yAxis.name).toBe('MB');
  });

  test('shares: per cent on the axis (0–100) and in the tooltip, gaps where no device reported, a legend for several series', () => {
    const spec: TrendSpec = {
      type: 'trend',
      kind: 'percent',
      axis: ['a', 'b', 'c'],
      full: ['A', 'B', 'C'],
      series: [
        { name: 'Online', values: [0.9, null, 0.955], line: true },
        { name: 'Other', values: [0.1, 0.2, 0.3], line: true },
      ],
    };
    const o = trendOption(spec, 'en', THEME) as AnyOption;
    expect(o.yAxis.max).toBe(100);
    expect(o.yAxis.axisLabel.formatter(50)).toBe('50%');
    expect(o.series[0].data).toEqual([90, null, 95.5]);
    expect(o.series[0].type).toBe('line');
    expect(o.legend).toBeTruthy();
    expect((o.tooltip.formatter as Fmt)([{ dataIndex: 1, seriesIndex: 0, marker: '' }])).toBe('B<br/>Online: <b>—</b>');
    expect((o.tooltip.formatter as Fmt)([{ dataIndex: 2, seriesIndex: 0, marker: '' }])).toBe('C<br/>Online: <b>95.5%</b>');
  });

  test('classes: every label shown, turned on a narrow chart', () => {
    const spec: TrendSpec = {
      type: 'trend',
      kind: 'count',
      classes: true,
      axis: ['Under 5 min', '5–30 min'],
      full: ['Under 5 min', '5–30 min'],
      series: [{ name: 'n', values: [3, 1] }],
    };
    const o = trendOption(spec, 'en', THEME) as AnyOption;
    expect(o.xAxis.axisLabel.interval).toBe(0);
    expect(o.yAxis.minInterval).toBe(1);
    expect(o.media[0].option.xAxis.axisLabel.rotate).toBeGreaterThan(0);
  });

  test('ranks: long names shortened at a fixed width (the tooltip has them whole, with the detail)', () => {
    const spec: RankSpec = {
      type: 'rank',
      kind: 'bytes',
      seriesName: 'Usage',
      items: [{ label: 'A very long device name indeed', detail: 'IMEI 8600', value: 2 * GB }],
    };
    const o = rankOption(spec, 'en', THEME) as AnyOption;
    expect(o.yAxis.axisLabel).toMatchObject({ width: RANK_LABEL_WIDTH, overflow: 'truncate', interval: 0 });
    expect(o.xAxis.name).toBe('GB');
    expect((o.tooltip.formatter as Fmt)([{ dataIndex: 0, marker: '' }])).toBe('A very long device name indeed<br/>Usage: <b>2 GB</b><br/>IMEI 8600');
  });

  test('pies: value and share in the tooltip, no labels outside the ring that could be cut', () => {
    const spec: PieSpec = {
      type: 'pie',
      kind: 'count',
      seriesName: 'Devices',
      items: [
        { label: 'eSIM in use', value: 1 },
        { label: 'In stock', value: 3 },
      ],
    };
    const o = pieOption(spec, 'en', THEME) as AnyOption;
    expect(o.series[0].label.show).toBe(false);
    expect((o.tooltip.formatter as Fmt)({ dataIndex: 1, marker: '' })).toBe('In stock<br/>Devices: <b>3</b> (75%)');
  });

  test('empty: nothing but zeros and nulls is no data', () => {
    expect(hasData({ ...days, series: [{ name: 'x', values: [0, null] }] })).toBe(false);
    expect(hasData(days)).toBe(true);
    expect(hasData({ type: 'rank', kind: 'count', seriesName: 'x', items: [] })).toBe(false);
  });

  test('series colours have at least 3:1 contrast against white', () => {
    const lum = (hex: string) => {
      const c = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    for (const c of PALETTE) expect(1.05 / (lum(c) + 0.05)).toBeGreaterThanOrEqual(3);
  });

  test('the summary for screen readers names the range, the total and the highest day', () => {
    const zh = i18next.getFixedT('zh-CN');
    expect(chartSummary(days, '每日流量', zh, 'zh-CN')).toBe('每日流量（2026年11月19日 至 2026年11月20日）。流量：合计 2 GB，最高 1.5 GB（2026年11月20日）');
    const en = i18next.getFixedT('en');
    const rank: RankSpec = {
      type: 'rank',
      kind: 'count',
      seriesName: 'Devices',
      items: [
        { label: 'Berlin', value: 2 },
        { label: 'Shanghai', value: 9 },
      ],
    };
    expect(chartSummary(rank, 'Devices by region', en, 'en')).toBe('Devices by region. 2 items, the largest is Shanghai with 9');
  });

  test("buckets read in the reader's language: days and months, short on the axis and whole in tooltips", () => {
    const en = i18next.getFixedT('en');
    const zh = i18next.getFixedT('zh-CN');
    expect(bucketLabels(en, 'en', ['2025-12', '2026-01'], 'month')).toEqual({ axis: ["Dec '25", "Jan '26"], full: ['December 2025', 'January 2026'] });
    expect(bucketLabels(zh, 'zh-CN', ['2025-12'], 'month')).toEqual({ axis: ['25年12月'], full: ['2025年12月'] });
    expect(bucketLabels(en, 'en', ['2026-11-05'], 'day')).toEqual({ axis: ['Nov 5'], full: ['Nov 5, 2026'] });
    expect(bucketLabels(zh, 'zh-CN', ['2026-11-05'], 'day')).toEqual({ axis: ['11/5'], full: ['2026年11月5日'] });
  });
});
