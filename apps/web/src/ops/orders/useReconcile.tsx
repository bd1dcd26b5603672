import type { TOrder } from '@rrp/contracts';
import { App } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatYuan } from '../../features/orders/money';
import { UserText } from '../../lib/UserText';
import { confirmRemittance, rejectRemittance, useRefreshOrders } from './api';

/**
 * Reconciliation of an offline transfer: confirm it arrived (asked first, naming company,
 * amount, remittance code and bank transaction number: the order is then paid and delivered,
 * once), or reject it with a reason the customer reads.
 */
export function useReconcile() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const [rejecting, setRejecting] = useState<TOrder | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useRefreshOrders();

  const confirm = (o: TOrder) =>
    modal.confirm({
      title: t('ops:orders.confirmTitle'),
      content: (
        <div data-testid="ops-remit-confirm-text">
          <p>
            <Trans
              i18nKey="ops:orders.confirmText"
              values={{ amount: formatYuan(o.totalAmount, i18n.language), code: o.remittanceCode ?? '—', no: o.bankTransactionNo ?? '—' }}
              components={{ code: <UserText />, no: <UserText /> }}
            />
          </p>
          <p>
            {t('ops:orders.company')}
            {t('common:colon')}
            <UserText>{o.companyName}</UserText>
          </p>
          <p>{t('ops:orders.confirmHint')}</p>
        </div>
      ),
      okText: t('ops:orders.confirm'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await confirmRemittance(o.orderNo);
          await refresh();
          void message.success(t('ops:orders.confirmed'));
        } catch {
          /* shown by the http client */
        }
      },
    });

  const reject = async (reason: string) => {
    if (!rejecting) return;
    setBusy(true);
    try {
      await rejectRemittance(rejecting.orderNo, reason.trim());
      setRejecting(null);
      await refresh();
      void message.success(t('ops:orders.rejected'));
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };

  return { confirm, startReject: setRejecting, rejecting, cancelReject: () => setRejecting(null), reject, busy };
}

/** Whether an order's transfer waits for reconciliation. */
export const awaitsReconciliation = (o: TOrder) => o.status === 'pending_payment' && o.payMethod === 'offline' && o.remittanceState === 'submitted';
