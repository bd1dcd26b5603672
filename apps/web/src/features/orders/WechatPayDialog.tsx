import { ExportOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Modal, Result, Space, Spin, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isPaid, type PayableOrder, usePaymentState, usePrepay } from './api';
import { formatYuan } from './money';
import { QrCode } from './QrCode';
import { formatDuration, useRemaining } from './useRemaining';

/**
 * WeChat Pay (Native): the order's code as a QR, the amount and the time left; the payment
 * state is asked every few seconds, and once paid the dialog hands over (`onPaid`). Without a
 * WeChat app at hand (a test environment), the payment simulator's page pays the order.
 */
export function WechatPayDialog({ order, onClose, onPaid }: { order: PayableOrder; onClose: () => void; onPaid: () => void }) {
  const { t, i18n } = useTranslation();
  const prepay = usePrepay(order.orderNo, true);
  const state = usePaymentState(order.orderNo, !!prepay.data);
  const status = state.data?.status ?? 'pending_payment';
  const remaining = useRemaining(prepay.data?.expiresAt);
  const amount = formatYuan(order.totalAmount, i18n.language);
  const paid = isPaid(status);

  // biome-ignore lint/correctness/useExhaustiveDependencies: hand over once, when the payment goes through
  useEffect(() => {
    if (paid) onPaid();
  }, [paid]);

  let body: ReactNode;
  if (status === 'expired' || status === 'cancelled') {
    body = (
      <Result
        status="warning"
        title={t(`orders:wechat.${status}`)}
        subTitle={t('orders:wechat.orderAgain')}
        data-testid="wechat-ended"
        className="order-result-compact"
      />
    );
  } else if (paid) {
    body = (
      <Space data-testid="wechat-paid">
        <Spin size="small" />
        <Typography.Text>{t('orders:wechat.paid')}</Typography.Text>
      </Space>
    );
  } else if (prepay.isError) {
    body = (
      <Result
        status="warning"
        title={t('orders:wechat.prepayFailed')}
        extra={<Button onClick={() => void prepay.refetch()}>{t('common:action.retry')}</Button>}
        className="order-result-compact"
      />
    );
  } else if (remaining === 0) {
    body = (
      <Result
        status="warning"
        title={t('orders:wechat.codeExpired')}
        subTitle={t('orders:wechat.orderAgain')}
        data-testid="wechat-ended"
        className="order-result-compact"
      />
    );
  } else {
    body = (
      <Space orientation="vertical" align="center" size={12} className="full-width">
        {prepay.data ? <QrCode value={prepay.data.codeUrl} label={t('orders:wechat.qrLabel', { amount })} /> : <Spin />}
        <Typography.Text>
          <WechatOutlined className="order-wechat-icon" aria-hidden /> {t('orders:wechat.scan')}
        </Typography.Text>
        {remaining !== null && (
          <Typography.Text type="secondary" role="timer" data-testid="wechat-countdown">
            {t('orders:wechat.expiresIn', { time: formatDuration(remaining) })}
          </Typography.Text>
        )}
        <Typography.Text type="secondary">{t('orders:wechat.waiting')}</Typography.Text>
        {prepay.data?.simulatorPayUrl && (
          <Button href={prepay.data.simulatorPayUrl} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined />} data-testid="wechat-simulator">
            {t('orders:wechat.simulator')}
            <span className="sr-only">{t('orders:newTab')}</span>
          </Button>
        )}
      </Space>
    );
  }

  return (
    <Modal
      open
      title={t('orders:wechat.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common:action.close')}</Button>}
      width={420}
      destroyOnHidden
    >
      <div className="order-pay-amount">
        <Typography.Text type="secondary">{t('orders:pay.amount')}</Typography.Text>
        <div className="order-pay-amount-value" data-testid="wechat-amount">
          {amount}
        </div>
        <Typography.Text type="secondary" className="order-pay-no">
          {t('orders:pay.orderNo', { orderNo: order.orderNo })}
        </Typography.Text>
      </div>
      <div className="order-pay-body">{body}</div>
    </Modal>
  );
}
