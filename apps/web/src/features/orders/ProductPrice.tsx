import { Descriptions, type DescriptionsProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import type { TMerchandise } from './api';
import { formatYuan } from './money';

/** Whether the promotional price is the price now. */
export const onPromotion = (p: TMerchandise) => p.promoPrice !== null && p.price < p.unitPrice;

/** A product's prices: the unit price, a promotional price and until when, and what one unit costs now. */
export function ProductPrice({ product }: { product: TMerchandise }) {
  const { t, i18n } = useTranslation();
  const promo = onPromotion(product);
  const yuan = (v: number | null) => formatYuan(v, i18n.language);
  const items: DescriptionsProps['items'] = [
    {
      key: 'now',
      label: t('orders:price.now'),
      children: (
        <span>
          <Typography.Text strong className="order-price-now">
            {t('orders:price.perUnit', { price: yuan(product.price), unit: t(`orders:unit.${product.productType}`) })}
          </Typography.Text>
          {promo && (
            <Tag color="red" className="order-promo-tag">
              {t('orders:price.promo')}
            </Tag>
          )}
        </span>
      ),
    },
    {
      key: 'unit',
      label: t('orders:price.unit'),
      children: promo ? <Typography.Text delete>{yuan(product.unitPrice)}</Typography.Text> : yuan(product.unitPrice),
    },
  ];
  if (promo)
    items.push({
      key: 'promo',
      label: t('orders:price.promoPrice'),
      children: `${yuan(product.promoPrice)} · ${
        product.promoUntil ? t('orders:price.promoUntil', { time: formatUtc(product.promoUntil, 'YYYY-MM-DD HH:mm') }) : t('orders:price.promoOpen')
      }`,
    });
  return <Descriptions size="small" column={{ xs: 1, sm: 2 }} className="order-prices" data-testid="product-price" items={items} />;
}
