import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { orderKeys, type PayableOrder } from './api';
import { RemittanceDialog } from './RemittanceDialog';
import { WechatPayDialog } from './WechatPayDialog';

export const successPath = (orderNo: string) => `/order/success?orderNo=${encodeURIComponent(orderNo)}`;

/**
 * The payment dialog of an order's method: the WeChat Pay code, or the bank account and the
 * transfer form. A paid WeChat order goes on to the payment success page. `onClose(paid)`.
 */
export function PaymentDialog({ order, focusTransfer, onClose }: { order: PayableOrder; focusTransfer?: boolean; onClose: (paid: boolean) => void }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  if (order.payMethod === 'wechat')
    return (
      <WechatPayDialog
        order={order}
        onClose={() => onClose(false)}
        onPaid={() => {
          void qc.invalidateQueries({ queryKey: orderKeys.all });
          onClose(true);
          void navigate(successPath(order.orderNo));
        }}
      />
    );
  return <RemittanceDialog orderNo={order.orderNo} focusTransfer={focusTransfer} onClose={onClose} />;
}
