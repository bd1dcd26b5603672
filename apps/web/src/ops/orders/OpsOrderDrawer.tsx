import type { TOrder } from '@rrp/contracts';
import { Button, Drawer, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderFacts } from '../../features/orders/OrderFacts';
import { useOpsOrderDetail } from './api';

/** One order of any company, with the reconciliation actions while its transfer waits. */
export function OpsOrderDrawer({ orderNo, onClose, actions }: { orderNo: string | null; onClose: () => void; actions: (o: TOrder) => ReactNode }) {
  const { t } = useTranslation();
  const detail = useOpsOrderDetail(orderNo);
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
