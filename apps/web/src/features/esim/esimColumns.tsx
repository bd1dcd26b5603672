import { SyncOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { Button, Tag, Tooltip, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { formatBytes, formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import type { EsimSort, TEsimRow } from './api';
import { ESIM_STATE_COLOR, esimOperatorLabel, esimStateLabel } from './labels';

const W = {
  eid: 300,
  imei: 160,
  deviceName: 150,
  company: 160,
  profileCount: 100,
  operator: 150,
  iccid: 200,
  usageYesterday: 150,
  usageMonth: 150,
  createdAt: 160,
  state: 190,
  actions: 90,
};
export const ESIM_TABLE_WIDTH = Object.values(W).reduce((s, w) => s + w, 0);

type UsageColumn = 'usage_yesterday' | 'usage_month';

function orderOf(sort: EsimSort, column: UsageColumn): SortOrder {
  if (sort === `${column}_desc`) return 'descend';
  if (sort === `${column}_asc`) return 'ascend';
  return null;
}

/** The sort a table sorter change asks for (the default: newest import first). */
export function sortFromTable(columnKey: unknown, order: SortOrder | undefined): EsimSort {
  if (!order || (columnKey !== 'usage_yesterday' && columnKey !== 'usage_month')) return 'created_desc';
  return `${columnKey}_${order === 'ascend' ? 'asc' : 'desc'}` as EsimSort;
}

const digits = (v: string | null) => (v ? <span translate="no">{v}</span> : '—');
const userText = (v: string) => (v ? <UserText>{v}</UserText> : '—');

/** The state of an eSIM: activated or paused, whether the device is on it, and a command running. */
export function EsimStateTags({ t, r }: { t: TFunction; r: Pick<TEsimRow, 'state' | 'inUse' | 'pending' | 'eid'> }) {
  return (
    <span className="esim-tags">
      <Tag color={ESIM_STATE_COLOR[r.state]} data-testid={`esim-state-${r.eid}`}>
        {esimStateLabel(t, r.state)}
      </Tag>
      {r.inUse && (
        <Tooltip title={t('esim:list.inUseHint')}>
          <Tag color="blue" data-testid={`esim-in-use-${r.eid}`}>
            {t('esim:list.inUse')}
          </Tag>
        </Tooltip>
      )}
      {r.pending && (
        <Tag icon={<SyncOutlined spin />} color="processing" data-testid={`esim-pending-${r.eid}`}>
          {t('esim:list.pending')}
        </Tag>
      )}
    </span>
  );
}

/** The columns of the eSIM list (spec section 3: eSIM). */
export function esimColumns(t: TFunction, locale: string, sort: EsimSort, onDetail: (r: TEsimRow) => void, pinned: boolean): TableColumnsType<TEsimRow> {
  const data = (bytes: number) => formatBytes(bytes, locale);
  return [
    {
      key: 'eid',
      title: 'EID',
      dataIndex: 'eid',
      width: W.eid,
      fixed: pinned ? 'left' : undefined,
      render: (v: string) => (
        // copying the EID does not open the row's detail
        <Typography.Text
          className="esim-eid"
          translate="no"
          copyable={{ text: v }}
          data-testid="esim-eid"
          onClick={(e) => {
            if ((e.target as HTMLElement).closest('.ant-typography-copy')) e.stopPropagation();
          }}
        >
          {v}
        </Typography.Text>
      ),
    },
    { key: 'imei', title: 'IMEI', dataIndex: 'imei', width: W.imei, render: digits },
    { key: 'deviceName', title: t('esim:field.deviceName'), dataIndex: 'deviceName', width: W.deviceName, ellipsis: true, render: userText },
    { key: 'company', title: t('esim:field.company'), dataIndex: 'companyName', width: W.company, ellipsis: true, render: userText },
    { key: 'profileCount', title: t('esim:field.profileCount'), dataIndex: 'profileCount', width: W.profileCount, align: 'right' },
    {
      key: 'operator',
      title: t('esim:field.operator'),
      dataIndex: 'operatorCode',
      width: W.operator,
      render: (v: TEsimRow['operatorCode']) => esimOperatorLabel(t, v),
    },
    { key: 'iccid', title: t('esim:field.iccid'), dataIndex: 'iccid', width: W.iccid, render: digits },
    {
      key: 'usage_yesterday',
      title: t('esim:field.usageYesterday'),
      dataIndex: 'usageYesterday',
      width: W.usageYesterday,
      align: 'right',
      sorter: true,
      sortOrder: orderOf(sort, 'usage_yesterday'),
      sortDirections: ['descend', 'ascend'],
      render: data,
    },
    {
      key: 'usage_month',
      title: t('esim:field.usageMonth'),
      dataIndex: 'usageMonth',
      width: W.usageMonth,
      align: 'right',
      sorter: true,
      sortOrder: orderOf(sort, 'usage_month'),
      sortDirections: ['descend', 'ascend'],
      render: data,
    },
    {
      key: 'createdAt',
      title: t('esim:field.createdAt'),
      dataIndex: 'createdAt',
      width: W.createdAt,
      render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm'),
    },
    { key: 'state', title: t('esim:field.state'), dataIndex: 'state', width: W.state, render: (_v, r) => <EsimStateTags t={t} r={r} /> },
    {
      key: 'actions',
      title: t('esim:field.actions'),
      width: W.actions,
      render: (_v, r) => (
        <Button
          type="link"
          size="small"
          aria-label={t('esim:list.detailOf', { eid: r.eid })}
          data-testid={`esim-detail-open-${r.eid}`}
          onClick={(e) => {
            e.stopPropagation();
            onDetail(r);
          }}
        >
          {t('esim:list.detail')}
        </Button>
      ),
    },
  ];
}
