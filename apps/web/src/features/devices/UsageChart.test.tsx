import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { changeLocale, loadNamespaces } from '../../i18n';
import { UsageChart, type UsagePoint, usageChartOption } from './UsageChart';

const MB = 1048576;
const COLORS = { bar: '#1677ff', text: '#666', line: '#eee', font: 'sans-serif' };
const days: UsagePoint[] = [
  { key: '2026-11-19', axis: '11-19', label: '2026-11-19', bytes: 10 * MB },
  { key: '2026-11-20', axis: '11-20', label: '2026-11-20', bytes: 12.5 * MB + 3 },
];

type Fmt = (p: unknown) => string;
type Option = {
  baseOption: Base;
  media: { query: { maxWidth: number }; option: { series: { label: { show: boolean } }[] } }[];
};
type Base = {
  grid: { containLabel: boolean };
  yAxis: { name: string; axisLabel: { formatter: (v: number) => string } };
  tooltip: { formatter: Fmt; confine: boolean };
  series: { data: number[]; label: { show: boolean; formatter?: Fmt } }[];
};

beforeAll(async () => {
  await loadNamespaces(['devices'], 'zh-CN');
  await loadNamespaces(['devices'], 'en');
});
afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('usage chart option', () => {
  test('one unit for the chart, values rounded once from bytes, unit in tooltips and labels, nothing cut at the edges', () => {
    const { baseOption: o, media } = usageChartOption(days, 'zh-CN', COLORS, true) as unknown as Option;
    // no labels above the bars where they would run into each other
    expect(media[0]).toEqual({ query: { maxWidth: 559 }, option: { series: [{ label: { show: false } }] } });
    expect(o.grid.containLabel).toBe(true);
    expect(o.tooltip.confine).toBe(true);
    expect(o.yAxis.name).toBe('MB');
    expect(o.series[0].data).toEqual([10, 12.5 + 3 / MB]);
    expect(o.tooltip.formatter([{ dataIndex: 1 }])).toBe('2026-11-20<br/><b>12.5 MB</b>');
    expect(o.series[0].label.formatter?.({ dataIndex: 0 })).toBe('10 MB');
  });

  test('GB for the whole chart once a bar reaches 1 GB, numbers in the UI language', () => {
    const big: UsagePoint[] = [
      { key: 'a', axis: '2026-10', label: '2026-10', bytes: 1536 * MB },
      { key: 'b', axis: '2026-11', label: '2026-11', bytes: 300 * MB },
    ];
    const o = (usageChartOption(big, 'en', COLORS) as unknown as Option).baseOption;
    expect(o.yAxis.name).toBe('GB');
    expect(o.tooltip.formatter([{ dataIndex: 0 }])).toBe('2026-10<br/><b>1.5 GB</b>');
    expect(o.tooltip.formatter([{ dataIndex: 1 }])).toBe('2026-11<br/><b>0.29 GB</b>');
    expect(o.yAxis.axisLabel.formatter(1234.5)).toBe('1,234.5');
    expect(o.series[0].label.show).toBe(false);
  });
});

describe('usage chart', () => {
  test('an image with a summary in units, the figures as a table, and the chart drawn by ECharts', async () => {
    render(<UsageChart title="近 30 天用量（按日）" points={days} emptyText="暂无用量" />);
    const img = screen.getByRole('img', { name: '近 30 天用量（按日）：合计 22.5 MB，最高 12.5 MB（2026-11-20）' });
    expect(img).toBeTruthy();
    const table = screen.getByRole('table', { name: '近 30 天用量（按日）' });
    expect(within(table).getByText('12.5 MB')).toBeTruthy();
    expect(within(table).getByText('10 MB')).toBeTruthy();
    // ECharts is loaded on demand and draws SVG into the image
    await waitFor(() => expect(img.querySelector('svg')).not.toBeNull(), { timeout: 15_000 });
    await waitFor(() => expect(img.getAttribute('aria-busy')).toBe('false'));
  });

  test('no usage yet: an empty state, no chart', () => {
    render(
      <UsageChart title="近 6 个月用量（按月）" points={days.map((d) => ({ ...d, bytes: 0 }))} emptyText="暂无用量。设备上报的用量次日（UTC）显示在这里。" />,
    );
    expect(screen.getByText('暂无用量。设备上报的用量次日（UTC）显示在这里。')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  test('in English the summary is English', async () => {
    await changeLocale('en');
    render(<UsageChart title="Last 30 days (daily)" points={days} emptyText="No usage yet" />);
    expect(screen.getByRole('img', { name: 'Last 30 days (daily): total 22.5 MB, highest 12.5 MB (2026-11-20)' })).toBeTruthy();
  });
});
