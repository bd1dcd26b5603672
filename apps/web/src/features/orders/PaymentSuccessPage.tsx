import { Button, Card, Result, Skeleton, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../lib/access';
import { isPaid, useOrderDetail } from './api';
import { deliveredLines, productLabel, quantityLabel } from './labels';
import { formatYuan } from './money';
import './orders.css';

const ORDER_NO_RE = /^R\d{20}$/;

/** Links onwards: the orders, License management, the overview. */
function NextSteps() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canSeeOrders = useCan('ACCOUNT_ORDER');
  return (
    <Space wrap className="order-next-steps">
      {canSeeOrders && (
        <Button type="primary" onClick={() => void navigate('/order')} data-testid="success-orders">
          {t('orders:success.toOrders')}
        </Button>
      )}
      <Button onClick={() => void navigate('/licenseManagement')} data-testid="success-licenses">
        {t('orders:success.toLicenses')}
      </Button>
      <Button onClick={() => void navigate('/home')}>{t('orders:success.toHome')}</Button>
    </Space>
  );
}

/** Where a paid order lands: what it delivered (followed until delivery completes), and where to go next. */
export default function PaymentSuccessPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('orderNo') ?? '';
  const orderNo = ORDER_NO_RE.test(raw) ? raw : null;
  // paid but not yet delivered: read again until it is
  const detail = useOrderDetail(orderNo, { follow: (o) => o.status === 'paid' });
  const o = detail.data;

  let result = <Result status="info" title={t('orders:success.noOrder')} extra={<NextSteps />} />;
  if (orderNo && detail.isPending) result = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (orderNo && !o)
    result = (
      <Result status="warning" title={t('orders:loadFailed')} extra={<Button onClick={() => void detail.refetch()}>{t('common:action.retry')}</Button>} />
    );
  else if (o && !isPaid(o.status))
    result = (
      <Result
        status="warning"
        title={t(`orders:success.notPaid.${o.status}`)}
        subTitle={t('orders:pay.orderNo', { orderNo: o.orderNo })}
        extra={<NextSteps />}
      />
    );
  else if (o) {
    const lines = deliveredLines(t, o.delivered, i18n.language);
    result = (
      <Result
        status="success"
        title={t('orders:success.title')}
        subTitle={
          <Space orientation="vertical" size={2}>
            <span>{t('orders:pay.orderNo', { orderNo: o.orderNo })}</span>
            <span>
              {productLabel(t, o.productType, o.productName)} · {quantityLabel(t, o.productType, o.quantity, i18n.language)} ·{' '}
              {formatYuan(o.totalAmount, i18n.language)}
            </span>
          </Space>
        }
        extra={<NextSteps />}
      >
        <div className="order-delivered" data-testid="success-delivered">
          <Typography.Title level={5}>{t('orders:success.delivered')}</Typography.Title>
          {o.status === 'paid' ? (
            <Space>
              <Spin size="small" />
              <Typography.Text>{t('orders:success.delivering')}</Typography.Text>
            </Space>
          ) : lines.length === 0 ? (
            <Typography.Text>{t('orders:success.completed')}</Typography.Text>
          ) : (
            <ul>
              {lines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          )}
        </div>
      </Result>
    );
  }

  return (
    <Card variant="borderless" className="order-card">
      {result}
    </Card>
  );
}
