import { EditOutlined, HistoryOutlined, MobileOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { Button, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { DeleteConfirmButton } from '../../lib/DeleteConfirmButton';
import { UserText } from '../../lib/UserText';
import type { TStrategy } from './api';
import { conditionsText, formatDate } from './format';

const W = {
  name: 150,
  type: 110,
  domains: 200,
  quality: 110,
  conditions: 200,
  mode: 120,
  consecutive: 110,
  interval: 110,
  switchTo: 120,
  deviceCount: 100,
  createdAt: 130,
  actions: 300,
};
export const STRATEGY_TABLE_WIDTH = Object.values(W).reduce((s, w) => s + w, 0);

export const QUALITY_COLOR: Record<TStrategy['quality'], string> = { smooth: 'green', general: 'blue', weak: 'orange', disconnected: 'red' };

export type StrategyActions = {
  onEdit: (s: TStrategy) => void;
  onDevices: (s: TStrategy) => void;
  onDetail: (s: TStrategy) => void;
  onDelete: (s: TStrategy) => void;
  locale: string;
};

/** The columns of the strategy list (spec section 2, /settings). */
export function strategyColumns(t: TFunction, a: StrategyActions, pinned: boolean): TableColumnsType<TStrategy> {
  const nf = new Intl.NumberFormat(a.locale);
  return [
    {
      key: 'name',
      title: t('strategies:field.name'),
      dataIndex: 'name',
      width: W.name,
      fixed: pinned ? 'left' : undefined,
      render: (v: string) => <UserText className="break-all">{v}</UserText>,
    },
    { key: 'type', title: t('strategies:field.type'), dataIndex: 'type', width: W.type, render: (v: string) => t(`strategies:type.${v}`) },
    {
      key: 'domains',
      title: t('strategies:field.domains'),
      dataIndex: 'domains',
      width: W.domains,
      render: (v: string[]) => (
        <div className="strategy-tags">
          {v.map((d) => (
            <Tag key={d} className="strategy-domain" translate="no">
              {d}
            </Tag>
          ))}
        </div>
      ),
    },
    {
      key: 'quality',
      title: t('strategies:field.quality'),
      dataIndex: 'quality',
      width: W.quality,
      render: (v: TStrategy['quality']) => <Tag color={QUALITY_COLOR[v]}>{t(`strategies:quality.${v}`)}</Tag>,
    },
    { key: 'conditions', title: t('strategies:field.conditions'), width: W.conditions, render: (_v, r) => conditionsText(t, r, a.locale) },
    { key: 'mode', title: t('strategies:field.mode'), dataIndex: 'mode', width: W.mode, render: (v: string) => t(`strategies:mode.${v}`) },
    {
      key: 'consecutive',
      title: t('strategies:field.consecutive'),
      dataIndex: 'consecutive',
      width: W.consecutive,
      align: 'right',
      render: (v: number) => t('strategies:times', { count: v }),
    },
    {
      key: 'interval',
      title: t('strategies:field.interval'),
      dataIndex: 'interval',
      width: W.interval,
      align: 'right',
      render: (v: number) => t('strategies:minutes', { count: v }),
    },
    { key: 'switchTo', title: t('strategies:field.switchTo'), dataIndex: 'switchTo', width: W.switchTo, render: (v: string) => t(`strategies:switchTo.${v}`) },
    {
      key: 'deviceCount',
      title: t('strategies:field.deviceCount'),
      dataIndex: 'deviceCount',
      width: W.deviceCount,
      align: 'right',
      render: (v: number) => nf.format(v),
    },
    { key: 'createdAt', title: t('strategies:field.createdAt'), dataIndex: 'createdAt', width: W.createdAt, render: (v: string) => formatDate(t, v) },
    {
      key: 'actions',
      title: t('strategies:field.actions'),
      width: W.actions,
      fixed: pinned ? 'right' : undefined,
      render: (_v, r) => (
        <div className="strategy-actions">
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('strategies:action.editOf', { name: r.name })}
            onClick={() => a.onEdit(r)}
            data-testid={`strategy-edit-${r.id}`}
          >
            {t('strategies:action.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<MobileOutlined />}
            aria-label={t('strategies:action.devicesOf', { name: r.name })}
            onClick={() => a.onDevices(r)}
            data-testid={`strategy-devices-${r.id}`}
          >
            {t('strategies:action.devices')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<HistoryOutlined />}
            aria-label={t('strategies:action.detailOf', { name: r.name })}
            onClick={() => a.onDetail(r)}
            data-testid={`strategy-detail-${r.id}`}
          >
            {t('strategies:action.detail')}
          </Button>
          <DeleteConfirmButton
            title={t('strategies:action.deleteConfirm', { name: r.name })}
            hint={t('strategies:action.deleteHint', { count: r.deviceCount })}
            label={t('strategies:action.delete')}
            ariaLabel={t('strategies:action.deleteOf', { name: r.name })}
            testId={`strategy-delete-${r.id}`}
            okTestId="strategy-delete-ok"
            onConfirm={() => a.onDelete(r)}
          />
        </div>
      ),
    },
  ];
}
