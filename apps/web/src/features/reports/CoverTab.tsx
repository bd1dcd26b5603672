import { Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format';
import { type ReportRequest, type TCoverReport, useReport } from './api';
import type { ChartSpec } from './chartOptions';
import { valueFormat } from './chartValues';
import { networkTypeName, operatorName, regionName } from './labels';
import { ReportCard } from './ReportCard';
import { ReportChart } from './ReportChart';
import { ReportQuery } from './ReportState';

type Row = { key: string; label: string; devices: number; bytes: number };
type Dimension = 'region' | 'operator' | 'networkType';

/** The coverage report's rows per dimension, labelled in the reader's language. */
export function useCoverRows(r: TCoverReport | undefined) {
  const { t } = useTranslation();
  return useMemo(() => {
    if (!r) return null;
    return {
      region: r.byRegion.map((x) => ({ key: x.region, label: regionName(t, x.region), devices: x.devices, bytes: x.bytes })),
      operator: r.byOperator.map((x) => ({ key: x.operator, label: operatorName(t, x.operator), devices: x.devices, bytes: x.bytes })),
      networkType: r.byNetworkType.map((x) => ({ key: x.networkType, label: networkTypeName(t, x.networkType), devices: x.devices, bytes: x.bytes })),
    } satisfies Record<Dimension, Row[]>;
  }, [r, t]);
}

function CoverDimension({ dimension, rows }: { dimension: Dimension; rows: Row[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const spec = useMemo<ChartSpec>(() => {
    const items = rows.map((r) => ({ label: r.label, value: r.devices, detail: t('reports:cover.usageDetail', { usage: formatBytes(r.bytes, locale) }) }));
    return dimension === 'networkType'
      ? { type: 'pie', kind: 'count', seriesName: t('reports:device.devices'), items }
      : { type: 'rank', kind: 'count', seriesName: t('reports:device.devices'), items };
  }, [rows, dimension, t, locale]);
  const title = t(`reports:cover.by.${dimension}`);
  const count = valueFormat('count', [], locale);
  return (
    <ReportCard data-testid={`cover-${dimension}`}>
      <ReportChart title={title} spec={spec} data-testid={`chart-cover-${dimension}`} />
      {rows.length > 0 && (
        <Table<Row>
          rowKey="key"
          size="small"
          pagination={false}
          scroll={{ x: 360, y: 240 }}
          dataSource={rows}
          className="report-table"
          aria-label={title}
          columns={[
            { key: 'label', title: t(`reports:cover.column.${dimension}`), dataIndex: 'label', ellipsis: true },
            { key: 'devices', title: t('reports:device.devices'), dataIndex: 'devices', width: 90, align: 'right', render: (v: number) => count.text(v) },
            { key: 'bytes', title: t('reports:flow.usage'), dataIndex: 'bytes', width: 120, align: 'right', render: (v: number) => formatBytes(v, locale) },
          ]}
        />
      )}
    </ReportCard>
  );
}

function CoverCharts({ report }: { report: TCoverReport }) {
  const rows = useCoverRows(report);
  if (!rows) return null;
  return (
    <div className="report-grid" data-testid="report-cover">
      <CoverDimension dimension="region" rows={rows.region} />
      <CoverDimension dimension="operator" rows={rows.operator} />
      <CoverDimension dimension="networkType" rows={rows.networkType} />
    </div>
  );
}

export function CoverTab({ req }: { req: ReportRequest }) {
  const q = useReport('cover', req);
  return <ReportQuery query={q}>{(r) => <CoverCharts report={r} />}</ReportQuery>;
}
