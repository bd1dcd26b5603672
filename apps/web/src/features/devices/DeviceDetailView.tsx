import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from '../../lib/dayjs';
import { formatDataText, formatUtc } from '../../lib/format';
import { type DeviceDetail, type DeviceOperation, useAutoRenew, useDeviceDetail } from './api';
import { DeviceActions } from './DeviceActions';
import { DeviceStatusTag, OnlineBadge, SignalBars, SuspendedTag } from './DeviceBadges';
import { labelOf } from './labels';
import { UsageBars } from './UsageBars';

const OP_COLOR = { pending: 'processing', done: 'success', failed: 'error' } as const;

/** Everything about one device: facts, network, License, commands, operation log and usage. */
export function DeviceDetailView({ imei }: { imei: string }) {
  const { t } = useTranslation();
  const q = useDeviceDetail(imei);
  if (q.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!q.data) {
    return <Result status="warning" title={t('devices:loadFailed')} extra={<Button onClick={() => void q.refetch()}>{t('common:action.retry')}</Button>} />;
  }
  return <DetailBody detail={q.data} />;
}

function DetailBody({ detail }: { detail: DeviceDetail }) {
  const { t, i18n } = useTranslation();
  const d = detail.device;
  const autoRenew = useAutoRenew();
  const expiry = d.licenseExpiresAt ? dayjs.utc(d.licenseExpiresAt) : null;
  const expiringSoon = !!expiry && expiry.diff(dayjs.utc(), 'day') <= 30;
  const fmt = (mb: number) => formatDataText(mb, i18n.language);
  const short = (mb: number) => (mb >= 1024 ? `${(mb / 1024).toFixed(1)}G` : mb >= 100 ? String(Math.round(mb)) : String(Math.round(mb * 10) / 10));

  const opColumns: TableColumnsType<DeviceOperation> = [
    { key: 'action', title: t('devices:op.action'), dataIndex: 'action', render: (v: string) => labelOf(t, 'opAction', v) },
    {
      key: 'status',
      title: t('devices:op.status'),
      dataIndex: 'status',
      render: (v: DeviceOperation['status']) => <Tag color={OP_COLOR[v]}>{labelOf(t, 'opStatus', v)}</Tag>,
    },
    { key: 'actor', title: t('devices:op.actor'), dataIndex: 'actor', render: (v: string | null) => v ?? t('devices:op.system') },
    { key: 'time', title: t('devices:op.time'), dataIndex: 'createdAt', render: (v: string) => formatUtc(v) },
  ];

  return (
    <Space orientation="vertical" size={16} className="full-width device-detail-body">
      <Card size="small" title={t('devices:detail.basic')} extra={<Typography.Text type="secondary">{t('common:utcNote')}</Typography.Text>}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('devices:column.imei')}>
            <Typography.Text copyable>{d.imei}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('devices:column.name')}>{d.name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.group')}>{d.groupName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.status')}>
            <DeviceStatusTag status={d.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('devices:column.online')}>
            <OnlineBadge online={d.online} />
          </Descriptions.Item>
          <Descriptions.Item label={t('devices:column.suspended')}>
            <SuspendedTag suspended={d.suspended} />
          </Descriptions.Item>
          <Descriptions.Item label={t('devices:column.realName')}>{labelOf(t, 'realName', d.realName)}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.iccid')}>{d.iccid ? <Typography.Text copyable>{d.iccid}</Typography.Text> : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.strategy')}>{d.strategyName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.createdAt')}>{formatUtc(d.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.activatedAt')}>{formatUtc(d.activatedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.updatedAt')}>{formatUtc(d.updatedAt)}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card size="small" title={t('devices:detail.network')}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('devices:column.region')}>{labelOf(t, 'region', d.region)}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.area')}>{d.area ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.networkOperator')}>{d.networkOperator ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.networkType')}>{d.networkType ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.signal')}>
            <Space>
              <SignalBars level={d.signalLevel} />
              {d.signalLevel !== null && <Typography.Text type="secondary">{t('devices:signal.short', { level: d.signalLevel })}</Typography.Text>}
            </Space>
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card size="small" title={t('devices:detail.license')}>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label={t('devices:column.licenseExpiry')}>
            <Space>
              {formatUtc(d.licenseExpiresAt, 'YYYY-MM-DD')}
              {expiringSoon && <Tag color="orange">{t('devices:detail.expiringSoon')}</Tag>}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('devices:column.autoRenew')}>
            <Switch
              checked={d.autoRenew}
              loading={autoRenew.isPending}
              data-testid="device-auto-renew"
              aria-label={t('devices:column.autoRenew')}
              checkedChildren={t('devices:yes')}
              unCheckedChildren={t('devices:no')}
              onChange={(checked) => autoRenew.mutate({ imei: d.imei, autoRenew: checked })}
            />
          </Descriptions.Item>
        </Descriptions>
        <Typography.Text type="secondary">{t('devices:detail.licenseNote')}</Typography.Text>
      </Card>

      <Card size="small" title={t('devices:detail.actions')}>
        <DeviceActions detail={detail} />
      </Card>

      <Card size="small" title={t('devices:detail.usage')} extra={<Typography.Text type="secondary">{t('devices:usage.note')}</Typography.Text>}>
        <UsageBars
          title={t('devices:usage.daily')}
          points={detail.usageDaily.map((u) => ({ key: u.day, label: u.day.slice(5), value: u.mb }))}
          format={fmt}
          short={short}
          labelEvery={5}
          emptyText={t('devices:usage.empty')}
        />
        <UsageBars
          title={t('devices:usage.monthly')}
          points={detail.usageMonthly.map((u) => ({ key: u.month, label: u.month, value: u.mb }))}
          format={fmt}
          short={fmt}
          emptyText={t('devices:usage.empty')}
        />
      </Card>

      <Card size="small" title={t('devices:detail.operations')}>
        {detail.operations.some((o) => o.status === 'pending') && (
          <Alert type="info" showIcon title={t('devices:detail.pendingHint')} className="devices-gap" />
        )}
        <Table<DeviceOperation>
          rowKey="id"
          size="small"
          columns={opColumns}
          dataSource={detail.operations}
          pagination={detail.operations.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          locale={{ emptyText: t('devices:op.empty') }}
        />
      </Card>
    </Space>
  );
}
