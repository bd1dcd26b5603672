import type { TableColumnsType } from 'antd';
import { Badge, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { operatorLabel } from '../devices/labels';
import type { TStrategyDevice } from './api';
import { measurementText } from './format';

const W = { imei: 170, name: 150, online: 90, operator: 120, strategy: 150, probe: 240 };
export const DEVICE_TABLE_WIDTH = Object.values(W).reduce((s, w) => s + w, 0);

/** Devices of the picker and of a strategy: who they are, their current strategy and their last probe. */
export function deviceColumns(t: TFunction, locale: string, currentId: string): TableColumnsType<TStrategyDevice> {
  return [
    { key: 'imei', title: 'IMEI', dataIndex: 'imei', width: W.imei, render: (v: string) => <span translate="no">{v}</span> },
    {
      key: 'name',
      title: t('strategies:devices.name'),
      dataIndex: 'name',
      width: W.name,
      render: (v: string) => <UserText className="break-all">{v || '—'}</UserText>,
    },
    {
      key: 'online',
      title: t('strategies:devices.online'),
      dataIndex: 'online',
      width: W.online,
      render: (v: boolean) => <Badge status={v ? 'success' : 'default'} text={v ? t('strategies:devices.isOnline') : t('strategies:devices.isOffline')} />,
    },
    { key: 'operator', title: t('strategies:devices.operator'), width: W.operator, render: (_v, r) => operatorLabel(t, r) },
    {
      key: 'strategy',
      title: t('strategies:devices.strategy'),
      width: W.strategy,
      render: (_v, r) => {
        if (!r.strategyId) return <Typography.Text type="secondary">{t('strategies:devices.noStrategy')}</Typography.Text>;
        if (r.strategyId === currentId) return <Tag color="green">{t('strategies:devices.thisStrategy')}</Tag>;
        return (
          <Tag color="orange">
            <UserText>{r.strategyName ?? '—'}</UserText>
          </Tag>
        );
      },
    },
    {
      key: 'probe',
      title: t('strategies:devices.lastProbe'),
      width: W.probe,
      render: (_v, r) =>
        r.lastProbe ? (
          <span>
            {measurementText(t, r.lastProbe, locale)}
            <Typography.Text type="secondary" className="strategy-sub">
              <span translate="no">{r.lastProbe.domain}</span> · {formatUtc(r.lastProbe.at, 'YYYY-MM-DD HH:mm')}
            </Typography.Text>
          </span>
        ) : (
          <Typography.Text type="secondary">{t('strategies:devices.noProbe')}</Typography.Text>
        ),
    },
  ];
}
