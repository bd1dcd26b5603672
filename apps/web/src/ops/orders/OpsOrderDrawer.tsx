import type { TOrder } from '@rrp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderFacts } from '../../features/orders/OrderFacts';
import { api } from '../../lib/api';
import { OPS_ORDERS_KEY } from './useReconcile';

/** One order of any company, with the reconciliation actions while its transfer waits. */
export function OpsOrderDrawer({ orderNo, onClose, actions }: { orderNo: string | null; onClose: () => void; actions: (o: TOrder) => ReactNode }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: [...OPS_ORDERS_KEY, 'detail', orderNo],
    queryFn: () => api('POST /ops/order/detail', { orderNo: orderNo ?? '' }),
    enabled: !!orderNo,
  });
  const o = detail.data;
  return (
    <Drawer open={!!orderNo} onClose={onClose} title={t('orders:detail.title')} size="large" destroyOnHidden>
      {detail.isLoading && <Skeleton active paragraph={{ rows: 10 }} />}
      {detail.isError && !o && (
        <Result status="warning" title={t('common:systemError')} extra={<Button onClick={() => void detail.refetch()}>{t('common:action.retry')}</Button>} />
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
