import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReportRequest, type TDeviceStatusReport, useReport } from './api';
import type { ChartSpec } from './chartOptions';
import { bucketLabels, statusName } from './labels';
import { ReportCard } from './ReportCard';
import { ReportChart } from './ReportChart';
import { ReportQuery } from './ReportState';

/** The device report's charts from its figures. */
export function useDeviceCharts(r: TDeviceStatusReport | undefined) {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    if (!r) return null;
    const b = bucketLabels(t, i18n.language, r.buckets, r.granularity);
    const byStatus: ChartSpec = {
      type: 'pie',
      kind: 'count',
      seriesName: t('reports:device.devices'),
      items: r.byStatus.map((s) => ({ label: statusName(t, s.status), value: s.count })),
    };
    const online: ChartSpec = { type: 'trend', kind: 'percent', ...b, series: [{ name: t('reports:device.onlineRate'), values: r.onlineRate, line: true }] };
    const changes: ChartSpec = {
      type: 'trend',
      kind: 'count',
      ...b,
      series: [
        { name: t('reports:device.imports'), values: r.imports },
        { name: t('reports:device.expiries'), values: r.expiries },
        { name: t('reports:device.renewals'), values: r.renewals },
      ],
    };
    return { byStatus, online, changes };
  }, [r, t, i18n.language]);
}

function DeviceCharts({ report }: { report: TDeviceStatusReport }) {
  const { t } = useTranslation();
  const c = useDeviceCharts(report);
  if (!c) return null;
  return (
    <div className="report-grid" data-testid="report-device">
      <ReportCard>
        <ReportChart title={t('reports:device.byStatus', { total: report.total })} spec={c.byStatus} data-testid="chart-device-status" />
      </ReportCard>
      <ReportCard>
        <ReportChart title={t('reports:device.onlineRate')} spec={c.online} data-testid="chart-device-online" />
      </ReportCard>
      <ReportCard wide>
        <ReportChart title={t('reports:device.changes')} spec={c.changes} data-testid="chart-device-changes" />
      </ReportCard>
    </div>
  );
}

export function DeviceTab({ req }: { req: ReportRequest }) {
  const q = useReport('device', req);
  return <ReportQuery query={q}>{(r) => <DeviceCharts report={r} />}</ReportQuery>;
}
