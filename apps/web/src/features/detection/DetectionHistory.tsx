import { Card, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { QueryTable, RowsTable } from '../../lib/list';
import { type TDetection, useDetectionList } from './api';
import { DetectionStateTag } from './DetectionStateTag';
import { GradeTag } from './GradeTag';

const num = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v);

/** A device's latest detections, newest first. */
export function DetectionHistory({ imei }: { imei: string | null }) {
  const { t } = useTranslation();
  const list = useDetectionList(imei);
  const columns: TableColumnsType<TDetection> = [
    { key: 'time', title: t('detection:history.time'), dataIndex: 'startedAt', width: 180, render: (v: string) => formatUtc(v) },
    { key: 'domain', title: t('detection:history.domain'), dataIndex: 'domain', width: 180, ellipsis: true },
    { key: 'state', title: t('detection:history.state'), dataIndex: 'state', width: 140, render: (v: TDetection['state']) => <DetectionStateTag state={v} /> },
    { key: 'loss', title: t('detection:history.packetLoss'), align: 'right', width: 110, render: (_v, r) => num(r.result?.packetLoss) },
    { key: 'delay', title: t('detection:history.delay'), align: 'right', width: 120, render: (_v, r) => num(r.result?.delay) },
    { key: 'jitter', title: t('detection:history.jitter'), align: 'right', width: 120, render: (_v, r) => num(r.result?.jitter) },
    { key: 'grade', title: t('detection:history.grade'), width: 110, render: (_v, r) => <GradeTag grade={r.result?.grade} /> },
  ];
  return (
    <Card size="small" title={t('detection:history.title')} data-testid="detection-history">
      {imei ? (
        <QueryTable<TDetection> rowKey="id" size="small" columns={columns} list={list} scroll={{ x: 960 }} empty={t('detection:history.empty')} />
      ) : (
        <RowsTable<TDetection> rowKey="id" size="small" columns={columns} rows={[]} scroll={{ x: 960 }} locale={{ emptyText: t('detection:history.hint') }} />
      )}
    </Card>
  );
}
