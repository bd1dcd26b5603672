import type { TDeviceRow } from '@rrp/contracts';
import type { TableColumnsType } from 'antd';
import { Button, Space, Tag, Tooltip } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { formatDataText, formatUtc } from '../../lib/format';
import { DeviceStatusTag, OnlineBadge, SignalBars, SuspendedTag } from './DeviceBadges';
import type { ListSort } from './rules';

type Handlers = { onDetail: (row: TDeviceRow) => void; onBill: (row: TDeviceRow) => void };

function orderOf(sort: ListSort, column: 'usage_yesterday' | 'usage_month'): SortOrder {
  if (sort === `${column}_desc`) return 'descend';
  if (sort === `${column}_asc`) return 'ascend';
  return null;
}

/** The device table's columns (spec section 3); the two usage columns sort on the server. */
export function deviceColumns(t: TFunction, locale: string, sort: ListSort, h: Handlers): TableColumnsType<TDeviceRow> {
  const data = (mb: number) => formatDataText(mb, locale);
  return [
    { key: 'imei', title: t('devices:column.imei'), dataIndex: 'imei', fixed: 'left', width: 170 },
    { key: 'name', title: t('devices:column.name'), dataIndex: 'name', width: 150, ellipsis: true, render: (v: string) => v || '—' },
    { key: 'status', title: t('devices:column.status'), dataIndex: 'status', width: 120, render: (v: TDeviceRow['status']) => <DeviceStatusTag status={v} /> },
    { key: 'online', title: t('devices:column.online'), dataIndex: 'online', width: 90, render: (v: boolean) => <OnlineBadge online={v} /> },
    { key: 'suspended', title: t('devices:column.suspended'), dataIndex: 'suspended', width: 110, render: (v: boolean) => <SuspendedTag suspended={v} /> },
    { key: 'signal', title: t('devices:column.signal'), dataIndex: 'signalLevel', width: 80, render: (v: number | null) => <SignalBars level={v} /> },
    {
      key: 'networkOperator',
      title: t('devices:column.networkOperator'),
      dataIndex: 'networkOperator',
      width: 130,
      ellipsis: true,
      render: (v: string | null) => v ?? '—',
    },
    { key: 'networkType', title: t('devices:column.networkType'), dataIndex: 'networkType', width: 100, render: (v: string | null) => v ?? '—' },
    {
      key: 'usage_yesterday',
      title: t('devices:column.usageYesterday'),
      dataIndex: 'usageYesterdayMb',
      width: 130,
      align: 'right',
      sorter: true,
      sortOrder: orderOf(sort, 'usage_yesterday'),
      sortDirections: ['descend', 'ascend'],
      render: data,
    },
    {
      key: 'usage_month',
      title: t('devices:column.usageMonth'),
      dataIndex: 'usageMonthMb',
      width: 130,
      align: 'right',
      sorter: true,
      sortOrder: orderOf(sort, 'usage_month'),
      sortDirections: ['descend', 'ascend'],
      render: data,
    },
    {
      key: 'licenseExpiry',
      title: t('devices:column.licenseExpiry'),
      dataIndex: 'licenseExpiresAt',
      width: 120,
      render: (v: string | null) => formatUtc(v, 'YYYY-MM-DD'),
    },
    {
      key: 'autoRenew',
      title: t('devices:column.autoRenew'),
      dataIndex: 'autoRenew',
      width: 100,
      render: (v: boolean) => (v ? <Tag color="blue">{t('devices:yes')}</Tag> : <Tag>{t('devices:no')}</Tag>),
    },
    { key: 'strategy', title: t('devices:column.strategy'), dataIndex: 'strategyName', width: 120, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { key: 'group', title: t('devices:column.group'), dataIndex: 'groupName', width: 120, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { key: 'createdAt', title: t('devices:column.createdAt'), dataIndex: 'createdAt', width: 160, render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm') },
    {
      key: 'activatedAt',
      title: t('devices:column.activatedAt'),
      dataIndex: 'activatedAt',
      width: 160,
      render: (v: string | null) => formatUtc(v, 'YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('devices:column.actions'),
      fixed: 'right',
      width: 150,
      render: (_v, row) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <Button type="link" size="small" onClick={() => h.onDetail(row)}>
            {t('devices:list.detail')}
          </Button>
          <Tooltip title={t('devices:bill.hint')}>
            <Button type="link" size="small" onClick={() => h.onBill(row)} data-testid={`device-bill-${row.imei}`}>
              {t('devices:list.bill')}
            </Button>
          </Tooltip>
        </Space>
      ),
    },
  ];
}

/** The sort a table sorter change asks for. */
export function sortFromTable(columnKey: unknown, order: SortOrder | undefined): ListSort {
  if (!order || (columnKey !== 'usage_yesterday' && columnKey !== 'usage_month')) return 'created_desc';
  return `${columnKey}_${order === 'ascend' ? 'asc' : 'desc'}` as ListSort;
}
