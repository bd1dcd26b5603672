import type { TMerchandise } from '@rrp/contracts';
import { Button, Card, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productLabel } from '../../features/orders/labels';
import { formatYuan } from '../../features/orders/money';
import { onPromotion } from '../../features/orders/ProductPrice';
import { formatUtc } from '../../lib/format';
import { QueryTable } from '../../lib/list';
import { usePrices } from './api';
import { PriceDialog } from './PriceDialog';

/** Prices: each product's unit price and promotional price; orders keep the price they were made with. */
export default function PricesPage() {
  const { t, i18n } = useTranslation();
  const list = usePrices();
  const [editing, setEditing] = useState<TMerchandise | null>(null);
  const yuan = (v: number | null) => formatYuan(v, i18n.language);

  const columns: TableColumnsType<TMerchandise> = [
    { key: 'product', title: t('orders:field.product'), dataIndex: 'productType', render: (_v, p) => productLabel(t, p.productType, p.name) },
    { key: 'unit', title: t('orders:price.unitOf'), dataIndex: 'productType', render: (v: TMerchandise['productType']) => t(`orders:unit.${v}`) },
    { key: 'unitPrice', title: t('orders:price.unit'), dataIndex: 'unitPrice', align: 'right', render: (v: number) => yuan(v) },
    {
      key: 'promoPrice',
      title: t('orders:price.promoPrice'),
      dataIndex: 'promoPrice',
      align: 'right',
      render: (v: number | null) => (v === null ? '—' : yuan(v)),
    },
    {
      key: 'promoUntil',
      title: t('ops:prices.promoUntil'),
      dataIndex: 'promoUntil',
      render: (v: string | null, p) => (p.promoPrice === null ? '—' : v ? formatUtc(v, 'YYYY-MM-DD HH:mm') : t('orders:price.promoOpen')),
    },
    {
      key: 'price',
      title: t('orders:price.now'),
      dataIndex: 'price',
      align: 'right',
      render: (v: number, p) => (
        <span>
          <Typography.Text strong>{yuan(v)}</Typography.Text>
          {onPromotion(p) && (
            <Tag color="red" className="order-promo-tag">
              {t('orders:price.promo')}
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'updatedAt', title: t('ops:prices.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm') },
    {
      key: 'actions',
      title: t('ops:actions'),
      render: (_v, p) => (
        <Button type="link" size="small" onClick={() => setEditing(p)} data-testid={`ops-price-edit-${p.productType}`}>
          {t('ops:edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card variant="borderless" title={t('ops:menu.prices')} extra={<Typography.Text type="secondary">{t('ops:prices.utc')}</Typography.Text>}>
      <Typography.Paragraph type="secondary">{t('ops:prices.hint')}</Typography.Paragraph>
      <QueryTable<TMerchandise>
        rowKey="productType"
        data-testid="ops-prices"
        columns={columns}
        list={list}
        loadFailed={t('common:systemError')}
        scroll={{ x: 'max-content' }}
      />
      {editing && <PriceDialog product={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
