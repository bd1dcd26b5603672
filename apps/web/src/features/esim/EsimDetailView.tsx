import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, type ButtonProps, Card, Descriptions, Popconfirm, Result, Skeleton, Space, Tooltip, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { esimKeys, isPending, type TEsimDetail, useEsimCommand, useEsimDetail } from './api';
import { EsimOperations } from './EsimOperations';
import { EsimProfiles, type RunCommand } from './EsimProfiles';
import { EsimStateTags } from './esimColumns';
import { esimOperatorLabel } from './labels';

/** One eSIM: its facts, data service commands, profiles and operation log. */
export function EsimDetailView({ eid }: { eid: string }) {
  const { t } = useTranslation();
  const q = useEsimDetail(eid);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!q.data) {
    return <Result status="warning" title={t('esim:detail.loadFailed')} extra={<Button onClick={() => void q.refetch()}>{t('common:action.retry')}</Button>} />;
  }
  return <DetailBody detail={q.data} />;
}

function DetailBody({ detail }: { detail: TEsimDetail }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const command = useEsimCommand();
  const e = detail.esim;
  const pending = isPending(detail);
  const busy = pending || command.isPending;

  // a command that completes changes the list's row (state, operator, ICCID, profile count)
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) void qc.invalidateQueries({ queryKey: esimKeys.lists });
    wasPending.current = pending;
  }, [pending, qc]);

  const run: RunCommand = async (vars) => {
    try {
      await command.mutateAsync(vars);
      void message.success(t('esim:command.sent'));
    } catch {
      /* shown by the http client */
    }
  };

  const busyTip = busy ? t('esim:command.busy') : undefined;
  const data = (bytes: number) => formatBytes(bytes, i18n.language);

  return (
    <Space orientation="vertical" size={16} className="full-width esim-detail-body">
      {pending && <Alert type="info" showIcon data-testid="esim-pending-hint" title={t('esim:command.pendingHint')} />}
      <Card size="small" title={t('esim:detail.facts')} extra={<Typography.Text type="secondary">{t('common:utcNote')}</Typography.Text>}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label="EID">
            <Typography.Text className="esim-eid" translate="no" copyable>
              {e.eid}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="IMEI">
            <span translate="no">{e.imei}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('esim:field.deviceName')}>{e.deviceName ? <UserText>{e.deviceName}</UserText> : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('esim:field.company')}>{e.companyName ? <UserText>{e.companyName}</UserText> : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('esim:field.state')}>
            <EsimStateTags t={t} r={e} />
          </Descriptions.Item>
          <Descriptions.Item label={t('esim:field.profileCount')}>{e.profileCount}</Descriptions.Item>
          <Descriptions.Item label={t('esim:field.operator')}>{esimOperatorLabel(t, e.operatorCode)}</Descriptions.Item>
          <Descriptions.Item label={t('esim:field.iccid')}>{e.iccid ? <span translate="no">{e.iccid}</span> : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('esim:field.usageYesterday')}>{data(e.usageYesterday)}</Descriptions.Item>
          <Descriptions.Item label={t('esim:field.usageMonth')}>{data(e.usageMonth)}</Descriptions.Item>
          <Descriptions.Item label={t('esim:field.createdAt')}>{formatUtc(e.createdAt)}</Descriptions.Item>
        </Descriptions>
        <Typography.Text type="secondary">{t('esim:list.usageNoteShort')}</Typography.Text>
      </Card>

      <Card size="small" title={t('esim:detail.service')}>
        <Space orientation="vertical" className="full-width">
          <Typography.Text type="secondary">{e.state === 'activated' ? t('esim:service.activatedHint') : t('esim:service.pausedHint')}</Typography.Text>
          <Tooltip title={busyTip}>
            <span className="esim-action-wrap">
              {e.state === 'paused' ? (
                <Button
                  type="primary"
                  icon={<PlayCircleOutlined />}
                  disabled={busy}
                  data-testid="esim-activate"
                  onClick={() => void run({ kind: 'esim', command: 'activate', eid: e.eid })}
                >
                  {t('esim:service.activate')}
                </Button>
              ) : (
                <Popconfirm
                  disabled={busy}
                  title={t('esim:service.pauseConfirm')}
                  description={<Typography.Text type="secondary">{t('esim:service.pauseHint')}</Typography.Text>}
                  okText={t('esim:service.pause')}
                  okButtonProps={{ danger: true, 'data-testid': 'esim-pause-ok' } as ButtonProps}
                  cancelText={t('common:action.cancel')}
                  onConfirm={() => run({ kind: 'esim', command: 'pause', eid: e.eid })}
                >
                  <Button danger icon={<PauseCircleOutlined />} disabled={busy} data-testid="esim-pause">
                    {t('esim:service.pause')}
                  </Button>
                </Popconfirm>
              )}
            </span>
          </Tooltip>
        </Space>
      </Card>

      <Card size="small" title={t('esim:detail.profiles')}>
        <EsimProfiles eid={e.eid} profiles={detail.profiles} busy={busy} run={run} />
      </Card>

      <Card size="small" title={t('esim:detail.operations')}>
        <EsimOperations operations={detail.operations} />
      </Card>
    </Space>
  );
}
