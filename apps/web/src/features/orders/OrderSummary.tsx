import { Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TMerchandise } from './api';
import { deliveryText, quantityLabel } from './labels';
import { formatFen, formatYuan, totalFen } from './money';

/** What the order will cost (computed in fen) and deliver, for the quantity entered so far. */
export function OrderSummary({ product, quantity }: { product: TMerchandise; quantity: number | null }) {
  const { t, i18n } = useTranslation();
  const valid = typeof quantity === 'number' && Number.isInteger(quantity) && quantity > 0;
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <Typography.Title level={5} id="order-summary-title" className="order-summary-title">
        {t('orders:summary.title')}
      </Typography.Title>
      <dl className="order-summary-lines">
        <dt>{t('orders:price.now')}</dt>
        <dd>{formatYuan(product.price, i18n.language)}</dd>
        <dt>{product.productType === 1 ? t('orders:form.size') : t('orders:form.quantity')}</dt>
        <dd>{valid ? quantityLabel(t, product.productType, quantity, i18n.language) : '—'}</dd>
      </dl>
      <Divider className="order-summary-divider" />
      <div className="order-total">
        <span>{t('orders:summary.total')}</span>
        <output className="order-total-value" data-testid="purchase-total" aria-live="polite">
          {formatFen(valid ? totalFen(product.price, quantity) : 0, i18n.language)}
        </output>
      </div>
      <Typography.Paragraph className="order-delivery" data-testid="purchase-delivery">
        <Typography.Text type="secondary">{t('orders:summary.delivers')}</Typography.Text>
        <br />
        {valid ? deliveryText(t, product.productType, quantity, i18n.language) : t('orders:summary.enterQuantity')}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" className="order-summary-note">
        {t('orders:summary.priceNote')}
      </Typography.Paragraph>
    </section>
  );
}
