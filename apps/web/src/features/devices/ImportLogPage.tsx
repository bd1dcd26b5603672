import { DownloadOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Empty, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatUtc } from '../../lib/format';
import { PagedTable } from '../../lib/list';
import { downloadFailures, type TImportTask, useImportLog } from './api';
import { dataCell, ellipsisCell } from './deviceColumns';
import './devices.css';

const PAGE_SIZE = 20;
const STATUS_BADGE = { running: 'processing', done: 'success', failed: 'error' } as const;

/**
 * Widths that fit header and values in both languages ("Importing (9999/10000)", "Download
 * failed rows"); no column is pinned, so none covers another while the table scrolls.
 */
const W = { date: 170, taskName: 240, region: 140, imported: 120, succeeded: 130, failed: 110, actor: 150, status: 210, actions: 220 } as const;
const TABLE_WIDTH = Object.values(W).reduce((s, w) => s + w, 0);

/** The import tasks of the company, newest first; the page lives in the URL (?page=). */
export default function ImportLogPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pageNum = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const q = useImportLog(pageNum, PAGE_SIZE);
  const [busyId, setBusyId] = useState<string | null>(null);

  const getFailures = async (id: string) => {
    setBusyId(id);
    try {
      await downloadFailures(id);
    } catch {
      /* shown by the http client */
    } finally {
      setBusyId(null);
    }
  };

  const columns: TableColumnsType<TImportTask> = [
    { key: 'date', title: t('devices:log.date'), dataIndex: 'createdAt', width: W.date, render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm') },
    { key: 'taskName', title: t('devices:log.taskName'), dataIndex: 'taskName', width: W.taskName, ellipsis: { showTitle: false }, render: dataCell },
    {
      key: 'status',
      title: t('devices:log.status'),
      dataIndex: 'status',
      width: W.status,
      render: (v: TImportTask['status'], row) => (
        <Badge
          status={STATUS_BADGE[v]}
          text={v === 'running' ? t('devices:log.runningProgress', { processed: row.processed, total: row.total }) : t(`devices:taskStatus.${v}`)}
        />
      ),
    },
    { key: 'imported', title: t('devices:log.imported'), dataIndex: 'total', width: W.imported, align: 'right' },
    { key: 'succeeded', title: t('devices:log.succeeded'), dataIndex: 'succeeded', width: W.succeeded, align: 'right' },
    {
      key: 'failed',
      title: t('devices:log.failed'),
      dataIndex: 'failed',
      width: W.failed,
      align: 'right',
      render: (v: number) => (v > 0 ? <Typography.Text type="danger">{v}</Typography.Text> : v),
    },
    {
      key: 'region',
      title: t('devices:import.region'),
      dataIndex: 'region',
      width: W.region,
      ellipsis: { showTitle: false },
      render: (v: string) => ellipsisCell(t(`devices:region.${v}`, { defaultValue: v })),
    },
    {
      key: 'actor',
      title: t('devices:log.actor'),
      dataIndex: 'actor',
      width: W.actor,
      ellipsis: { showTitle: false },
      render: (v: string | null) => (v ? dataCell(v) : '—'),
    },
    {
      key: 'actions',
      title: t('devices:log.actions'),
      width: W.actions,
      render: (_v, row) =>
        row.failed > 0 && row.status !== 'running' ? (
          <Button size="small" type="link" icon={<DownloadOutlined />} loading={busyId === row.id} onClick={() => void getFailures(row.id)}>
            {t('devices:import.downloadFailed')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card
      variant="borderless"
      className="devices-card"
      title={t('devices:log.title')}
      extra={<Typography.Text type="secondary">{t('common:utcNote')}</Typography.Text>}
    >
      <PagedTable<TImportTask>
        data-testid="import-log-table"
        rowKey="id"
        columns={columns}
        list={q}
        page={{ pageNum, pageSize: PAGE_SIZE }}
        setPage={(p) => setParams(p.pageNum === 1 ? {} : { page: String(p.pageNum) })}
        pager={{ showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: TABLE_WIDTH }}
        loadFailed={t('devices:loadFailed')}
        empty={<Empty description={t('devices:log.empty')} />}
        totalText={(total) => t('devices:totalCount', { total })}
      />
    </Card>
  );
}
