import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from '../../lib/dayjs';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { type DeviceDetail, type DeviceOperation, useAutoRenew, useDeviceDetail } from './api';
import { DeviceActions } from './DeviceActions';
import { DeviceStatusTag, OnlineBadge, SignalBars, SuspendedTag } from './DeviceBadges';
import { PlatformCannot, PlatformUnreachable, platformHas } from './DevicePlatform';
import { ellipsisCell } from './deviceColumns';
import { areaLabel, deviceGroupLabel, labelOf, operatorLabel } from './labels';
import { operationActor, operationNote } from './operationNote';
import { UsageChart, type UsagePoint } from './UsageChart';

const OP_COLOR = { pending: 'processing', done: 'success', failed: 'error' } as const;

/** An operation's name; a card switch names the card it went (or goes) to when the detail says. */
function operationLabel(t: TFunction, action: string, detail: unknown): string {
  if (action === 'switch_card' && detail && typeof detail === 'object') {
    const to = (detail as { to?: unknown; target?: unknown }).to ?? (detail as { target?: unknown }).target;
    if (to === 'physical_card' || to === 'esim') return t(`devices:action.switchTo.${to}`);
  }
  return labelOf(t, 'opAction', action);
}

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
  const through = detail.usageThrough;
  const daily = useMemo<UsagePoint[]>(
    () => detail.usageDaily.map((u) => ({ key: u.day, axis: u.day.slice(5), label: u.day, bytes: u.bytes })),
    [detail.usageDaily],
  );
  const monthly = useMemo<UsagePoint[]>(
    () =>
      detail.usageMonthly.map((u) => ({
        key: u.month,
        // short on the axis ("Jun", "6月") so all six fit on a phone; the tooltip and table say the whole month
        axis: new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' }).format(new Date(`${u.month}-01T00:00:00Z`)),
        // the current month runs up to the last day the figures cover
        label: through.startsWith(u.month) ? t('devices:usage.monthToDate', { month: u.month, day: through }) : u.month,
        bytes: u.bytes,
      })),
    [detail.usageMonthly, through, t, i18n.language],
  );

  const opColumns: TableColumnsType<DeviceOperation> = [
    {
      key: 'action',
      title: t('devices:op.action'),
      dataIndex: 'action',
      width: 320,
      render: (v: string, row) => {
        const note = operationNote(t, v, row.detail);
        return (
          <>
            <span className="device-op-action">{operationLabel(t, v, row.detail)}</span>
            {note && (
              <Typography.Text type="secondary" className="device-op-note">
                {note}
              </Typography.Text>
            )}
          </>
        );
      },
    },
    {
      key: 'status',
      title: t('devices:op.status'),
      dataIndex: 'status',
      width: 110,
      render: (v: DeviceOperation['status']) => <Tag color={OP_COLOR[v]}>{labelOf(t, 'opStatus', v)}</Tag>,
    },
    {
      key: 'actor',
      title: t('devices:op.actor'),
      dataIndex: 'actor',
      width: 150,
      ellipsis: { showTitle: false },
      render: (v: string | null, row) => ellipsisCell(operationActor(t, v, row.detail)),
    },
    { key: 'time', title: t('devices:op.time'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatUtc(v) },
  ];

  return (
    <Space orientation="vertical" size={16} className="full-width device-detail-body">
      <PlatformUnreachable platform={d.platform} />
      {d.capSuspended && (
        <Alert
          type="warning"
          showIcon
          data-testid="device-cap-suspended"
          title={t('devices:detail.capSuspended')}
          description={t('devices:detail.capSuspendedHint', { cap: d.dataCapMb ?? '—' })}
        />
      )}
      <Card size="small" title={t('devices:detail.basic')} extra={<Typography.Text type="secondary">{t('common:utcNote')}</Typography.Text>}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('devices:column.imei')}>
            <Typography.Text copyable>{d.imei}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('devices:column.name')}>{d.name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.group')}>{deviceGroupLabel(t, d)}</Descriptions.Item>
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
          <Descriptions.Item label="EID">
            {!d.eid ? (
              '—'
            ) : platformHas(d.platform, 'esim') ? (
              <Link
                to={`/esim-list?eid=${d.eid}`}
                translate="no"
                className="break-all"
                data-testid="device-eid"
                aria-label={t('devices:detail.eidOf', { eid: d.eid })}
              >
                {d.eid}
              </Link>
            ) : (
              // not the way into eSIM commands the platform cannot take
              <span>
                <Typography.Text copyable translate="no" className="break-all" data-testid="device-eid">
                  {d.eid}
                </Typography.Text>
                <PlatformCannot platform={d.platform} capabilities={['esim']} />
              </span>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('devices:column.strategy')}>{d.strategyName ? <UserText>{d.strategyName}</UserText> : '—'}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.dataCap')}>
            <span data-testid="device-data-cap">{d.dataCapMb === null ? t('devices:dataCap.none') : t('devices:dataCap.value', { cap: d.dataCapMb })}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('devices:column.createdAt')}>{formatUtc(d.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.activatedAt')}>{formatUtc(d.activatedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.updatedAt')}>{formatUtc(d.updatedAt)}</Descriptions.Item>
        </Descriptions>
      </Card>

      <Card
        size="small"
        title={t('devices:detail.network')}
        extra={
          platformHas(d.platform, 'detect') ? (
            <Link to={`/network-detection?imei=${encodeURIComponent(d.imei)}`} data-testid="device-network-detection">
              {t('devices:detail.networkDetection')}
            </Link>
          ) : (
            <PlatformCannot platform={d.platform} capabilities={['detect']} />
          )
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('devices:platform.label')}>
            <span data-testid="device-platform-kind">{t(`devices:platform.kind.${d.platform.kind}`)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('devices:column.region')}>{labelOf(t, 'region', d.region)}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.area')}>{areaLabel(t, d)}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.networkOperator')}>{operatorLabel(t, d)}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.networkType')}>{d.networkType ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('devices:column.signal')}>
            <Space>
              <SignalBars level={d.signalLevel} />
              {d.signalLevel !== null && <Typography.Text type="secondary">{t('devices:signal.short', { level: d.signalLevel })}</Typography.Text>}
            </Space>
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card
        size="small"
        title={t('devices:detail.license')}
        extra={
          <Link to="/licenseManagement" data-testid="device-license-manage">
            {t('devices:license.manage')}
          </Link>
        }
      >
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

      <Card
        size="small"
        title={t('devices:detail.usage')}
        extra={<Typography.Text type="secondary">{t('devices:usage.through', { day: through })}</Typography.Text>}
      >
        <UsageChart title={t('devices:usage.daily')} points={daily} emptyText={t('devices:usage.emptyYet')} height={220} />
        <UsageChart title={t('devices:usage.monthly')} points={monthly} emptyText={t('devices:usage.emptyYet')} height={200} valueLabels />
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
          scroll={{ x: 640 }}
          pagination={detail.operations.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          locale={{ emptyText: t('devices:op.empty') }}
        />
      </Card>
    </Space>
  );
}
