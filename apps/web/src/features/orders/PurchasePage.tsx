import type { ProductType } from '@rrp/contracts';
import { App, Button, Card, Col, Form, Result, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/access';
import { useSession } from '../../lib/session';
import { type PayableOrder, useCreateOrder, useMerchandise } from './api';
import { productLabel } from './labels';
import { OrderSummary } from './OrderSummary';
import { PaymentDialog } from './PaymentDialog';
import { ProductPrice } from './ProductPrice';
import { orderBody, PurchaseFields, type PurchaseValues } from './PurchaseFields';
import './orders.css';

/**
 * Buying a product (spec section 2: /license, /volume, /ac-download): its price now, the
 * quantity, the total in fen, what will be delivered, payment method, payer and remark. The
 * order is made at the price now, and the payment dialog of the chosen method opens.
 */
export function PurchasePage({ productType }: { productType: ProductType }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { account } = useSession();
  const canSeeOrders = useCan('ACCOUNT_ORDER');
  const merchandise = useMerchandise();
  const create = useCreateOrder();
  const [form] = Form.useForm<PurchaseValues>();
  const quantity = Form.useWatch('quantity', form) ?? null;
  const [paying, setPaying] = useState<PayableOrder | null>(null);
  const product = merchandise.data?.find((p) => p.productType === productType);
  const title = productLabel(t, productType, product?.name);

  const submit = async (values: PurchaseValues) => {
    try {
      const order = await create.mutateAsync(orderBody(productType, values));
      form.resetFields();
      setPaying(order);
    } catch {
      /* shown by the http client */
    }
  };

  const closePayment = (paid: boolean) => {
    setPaying(null);
    if (!paid) void message.info(canSeeOrders ? t('orders:purchase.payLater') : t('orders:purchase.payLaterNoList'));
  };

  if (merchandise.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!merchandise.data)
    return (
      <Result
        status="warning"
        title={t('orders:purchase.loadFailed')}
        extra={<Button onClick={() => void merchandise.refetch()}>{t('common:action.retry')}</Button>}
      />
    );
  if (!product) return <Result status="info" title={t('orders:purchase.unavailable')} />;

  return (
    <Card variant="borderless" title={title} className="order-card" data-testid={`purchase-${productType}`}>
      <ProductPrice product={product} />
      <Form<PurchaseValues>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ quantity: productType === 1 ? null : 1, payMethod: 'wechat' }}
        onFinish={(v) => void submit(v)}
        className="order-form"
      >
        <Row gutter={[24, 8]}>
          <Col xs={24} lg={14}>
            <PurchaseFields productType={productType} companyName={account?.companyName ?? ''} />
          </Col>
          <Col xs={24} lg={10}>
            <OrderSummary product={product} quantity={quantity} />
            <Button type="primary" htmlType="submit" size="large" block loading={create.isPending} data-testid="purchase-submit">
              {t('orders:purchase.submit')}
            </Button>
          </Col>
        </Row>
      </Form>
      {paying && <PaymentDialog order={paying} onClose={closePayment} />}
    </Card>
  );
}
