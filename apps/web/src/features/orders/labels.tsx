import type { OrderStatus, ProductType, RemittanceState, TOrder } from '@rrp/contracts';
import { PRODUCT_UNIT } from '@rrp/contracts/constants';
import { Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDataText } from '../../lib/format';

const STATUS_COLOR: Record<OrderStatus, string> = {
  pending_payment: 'gold',
  paid: 'blue',
  completed: 'green',
  expired: 'default',
  cancelled: 'default',
};
const REMITTANCE_COLOR: Record<RemittanceState, string> = {
  awaiting_transfer: 'default',
  submitted: 'blue',
  rejected: 'red',
  confirmed: 'green',
};

/** A product's name in the reader's language (the server's name when the catalogue lacks the type). */
export const productLabel = (t: TFunction, type: ProductType, name?: string) => t(`orders:productType.${type}`, { defaultValue: name ?? String(type) });

/** A number of units with the product's unit: "10 个 License", "10 GB", "10 个 AC License". */
export function quantityLabel(t: TFunction, type: ProductType, quantity: number, locale: string): string {
  if (type === 1) return formatDataText(quantity * PRODUCT_UNIT[1].dataMb, locale);
  return t(`orders:quantityOf.${type}`, { count: quantity, n: new Intl.NumberFormat(locale).format(quantity) });
}

/** What an order of `quantity` units will deliver (spec section 9). */
export function deliveryText(t: TFunction, type: ProductType, quantity: number, locale: string): string {
  const n = new Intl.NumberFormat(locale).format(quantity);
  if (type === 0)
    return t('orders:deliver.license', { count: quantity, n, years: PRODUCT_UNIT[0].years, data: formatDataText(PRODUCT_UNIT[0].dataMb, locale) });
  if (type === 1) return t('orders:deliver.data', { size: formatDataText(quantity * PRODUCT_UNIT[1].dataMb, locale) });
  return t('orders:deliver.ac', { count: quantity, n });
}

/** What a completed order delivered, one line per kind. */
export function deliveredLines(t: TFunction, delivered: TOrder['delivered'], locale: string): string[] {
  if (!delivered) return [];
  const nf = new Intl.NumberFormat(locale);
  const out: string[] = [];
  if (delivered.licenses) out.push(t('orders:delivered.licenses', { count: delivered.licenses, n: nf.format(delivered.licenses) }));
  if (delivered.dataMb) out.push(t('orders:delivered.data', { size: formatDataText(delivered.dataMb, locale) }));
  if (delivered.acLicenses) out.push(t('orders:delivered.ac', { count: delivered.acLicenses, n: nf.format(delivered.acLicenses) }));
  return out;
}

/** The order's state, and for an offline order waiting for payment where its transfer stands. */
export function OrderStatusTag({ order }: { order: Pick<TOrder, 'status' | 'payMethod' | 'remittanceState'> }) {
  const { t } = useTranslation();
  const sub = order.payMethod === 'offline' && order.status === 'pending_payment' && order.remittanceState ? order.remittanceState : null;
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_COLOR[order.status]} data-testid="order-status">
        {t(`orders:status.${order.status}`)}
      </Tag>
      {sub && (
        <Tag color={REMITTANCE_COLOR[sub]} data-testid="order-remittance-state">
          {t(`orders:remittance.${sub}`)}
        </Tag>
      )}
    </Space>
  );
}

/** A remittance state on its own (the back office lists every state). */
export function RemittanceTag({ state }: { state: RemittanceState | null }) {
  const { t } = useTranslation();
  if (!state) return <>—</>;
  return <Tag color={REMITTANCE_COLOR[state]}>{t(`orders:remittance.${state}`)}</Tag>;
}
