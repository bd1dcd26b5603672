import type { OrderStatus, PayMethod, TOrder } from '@rrp/contracts';
import { ORDER_STATUSES, PAY_METHODS } from '@rrp/contracts/constants';
import { Badge, Button, Card, Grid, Input, Select, Space, type TableColumnsType, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderStatusTag, productLabel, quantityLabel } from '../../features/orders/labels';
import { formatYuan } from '../../features/orders/money';
import { formatUtc } from '../../lib/format';
import { oneOfField, PAGE_SIZES, PagedTable, textField, type UrlFields, useListUrl } from '../../lib/list';
import { UserText } from '../../lib/UserText';
import '../../features/orders/orders.css';
import { useOpsOrderList } from './api';
import { OpsOrderDrawer } from './OpsOrderDrawer';
import { RejectRemittanceDialog } from './RejectRemittanceDialog';
import { awaitsReconciliation, useReconcile } from './useReconcile';

type Tab = 'queue' | 'all';
type Filters = { tab: Tab; keyword?: string; status?: OrderStatus; payMethod?: PayMethod };

const FIELDS: UrlFields<Filters> = {
  tab: oneOfField(['queue', 'all'], 'queue'),
  keyword: textField(50),
  status: oneOfField(ORDER_STATUSES),
  payMethod: oneOfField(PAY_METHODS),
};

/**
 * Orders and reconciliation: the queue of offline transfers the customers reported (with its
 * count), every order of every company with keyword search and filters, an order's detail, and
 * confirming or rejecting a transfer.
 */
export default function OpsOrdersPage() {
  const { t, i18n } = useTranslation();
  const { filters, page, setFilters, setPage } = useListUrl({ fields: FIELDS, pageSizes: PAGE_SIZES, defaultSize: 20 });
  const { tab, keyword, status, payMethod } = filters;
  const [openNo, setOpenNo] = useState<string | null>(null);
  const reconcile = useReconcile();
  // the confirm and reject buttons stay in view while the table scrolls (not on a phone)
  const pinned = Grid.useBreakpoint().md !== false;

  const list = useOpsOrderList(tab === 'queue' ? { remittanceState: 'submitted', keyword, ...page } : { keyword, status, payMethod, ...page });

  const actions = (o: TOrder, size: 'small' | 'middle' = 'small') =>
    awaitsReconciliation(o) ? (
      <Space size={size === 'small' ? 0 : 8} wrap>
        <Button type={size === 'small' ? 'link' : 'primary'} size={size} onClick={() => reconcile.confirm(o)} data-testid={`ops-remit-confirm-${o.orderNo}`}>
          {t('ops:orders.confirm')}
        </Button>
        <Button
          type={size === 'small' ? 'link' : 'default'}
          danger
          size={size}
          onClick={() => reconcile.startReject(o)}
          data-testid={`ops-remit-reject-${o.orderNo}`}
        >
          {t('ops:orders.reject')}
        </Button>
      </Space>
    ) : null;

  const columns: TableColumnsType<TOrder> = [
    {
      key: 'orderNo',
      title: t('orders:field.orderNo'),
      dataIndex: 'orderNo',
      render: (v: string) => (
        <Typography.Link onClick={() => setOpenNo(v)} data-testid={`ops-order-${v}`}>
          {v}
        </Typography.Link>
      ),
    },
    { key: 'company', title: t('orders:field.company'), dataIndex: 'companyName', render: (v: string) => <UserText className="break-all">{v}</UserText> },
    {
      key: 'product',
      title: t('orders:field.product'),
      dataIndex: 'productType',
      render: (_v, o) => productLabel(t, o.productType, o.productName),
    },
    {
      key: 'quantity',
      title: t('orders:field.quantity'),
      dataIndex: 'quantity',
      align: 'right',
      render: (_v, o) => quantityLabel(t, o.productType, o.quantity, i18n.language),
    },
    {
      key: 'total',
      title: t('orders:field.total'),
      dataIndex: 'totalAmount',
      align: 'right',
      render: (v: number) => <Typography.Text strong>{formatYuan(v, i18n.language)}</Typography.Text>,
    },
    { key: 'payMethod', title: t('orders:field.payMethod'), dataIndex: 'payMethod', render: (v: PayMethod) => t(`orders:payMethod.${v}`) },
    { key: 'payerName', title: t('orders:field.payerName'), dataIndex: 'payerName', render: (v: string) => <UserText className="break-all">{v}</UserText> },
    { key: 'status', title: t('orders:field.status'), dataIndex: 'status', render: (_v, o) => <OrderStatusTag order={o} /> },
    {
      key: 'remittanceCode',
      title: t('orders:field.remittanceCode'),
      dataIndex: 'remittanceCode',
      render: (v: string | null) => (v ? <UserText>{v}</UserText> : '—'),
    },
    {
      key: 'bankTransactionNo',
      title: t('orders:field.bankTransactionNo'),
      dataIndex: 'bankTransactionNo',
      render: (v: string | null) => (v ? <UserText className="break-all">{v}</UserText> : '—'),
    },
    { key: 'createdAt', title: t('orders:field.createdAtUtc'), dataIndex: 'createdAt', render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm') },
    { key: 'actions', title: t('ops:actions'), fixed: pinned ? 'right' : undefined, render: (_v, o) => actions(o) ?? '—' },
  ];

  const awaiting = list.data?.awaitingReconciliation ?? 0;
  const tabs = [
    {
      key: 'queue',
      label: (
        <Space size={6}>
          {t('ops:orders.queue')}
          <Badge count={awaiting} showZero color="#1668dc" overflowCount={9999} data-testid="ops-orders-awaiting" />
        </Space>
      ),
    },
    { key: 'all', label: t('ops:orders.all') },
  ];

  return (
    <Card variant="borderless" title={t('ops:menu.orders')} extra={<Typography.Text type="secondary">{t('ops:orders.utc')}</Typography.Text>}>
      <Tabs activeKey={tab} onChange={(k) => setFilters({ ...filters, tab: k as Tab })} items={tabs} />
      <Space wrap className="order-filters">
        <Input.Search
          allowClear
          placeholder={t('ops:orders.keyword')}
          aria-label={t('ops:orders.keyword')}
          maxLength={50}
          defaultValue={keyword}
          onSearch={(v) => setFilters({ ...filters, keyword: v.trim() || undefined })}
          className="ops-orders-search"
        />
        {tab === 'all' && (
          <>
            <Select
              allowClear
              className="order-filter-select"
              placeholder={t('orders:field.status')}
              aria-label={t('orders:field.status')}
              value={status}
              onChange={(v) => setFilters({ ...filters, status: v })}
              options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders:status.${s}`) }))}
            />
            <Select
              allowClear
              className="order-filter-select"
              placeholder={t('orders:field.payMethod')}
              aria-label={t('orders:field.payMethod')}
              value={payMethod}
              onChange={(v) => setFilters({ ...filters, payMethod: v })}
              options={PAY_METHODS.map((m) => ({ value: m, label: t(`orders:payMethod.${m}`) }))}
            />
          </>
        )}
      </Space>
      <PagedTable<TOrder>
        rowKey="orderNo"
        data-testid="ops-orders"
        columns={columns}
        list={list}
        page={page}
        setPage={setPage}
        scroll={{ x: 'max-content' }}
        empty={tab === 'queue' ? t('ops:orders.emptyQueue') : t('ops:orders.empty')}
        totalText={(n) => t('ops:total', { count: n })}
      />
      <OpsOrderDrawer orderNo={openNo} onClose={() => setOpenNo(null)} actions={(o) => actions(o, 'middle')} />
      <RejectRemittanceDialog order={reconcile.rejecting} busy={reconcile.busy} onCancel={reconcile.cancelReject} onReject={(r) => void reconcile.reject(r)} />
    </Card>
  );
}
