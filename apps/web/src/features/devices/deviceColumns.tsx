import type { TDeviceRow } from '@rrp/contracts';
import type { TableColumnsType } from 'antd';
import { Button, Space, Tag, Tooltip } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatBytes, formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { DeviceStatusTag, OnlineBadge, SignalBars, SuspendedTag } from './DeviceBadges';
import { PlatformTag } from './DevicePlatform';
import { deviceGroupLabel, operatorLabel } from './labels';
import type { ListSort } from './rules';

type Handlers = { onDetail: (row: TDeviceRow) => void; onBill: (row: TDeviceRow) => void };

function orderOf(sort: ListSort, column: 'usage_yesterday' | 'usage_month'): SortOrder {
  if (sort === `${column}_desc`) return 'descend';
  if (sort === `${column}_asc`) return 'ascend';
  return null;
}

const withTooltip = (text: string, content: ReactNode): ReactNode => (
  <Tooltip title={text} placement="topLeft">
    {content}
  </Tooltip>
);

/** A text cell cut with an ellipsis when too long for its column; the whole text shows in a tooltip. */
export const ellipsisCell = (text: string): ReactNode => withTooltip(text, <span>{text}</span>);

/** A cell of people's data (file and device names): as written, not translated. */
export const dataCell = (text: string): ReactNode => withTooltip(text, <UserText>{text}</UserText>);

/**
 * Column widths in px that fit the header (with its sort icon) and usual values in both
 * languages; the table scrolls sideways inside its card instead of squeezing them.
 */
export const DEVICE_COLUMN_WIDTHS = {
  imei: 170,
  name: 160,
  status: 170,
  online: 100,
  suspended: 130,
  signal: 90,
  networkOperator: 170,
  networkType: 130,
  usage_yesterday: 180,
  usage_month: 190,
  licenseExpiry: 190,
  autoRenew: 130,
  strategy: 140,
  group: 150,
  createdAt: 170,
  activatedAt: 170,
  actions: 190,
} as const;

/** The width the device table scrolls to: every column plus the selection column. */
export const DEVICE_TABLE_WIDTH = Object.values(DEVICE_COLUMN_WIDTHS).reduce((s, w) => s + w, 0) + 48;

const W = DEVICE_COLUMN_WIDTHS;

/**
 * The device table's columns (spec section 3); the two usage columns sort on the server. The
 * IMEI stays at the left while the table scrolls (not on a narrow screen, `pinned` false, where
 * it would take half the width). The actions are not pinned at the right: a pinned column
 * covers whichever cells reach it, cutting a header or value mid-word at 1440 px; a row opens
 * its detail when clicked, and the actions come into view with the scroll.
 */
export function deviceColumns(t: TFunction, locale: string, sort: ListSort, h: Handlers, pinned = true): TableColumnsType<TDeviceRow> {
  const data = (bytes: number) => formatBytes(bytes, locale);
  const dash = (v: string | null | undefined) => (v ? ellipsisCell(v) : '—');
  return [
    { key: 'imei', title: t('devices:column.imei'), dataIndex: 'imei', fixed: pinned ? 'left' : undefined, width: W.imei },
    {
      key: 'name',
      title: t('devices:column.name'),
      dataIndex: 'name',
      width: W.name,
      ellipsis: { showTitle: false },
      render: (v: string) => (v ? dataCell(v) : dash(v)),
    },
    {
      key: 'status',
      title: t('devices:column.status'),
      dataIndex: 'status',
      width: W.status,
      // a platform that cannot be reached or is disabled says so next to the status
      render: (v: TDeviceRow['status'], row) => (
        <Space size={4} wrap>
          <DeviceStatusTag status={v} />
          <PlatformTag platform={row.platform} />
        </Space>
      ),
    },
    { key: 'online', title: t('devices:column.online'), dataIndex: 'online', width: W.online, render: (v: boolean) => <OnlineBadge online={v} /> },
    {
      key: 'suspended',
      title: t('devices:column.suspended'),
      dataIndex: 'suspended',
      width: W.suspended,
      render: (v: boolean) => <SuspendedTag suspended={v} />,
    },
    { key: 'signal', title: t('devices:column.signal'), dataIndex: 'signalLevel', width: W.signal, render: (v: number | null) => <SignalBars level={v} /> },
    {
      key: 'networkOperator',
      title: t('devices:column.networkOperator'),
      dataIndex: 'networkOperator',
      width: W.networkOperator,
      ellipsis: { showTitle: false },
      render: (_v, row) => dash(row.networkOperator ? operatorLabel(t, row) : null),
    },
    { key: 'networkType', title: t('devices:column.networkType'), dataIndex: 'networkType', width: W.networkType, render: (v: string | null) => v ?? '—' },
    {
      key: 'usage_yesterday',
      title: t('devices:column.usageYesterday'),
      dataIndex: 'usageYesterdayBytes',
      width: W.usage_yesterday,
      align: 'right',
      sorter: true,
      sortOrder: orderOf(sort, 'usage_yesterday'),
      sortDirections: ['descend', 'ascend'],
      render: data,
    },
    {
      key: 'usage_month',
      title: t('devices:column.usageMonth'),
      dataIndex: 'usageMonthBytes',
      width: W.usage_month,
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
      width: W.licenseExpiry,
      render: (v: string | null) => formatUtc(v, 'YYYY-MM-DD'),
    },
    {
      key: 'autoRenew',
      title: t('devices:column.autoRenew'),
      dataIndex: 'autoRenew',
      width: W.autoRenew,
      render: (v: boolean) => (v ? <Tag color="blue">{t('devices:yes')}</Tag> : <Tag>{t('devices:no')}</Tag>),
    },
    {
      key: 'strategy',
      title: t('devices:column.strategy'),
      dataIndex: 'strategyName',
      width: W.strategy,
      ellipsis: { showTitle: false },
      // a name the company gave, in the language it was written
      render: (v: string | null) => (v ? dataCell(v) : '—'),
    },
    {
      key: 'group',
      title: t('devices:column.group'),
      dataIndex: 'groupName',
      width: W.group,
      ellipsis: { showTitle: false },
      render: (_v, row) => dash(row.groupName ? deviceGroupLabel(t, row) : null),
    },
    {
      key: 'createdAt',
      title: t('devices:column.createdAt'),
      dataIndex: 'createdAt',
      width: W.createdAt,
      render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm'),
    },
    {
      key: 'activatedAt',
      title: t('devices:column.activatedAt'),
      dataIndex: 'activatedAt',
      width: W.activatedAt,
      render: (v: string | null) => formatUtc(v, 'YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('devices:column.actions'),
      width: W.actions,
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
