import type { ApiBody, OrderStatus, PayMethod, TOrder } from '@rrp/contracts';
import { ORDER_STATUSES, PAY_METHODS } from '@rrp/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Grid, Input, Select, Space, Table, type TableColumnsType, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderStatusTag, productLabel, quantityLabel } from '../../features/orders/labels';
import { formatYuan } from '../../features/orders/money';
import { api } from '../../lib/api';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import '../../features/orders/orders.css';
import { OpsOrderDrawer } from './OpsOrderDrawer';
import { RejectRemittanceDialog } from './RejectRemittanceDialog';
import { awaitsReconciliation, OPS_ORDERS_KEY, useReconcile } from './useReconcile';

type Tab = 'queue' | 'all';
type Request = ApiBody<'POST /ops/order/list'>;

/**
 * Orders and reconciliation: the queue of offline transfers the customers reported (with its
 * count), every order of every company with keyword search and filters, an order's detail, and
 * confirming or rejecting a transfer.
 */
export default function OpsOrdersPage() {
  const { t, i18n } = useTranslation();
  const [tab, setTab] = useState<Tab>('queue');
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<OrderStatus | undefined>();
  const [payMethod, setPayMethod] = useState<PayMethod | undefined>();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [openNo, setOpenNo] = useState<string | null>(null);
  const reconcile = useReconcile();
  // the confirm and reject buttons stay in view while the table scrolls (not on a phone)
  const pinned = Grid.useBreakpoint().md !== false;

  const body: Request =
    tab === 'queue' ? { remittanceState: 'submitted', keyword: keyword || undefined, ...page } : { keyword: keyword || undefined, status, payMethod, ...page };
  const list = useQuery({ queryKey: [...OPS_ORDERS_KEY, 'list', body], queryFn: () => api('POST /ops/order/list', body), placeholderData: keepPreviousData });
  const firstPage = () => setPage((p) => ({ ...p, pageNum: 1 }));

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
      <Tabs activeKey={tab} onChange={(k) => (setTab(k as Tab), firstPage())} items={tabs} />
      <Space wrap className="order-filters">
        <Input.Search
          allowClear
          placeholder={t('ops:orders.keyword')}
          aria-label={t('ops:orders.keyword')}
          maxLength={50}
          onSearch={(v) => (setKeyword(v.trim()), firstPage())}
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
              onChange={(v) => (setStatus(v), firstPage())}
              options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders:status.${s}`) }))}
            />
            <Select
              allowClear
              className="order-filter-select"
              placeholder={t('orders:field.payMethod')}
              aria-label={t('orders:field.payMethod')}
              value={payMethod}
              onChange={(v) => (setPayMethod(v), firstPage())}
              options={PAY_METHODS.map((m) => ({ value: m, label: t(`orders:payMethod.${m}`) }))}
            />
          </>
        )}
      </Space>
      <Table<TOrder>
        rowKey="orderNo"
        data-testid="ops-orders"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? t('common:systemError') : tab === 'queue' ? t('ops:orders.emptyQueue') : t('ops:orders.empty') }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (n) => t('ops:total', { count: n }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
      <OpsOrderDrawer orderNo={openNo} onClose={() => setOpenNo(null)} actions={(o) => actions(o, 'middle')} />
      <RejectRemittanceDialog order={reconcile.rejecting} busy={reconcile.busy} onCancel={reconcile.cancelReject} onReject={(r) => void reconcile.reject(r)} />
    </Card>
  );
}
