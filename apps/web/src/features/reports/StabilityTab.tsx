import { Table, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../lib/UserText';
import { type ReportRequest, type TStabilityReport, useReport } from './api';
import type { ChartSpec } from './chartOptions';
import { valueFormat } from './chartValues';
import { bucketLabels, offlineLengthName, signalName, switchReasonName } from './labels';
import { ReportCard } from './ReportCard';
import { ReportChart } from './ReportChart';
import { ReportQuery } from './ReportState';

type UnstableDevice = TStabilityReport['devices'][number];

/** Minutes as "2 h 5 min" / "2小时5分钟". */
export function durationText(t: TFunction, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t('reports:duration.minutes', { m });
  return m === 0 ? t('reports:duration.hours', { h }) : t('reports:duration.hoursMinutes', { h, m });
}

/** The stability report's charts from its figures. */
export function useStabilityCharts(r: TStabilityReport | undefined) {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    if (!r) return null;
    const b = bucketLabels(t, i18n.language, r.buckets, r.granularity);
    const lengths = r.episodesByLength.map((e) => offlineLengthName(t, e.length));
    const episodes: ChartSpec = {
      type: 'trend',
      kind: 'count',
      classes: true,
      axis: lengths,
      full: lengths,
      series: [{ name: t('reports:stability.episodes'), values: r.episodesByLength.map((e) => e.count) }],
    };
    const switches: ChartSpec = { type: 'trend', kind: 'count', ...b, series: [{ name: t('reports:stability.switches'), values: r.switches }] };
    const reasons: ChartSpec = {
      type: 'rank',
      kind: 'count',
      seriesName: t('reports:stability.switches'),
      items: r.switchReasons.map((s) => ({ label: switchReasonName(t, s.reason), value: s.count })),
    };
    const levels = [...r.signal].sort((a, b2) => a.level - b2.level);
    const signalLabels = levels.map((s) => signalName(t, s.level));
    const signal: ChartSpec = {
      type: 'trend',
      kind: 'count',
      classes: true,
      axis: signalLabels,
      full: signalLabels,
      series: [{ name: t('reports:device.devices'), values: levels.map((s) => s.count) }],
    };
    return { episodes, switches, reasons, signal };
  }, [r, t, i18n.language]);
}

function UnstableTable({ devices }: { devices: UnstableDevice[] }) {
  const { t, i18n } = useTranslation();
  const pct = valueFormat('percent', [], i18n.language);
  return (
    <Table<UnstableDevice>
      rowKey="imei"
      size="small"
      pagination={false}
      scroll={{ x: 720, y: 400 }}
      dataSource={devices}
      data-testid="stability-devices"
      locale={{ emptyText: t('reports:state.empty') }}
      columns={[
        { key: 'imei', title: 'IMEI', dataIndex: 'imei', width: 170 },
        { key: 'name', title: t('reports:column.name'), dataIndex: 'name', ellipsis: true, render: (v: string) => (v ? <UserText>{v}</UserText> : '—') },
        {
          key: 'online',
          title: t('reports:column.onlineRatio'),
          dataIndex: 'onlineRatio',
          width: 110,
          align: 'right',
          render: (v: number | null) => pct.text(v),
        },
        { key: 'episodes', title: t('reports:column.offlineEpisodes'), dataIndex: 'offlineEpisodes', width: 110, align: 'right' },
        {
          key: 'longest',
          title: t('reports:column.longestOffline'),
          dataIndex: 'longestOfflineMinutes',
          width: 130,
          align: 'right',
          render: (v: number) => durationText(t, v),
        },
        { key: 'switches', title: t('reports:column.switches'), dataIndex: 'switches', width: 100, align: 'right' },
      ]}
    />
  );
}

function ZeroUsage({ zero }: { zero: TStabilityReport['zeroUsage'] }) {
  const { t } = useTranslation();
  return (
    <div data-testid="stability-zero">
      <h3 className="report-chart-title">{t('reports:stability.zeroUsage', { count: zero.count })}</h3>
      <Table
        rowKey="imei"
        size="small"
        pagination={false}
        scroll={{ x: 400, y: 240 }}
        dataSource={zero.devices}
        locale={{ emptyText: t('reports:stability.zeroUsageNone') }}
        columns={[
          { key: 'imei', title: 'IMEI', dataIndex: 'imei', width: 170 },
          { key: 'name', title: t('reports:column.name'), dataIndex: 'name', ellipsis: true, render: (v: string) => (v ? <UserText>{v}</UserText> : '—') },
        ]}
      />
      {zero.count > zero.devices.length && (
        <Typography.Paragraph type="secondary" className="report-note">
          {t('reports:stability.zeroUsageMore', { shown: zero.devices.length, count: zero.count })}
        </Typography.Paragraph>
      )}
    </div>
  );
}

function StabilityCharts({ report }: { report: TStabilityReport }) {
  const { t } = useTranslation();
  const c = useStabilityCharts(report);
  if (!c) return null;
  return (
    <div className="report-grid" data-testid="report-stability">
      <ReportCard wide>
        <h3 className="report-chart-title">{t('reports:stability.leastStable')}</h3>
        <UnstableTable devices={report.devices} />
      </ReportCard>
      <ReportCard>
        <ReportChart title={t('reports:stability.episodesByLength')} spec={c.episodes} data-testid="chart-stability-episodes" />
      </ReportCard>
      <ReportCard>
        <ReportChart title={t('reports:stability.switchesOverTime')} spec={c.switches} data-testid="chart-stability-switches" />
      </ReportCard>
      <ReportCard>
        <ReportChart title={t('reports:stability.switchReasons')} spec={c.reasons} data-testid="chart-stability-reasons" />
      </ReportCard>
      <ReportCard>
        <ReportChart title={t('reports:stability.signal')} spec={c.signal} data-testid="chart-stability-signal" />
      </ReportCard>
      <ReportCard wide>
        <ZeroUsage zero={report.zeroUsage} />
      </ReportCard>
    </div>
  );
}

export function StabilityTab({ req }: { req: ReportRequest }) {
  const q = useReport('stability', req);
  return <ReportQuery query={q}>{(r) => <StabilityCharts report={r} />}</ReportQuery>;
}
