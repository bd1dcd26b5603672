import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReportRequest, type TFlowReport, useReport } from './api';
import type { ChartSpec } from './chartOptions';
import { bucketLabels, operatorName, regionName } from './labels';
import { ReportCard } from './ReportCard';
import { ReportChart } from './ReportChart';
import { ReportQuery } from './ReportState';

/** The flow report's charts from its figures (labels in the reader's language). */
export function useFlowCharts(r: TFlowReport | undefined) {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    if (!r) return null;
    const b = bucketLabels(t, i18n.language, r.buckets, r.granularity);
    const usage: ChartSpec = { type: 'trend', kind: 'bytes', ...b, series: [{ name: t('reports:flow.usage'), values: r.usage }] };
    const top: ChartSpec = {
      type: 'rank',
      kind: 'bytes',
      seriesName: t('reports:flow.usage'),
      items: r.topDevices.map((d) => ({ label: d.name || d.imei, detail: `IMEI ${d.imei}`, value: d.bytes, typed: !!d.name })),
    };
    const byOperator: ChartSpec = {
      type: 'rank',
      kind: 'bytes',
      seriesName: t('reports:flow.usage'),
      items: r.byOperator.map((o) => ({ label: operatorName(t, o.operator), value: o.bytes })),
    };
    const byRegion: ChartSpec = {
      type: 'rank',
      kind: 'bytes',
      seriesName: t('reports:flow.usage'),
      items: r.byRegion.map((o) => ({ label: regionName(t, o.region), value: o.bytes })),
    };
    const pool: ChartSpec = {
      type: 'trend',
      kind: 'bytes',
      ...b,
      series: [
        { name: t('reports:flow.poolConsumed'), values: r.pool.consumed },
        { name: t('reports:flow.poolAdded'), values: r.pool.added },
      ],
    };
    return { usage, top, byOperator, byRegion, pool };
  }, [r, t, i18n.language]);
}

function FlowCharts({ report }: { report: TFlowReport }) {
  const { t } = useTranslation();
  const c = useFlowCharts(report);
  if (!c) return null;
  const per = report.granularity === 'day' ? t('reports:flow.usagePerDay') : t('reports:flow.usagePerMonth');
  return (
    <div className="report-grid" data-testid="report-flow">
      <ReportCard wide>
        <ReportChart title={per} spec={c.usage} data-testid="chart-flow-usage" />
      </ReportCard>
      <ReportCard>
        <ReportChart title={t('reports:flow.topDevices')} spec={c.top} height={320} data-testid="chart-flow-top" />
      </ReportCard>
      <ReportCard>
        <ReportChart title={t('reports:flow.pool')} spec={c.pool} height={320} data-testid="chart-flow-pool" />
      </ReportCard>
      <ReportCard>
        <ReportChart title={t('reports:flow.byOperator')} spec={c.byOperator} data-testid="chart-flow-operator" />
      </ReportCard>
      <ReportCard>
        <ReportChart title={t('reports:flow.byRegion')} spec={c.byRegion} data-testid="chart-flow-region" />
      </ReportCard>
    </div>
  );
}

export function FlowTab({ req }: { req: ReportRequest }) {
  const q = useReport('flow', req);
  return <ReportQuery query={q}>{(r) => <FlowCharts report={r} />}</ReportQuery>;
}
