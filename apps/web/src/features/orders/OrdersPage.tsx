import { ShoppingCartOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Grid, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../lib/access';
import { anyFilter, PagedTable, useListUrl } from '../../lib/list';
import { useSession } from '../../lib/session';
import { type PayableOrder, type TOrder, useCancelOrder, useOrderList } from './api';
import { EditOrderDialog } from './EditOrderDialog';
import { canActOn, type OrderActionHandlers, OrderActions } from './OrderActions';
import { OrderDrawer } from './OrderDrawer';
import { OrderFiltersForm } from './OrderFiltersForm';
import { ORDER_TABLE_WIDTH, orderColumns } from './orderColumns';
import { listRequest, ORDER_FIELDS, ORDER_PAGE_SIZES } from './orderFilters';
import { PaymentDialog } from './PaymentDialog';
import './orders.css';

/**
 * My orders (spec section 2, /order): the orders of the company and its sub-companies, with
 * filters and paging in the URL, a detail drawer, and while an order of the company itself waits
 * for payment: pay, confirm the transfer, edit payer name and remark, cancel.
 */
export default function OrdersPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { account } = useSession();
  const canBuy = useCan('MERCHANDISE_BUY_LICENSE');
  const { filters, page, setFilters, setPage } = useListUrl({ fields: ORDER_FIELDS, pageSizes: ORDER_PAGE_SIZES });
  const list = useOrderList(useMemo(() => listRequest(filters, page), [filters, page]));
  const cancel = useCancelOrder();
  const [detailNo, setDetailNo] = useState<string | null>(null);
  const [paying, setPaying] = useState<{ order: PayableOrder; focusTransfer: boolean } | null>(null);
  const [editing, setEditing] = useState<TOrder | null>(null);

  const handlers: OrderActionHandlers = {
    onPay: (order, focusTransfer = false) => setPaying({ order, focusTransfer }),
    onEdit: setEditing,
    onCancel: async (order) => {
      try {
        await cancel.mutateAsync(order.orderNo);
        void message.success(t('orders:action.cancelled'));
      } catch {
        /* shown by the http client */
      }
    },
  };
  const actions = (o: TOrder) => (canActOn(o, account?.companyId) ? <OrderActions order={o} handlers={handlers} /> : '—');
  const pinned = Grid.useBreakpoint().md !== false;
  const columns = orderColumns(t, i18n.language, { onDetail: (o) => setDetailNo(o.orderNo), actions }, pinned);
  const filtered = anyFilter(filters);

  const empty = filtered ? (
    <Empty description={t('orders:list.emptyFiltered')} />
  ) : (
    <Empty description={t('orders:list.empty')}>
      {canBuy && (
        <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => void navigate('/license')}>
          {t('orders:list.buy')}
        </Button>
      )}
    </Empty>
  );

  return (
    <Card
      variant="borderless"
      className="order-card"
      title={t('orders:list.title')}
      extra={<Typography.Text type="secondary">{t('orders:list.utcNote')}</Typography.Text>}
    >
      <OrderFiltersForm filters={filters} onApply={setFilters} />
      <PagedTable<TOrder>
        rowKey="orderNo"
        data-testid="order-table"
        columns={columns}
        scroll={{ x: ORDER_TABLE_WIDTH }}
        list={list}
        page={page}
        setPage={setPage}
        pageSizes={ORDER_PAGE_SIZES}
        totalText={(total) => t('orders:list.total', { count: total })}
        loadFailed={t('orders:list.loadFailed')}
        empty={empty}
      />
      <OrderDrawer
        orderNo={detailNo}
        onClose={() => setDetailNo(null)}
        actions={(o) => (canActOn(o, account?.companyId) ? <OrderActions order={o} handlers={handlers} size="middle" /> : null)}
      />
      {paying && <PaymentDialog order={paying.order} focusTransfer={paying.focusTransfer} onClose={() => setPaying(null)} />}
      {editing && <EditOrderDialog order={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
