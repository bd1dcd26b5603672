import { DownloadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Progress, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUtc } from '../../lib/format';
import { downloadFailures, type TImportTask, useImportTask } from './api';

/** Progress of a running import (polled), then its result. */
export function ImportProgress({ initial, onAgain }: { initial: TImportTask; onAgain: () => void }) {
  const { t } = useTranslation();
  const q = useImportTask(initial.id, initial);
  const task = q.data ?? initial;
  const [busy, setBusy] = useState(false);

  if (task.status === 'running') {
    const percent = task.total > 0 ? Math.floor((task.processed / task.total) * 100) : 0;
    return (
      <div className="devices-import-progress" data-testid="import-progress" aria-live="polite">
        <Typography.Title level={5}>{t('devices:import.progressTitle')}</Typography.Title>
        <Progress percent={percent} status="active" />
        <Typography.Text type="secondary">{t('devices:import.progressText', { processed: task.processed, total: task.total })}</Typography.Text>
      </div>
    );
  }

  const getFailures = async () => {
    setBusy(true);
    try {
      await downloadFailures(task.id);
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };

  const allFailed = task.status === 'failed' || (task.total > 0 && task.succeeded === 0);
  return (
    <div data-testid="import-result">
      <Result
        status={task.status === 'failed' ? 'error' : task.failed > 0 ? (allFailed ? 'error' : 'warning') : 'success'}
        title={task.status === 'failed' ? t('devices:import.resultFailed') : t('devices:import.resultTitle')}
        subTitle={t('devices:import.resultSummary', { total: task.total, succeeded: task.succeeded, failed: task.failed })}
        extra={
          <Space wrap>
            {task.failed > 0 && (
              <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void getFailures()} data-testid="import-download-failed">
                {t('devices:import.downloadFailed')}
              </Button>
            )}
            <Link to="/device-logs">
              <Button>{t('devices:import.viewLog')}</Button>
            </Link>
            <Button type="primary" onClick={onAgain}>
              {t('devices:import.again')}
            </Button>
          </Space>
        }
      />
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} bordered>
        <Descriptions.Item label={t('devices:log.taskName')}>{task.taskName}</Descriptions.Item>
        <Descriptions.Item label={t('devices:import.region')}>{t(`devices:region.${task.region}`, { defaultValue: task.region })}</Descriptions.Item>
        <Descriptions.Item label={t('devices:log.imported')}>{task.total}</Descriptions.Item>
        <Descriptions.Item label={t('devices:log.succeeded')}>{task.succeeded}</Descriptions.Item>
        <Descriptions.Item label={t('devices:log.failed')}>{task.failed}</Descriptions.Item>
        <Descriptions.Item label={t('devices:log.finishedAt')}>{t('devices:utcTime', { time: formatUtc(task.finishedAt) })}</Descriptions.Item>
      </Descriptions>
    </div>
  );
}
