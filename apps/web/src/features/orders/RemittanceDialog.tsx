import { Button, Modal, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPaid, useOrderDetail } from './api';
import { RemittanceDetails } from './RemittanceDetails';
import { RemittanceForm } from './RemittanceForm';

/**
 * Offline remittance: the platform's bank account, the amount and the order's remittance code
 * to write in the transfer's remark, the deadlines, and the form that reports the bank
 * transaction number (again, corrected, after the platform could not find the transfer).
 */
export function RemittanceDialog({ orderNo, focusTransfer, onClose }: { orderNo: string; focusTransfer?: boolean; onClose: (paid: boolean) => void }) {
  const { t } = useTranslation();
  const detail = useOrderDetail(orderNo);
  const o = detail.data;
  const paid = !!o && isPaid(o.status);

  let body = <Skeleton active paragraph={{ rows: 6 }} />;
  if (detail.isError && !o)
    body = (
      <Result
        status="warning"
        title={t('orders:loadFailed')}
        extra={<Button onClick={() => void detail.refetch()}>{t('common:action.retry')}</Button>}
        className="order-result-compact"
      />
    );
  else if (o && o.status !== 'pending_payment')
    body = (
      <Result
        status={paid ? 'success' : 'warning'}
        title={t(`orders:remittanceDialog.ended.${o.status}`)}
        data-testid="remittance-ended"
        className="order-result-compact"
      />
    );
  else if (o)
    body = (
      <>
        <RemittanceDetails order={o} />
        {(o.remittanceState === 'awaiting_transfer' || o.remittanceState === 'rejected' || o.remittanceState === null) && (
          <RemittanceForm order={o} autoFocus={focusTransfer} />
        )}
      </>
    );

  return (
    <Modal
      open
      title={t('orders:remittanceDialog.title')}
      onCancel={() => onClose(paid)}
      footer={<Button onClick={() => onClose(paid)}>{t('common:action.close')}</Button>}
      width={640}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
