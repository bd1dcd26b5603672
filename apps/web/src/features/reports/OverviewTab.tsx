import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Skeleton, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format';
import { type ReportRequest, useReport } from './api';
import { valueFormat } from './chartValues';
import { useDeviceCharts } from './DeviceTab';
import { useFlowCharts } from './FlowTab';
import { kpis } from './kpis';
import { ReportCard } from './ReportCard';
import { ReportChart } from './ReportChart';
import { ReportError, ReportSkeleton } from './ReportState';
import { useStabilityCharts } from './StabilityTab';

type Kpi = { key: string; title: string; query: UseQueryResult<unknown>; value: () => string };

/** One figure of the period: a skeleton while its report loads, a retry when it failed. */
function KpiCard({ kpi }: { kpi: Kpi }) {
  const { t } = useTranslation();
  const q = kpi.query;
  let body: ReactNode;
  if (q.data !== undefined) body = <Statistic title={kpi.title} value={kpi.value()} />;
  else if (q.isError)
    body = (
      <div className="report-kpi-failed">
        <div className="report-kpi-title">{kpi.title}</div>
        <Button size="small" onClick={() => void q.refetch()} loading={q.isFetching} aria-label={`${t('common:action.retry')} ${kpi.title}`}>
          {t('common:action.retry')}
        </Button>
      </div>
    );
  else body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  return (
    <Card variant="borderless" className="report-kpi" data-testid={`kpi-${kpi.key}`}>
      {body}
    </Card>
  );
}

/** The cover page of the report: the period at a glance, from the flow, device and stability reports. */
export function OverviewTab({ req }: { req: ReportRequest }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const flow = useReport('flow', req);
  const device = useReport('device', req);
  const stability = useReport('stability', req);
  const flowCharts = useFlowCharts(flow.data);
  const deviceCharts = useDeviceCharts(device.data);
  const stabilityCharts = useStabilityCharts(stability.data);
  const count = valueFormat('count', [], locale);
  const pct = valueFormat('percent', [], locale);

  const cards: Kpi[] = [
    { key: 'usage', title: t('reports:kpi.usage'), query: flow, value: () => (flow.data ? formatBytes(kpis.usage(flow.data), locale) : '') },
    { key: 'devices', title: t('reports:kpi.devices'), query: device, value: () => (device.data ? count.text(kpis.devices(device.data)) : '') },
    { key: 'onlineRate', title: t('reports:kpi.onlineRate'), query: device, value: () => (device.data ? pct.text(kpis.onlineRate(device.data)) : '') },
    { key: 'switches', title: t('reports:kpi.switches'), query: stability, value: () => (stability.data ? count.text(kpis.switches(stability.data)) : '') },
    {
      key: 'offlineEpisodes',
      title: t('reports:kpi.offlineEpisodes'),
      query: stability,
      value: () => (stability.data ? count.text(kpis.offlineEpisodes(stability.data)) : ''),
    },
    { key: 'zeroUsage', title: t('reports:kpi.zeroUsage'), query: stability, value: () => (stability.data ? count.text(kpis.zeroUsage(stability.data)) : '') },
  ];

  const section = (q: UseQueryResult<unknown>, node: ReactNode) => {
    if (q.data !== undefined) return node;
    if (q.isError) return <ReportError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
    return <ReportSkeleton cards={1} />;
  };

  return (
    <div className="report-overview" data-testid="report-overview">
      <section className="report-kpis" aria-label={t('reports:kpi.title')}>
        {cards.map((k) => (
          <KpiCard key={k.key} kpi={k} />
        ))}
      </section>
      <div className="report-grid">
        {section(
          flow,
          flowCharts && (
            <ReportCard>
              <ReportChart title={t('reports:flow.usage')} spec={flowCharts.usage} height={220} data-testid="chart-overview-usage" />
            </ReportCard>
          ),
        )}
        {section(
          device,
          deviceCharts && (
            <ReportCard>
              <ReportChart title={t('reports:device.onlineRate')} spec={deviceCharts.online} height={220} data-testid="chart-overview-online" />
            </ReportCard>
          ),
        )}
        {section(
          device,
          deviceCharts && (
            <ReportCard>
              <ReportChart title={t('reports:device.byStatusShort')} spec={deviceCharts.byStatus} height={220} data-testid="chart-overview-status" />
            </ReportCard>
          ),
        )}
        {section(
          stability,
          stabilityCharts && (
            <ReportCard>
              <ReportChart title={t('reports:stability.switchesOverTime')} spec={stabilityCharts.switches} height={220} data-testid="chart-overview-switches" />
            </ReportCard>
          ),
        )}
      </div>
    </div>
  );
}
