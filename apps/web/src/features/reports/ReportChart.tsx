import { Empty, theme } from 'antd';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../lib/charts/EChart';
import { UserText } from '../../lib/UserText';
import { type ChartSpec, chartOption, hasData } from './chartOptions';
import { chartSummary } from './chartSummary';
import { valueFormat } from './chartValues';

type Props = {
  title: string;
  spec: ChartSpec;
  height?: number;
  'data-testid'?: string;
};

/** The figures of a chart as a table: visible when ECharts cannot load, else for screen readers. */
function FiguresTable({ spec, title, visible }: { spec: ChartSpec; title: string; visible: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const rows: { key: string; head: string; typed?: boolean; detail?: string; cells: string[] }[] = [];
  let columns: string[];
  if (spec.type === 'trend') {
    const fmt = valueFormat(
      spec.kind,
      spec.series.flatMap((s) => s.values),
      locale,
    );
    columns = spec.series.map((s) => s.name);
    spec.full.forEach((label, i) => {
      rows.push({ key: `${i}`, head: label, cells: spec.series.map((s) => fmt.text(s.values[i] ?? null)) });
    });
  } else {
    const fmt = valueFormat(
      spec.kind,
      spec.items.map((i) => i.value),
      locale,
    );
    columns = [spec.seriesName];
    spec.items.forEach((item, i) => {
      rows.push({ key: `${i}`, head: item.label, typed: 'typed' in item && !!item.typed, detail: item.detail, cells: [fmt.text(item.value)] });
    });
  }
  return (
    <div className={visible ? 'report-figures' : 'sr-only'}>
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('reports:chart.item')}</th>
            {columns.map((c) => (
              <th scope="col" key={c}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">
                {r.typed ? <UserText>{r.head}</UserText> : r.head}
                {r.detail ? ` (${r.detail})` : ''}
              </th>
              {r.cells.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are its fixed columns
                <td key={i}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One chart of the report with its title (ECharts, loaded on demand): units on the axis and in
 * the tooltips, a summary for screen readers and the figures as a hidden table; "no data in
 * this period" when there is nothing to draw.
 */
export function ReportChart({ title, spec, height = 260, 'data-testid': testId }: Props) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const id = useId();
  const locale = i18n.language;
  const colors = useMemo(
    () => ({ text: token.colorTextSecondary, line: token.colorBorderSecondary, font: token.fontFamily }),
    [token.colorTextSecondary, token.colorBorderSecondary, token.fontFamily],
  );
  const option = useMemo(() => chartOption(spec, locale, colors), [spec, locale, colors]);
  const filled = hasData(spec);

  return (
    <figure className="report-chart" aria-labelledby={`${id}-t`} data-testid={testId}>
      <figcaption id={`${id}-t`} className="report-chart-title">
        {title}
      </figcaption>
      {filled ? (
        <EChart
          option={option}
          height={height}
          label={chartSummary(spec, title, t, locale)}
          loadingText={t('reports:state.chartLoading')}
          fallback={
            <div className="report-chart-failed">
              <p>{t('reports:state.chartFailed')}</p>
              <FiguresTable spec={spec} title={title} visible />
            </div>
          }
        >
          <FiguresTable spec={spec} title={title} visible={false} />
        </EChart>
      ) : (
        <div className="report-chart-empty" style={{ minHeight: Math.round(height * 0.7) }} data-testid={testId ? `${testId}-empty` : undefined}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports:state.empty')} />
        </div>
      )}
    </figure>
  );
}
