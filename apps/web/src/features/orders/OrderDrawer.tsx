import { Button, Drawer, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type TOrder, useOrderDetail } from './api';
import { OrderFacts } from './OrderFacts';

/** One order of the caller's company (or a sub-company), with its actions while it waits for payment. */
export function OrderDrawer({ orderNo, onClose, actions }: { orderNo: string | null; onClose: () => void; actions: (o: TOrder) => ReactNode }) {
  const { t } = useTranslation();
  const detail = useOrderDetail(orderNo);
  const o = detail.data;
  return (
    <Drawer open={!!orderNo} onClose={onClose} title={t('orders:detail.title')} size="large" destroyOnHidden>
      {detail.isLoading && <Skeleton active paragraph={{ rows: 10 }} />}
      {detail.isError && !o && (
        <Result status="warning" title={t('orders:loadFailed')} extra={<Button onClick={() => void detail.refetch()}>{t('common:action.retry')}</Button>} />
      )}
      {o && (
        <>
          <div className="order-drawer-actions">{actions(o)}</div>
          <OrderFacts order={o} />
        </>
      )}
    </Drawer>
  );
}
