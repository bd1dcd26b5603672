import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TOrder } from './api';

export type OrderActionHandlers = {
  onPay: (order: TOrder, focusTransfer?: boolean) => void;
  onEdit: (order: TOrder) => void;
  onCancel: (order: TOrder) => Promise<unknown>;
};

/** Whether the caller may act on an order: it waits for payment and belongs to the caller's own company (not a sub-company's). */
export const canActOn = (o: TOrder, companyId: string | undefined) => o.status === 'pending_payment' && !!companyId && o.companyId === companyId;

/**
 * What a waiting order offers: pay (the dialog of its method), confirm the transfer (offline),
 * edit payer name and remark, cancel (asked first). A transfer waiting for reconciliation can no
 * longer be cancelled or reported again.
 */
export function OrderActions({ order: o, handlers: h, size = 'small' }: { order: TOrder; handlers: OrderActionHandlers; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const offline = o.payMethod === 'offline';
  const reconciling = offline && o.remittanceState === 'submitted';
  const link = size === 'small';
  return (
    <Space size={link ? 0 : 8} wrap onClick={(e) => e.stopPropagation()}>
      <Button type={link ? 'link' : 'primary'} size={size} onClick={() => h.onPay(o)} data-testid={`order-pay-${o.orderNo}`}>
        {offline ? t('orders:action.remittanceInfo') : t('orders:action.pay')}
      </Button>
      {offline && !reconciling && (
        <Button type={link ? 'link' : 'default'} size={size} onClick={() => h.onPay(o, true)} data-testid={`order-confirm-${o.orderNo}`}>
          {t('orders:action.confirmTransfer')}
        </Button>
      )}
      <Button type={link ? 'link' : 'default'} size={size} onClick={() => h.onEdit(o)} data-testid={`order-edit-${o.orderNo}`}>
        {t('orders:action.edit')}
      </Button>
      {!reconciling && (
        <Popconfirm
          title={t('orders:action.cancelConfirm', { orderNo: o.orderNo })}
          description={t('orders:action.cancelHint')}
          okText={t('orders:action.cancelOk')}
          okButtonProps={{ danger: true }}
          cancelText={t('orders:action.keep')}
          onConfirm={() => h.onCancel(o)}
        >
          <Button type={link ? 'link' : 'default'} danger size={size} data-testid={`order-cancel-${o.orderNo}`}>
            {t('orders:action.cancel')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
