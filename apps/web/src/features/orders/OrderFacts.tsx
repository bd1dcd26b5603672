import { Descriptions, type DescriptionsProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import type { TOrder } from './api';
import { deliveredLines, OrderStatusTag, productLabel, quantityLabel, RemittanceTag } from './labels';
import { formatYuan } from './money';

/** Every field of an order, as a list of label and value (its detail drawer, in the console and the back office). */
export function OrderFacts({ order: o }: { order: TOrder }) {
  const { t, i18n } = useTranslation();
  const time = (v: string | null) => (v ? t('orders:utcTime', { time: formatUtc(v) }) : '—');
  const delivered = deliveredLines(t, o.delivered, i18n.language);
  const offline = o.payMethod === 'offline';
  const items: DescriptionsProps['items'] = [
    { key: 'orderNo', label: t('orders:field.orderNo'), children: <Typography.Text copyable>{o.orderNo}</Typography.Text> },
    { key: 'status', label: t('orders:field.status'), children: <OrderStatusTag order={o} /> },
    { key: 'product', label: t('orders:field.product'), children: productLabel(t, o.productType, o.productName) },
    { key: 'unitPrice', label: t('orders:field.unitPrice'), children: formatYuan(o.unitPrice, i18n.language) },
    { key: 'quantity', label: t('orders:field.quantity'), children: quantityLabel(t, o.productType, o.quantity, i18n.language) },
    { key: 'total', label: t('orders:field.total'), children: <Typography.Text strong>{formatYuan(o.totalAmount, i18n.language)}</Typography.Text> },
    { key: 'payMethod', label: t('orders:field.payMethod'), children: t(`orders:payMethod.${o.payMethod}`) },
    { key: 'payerName', label: t('orders:field.payerName'), children: <UserText className="break-all">{o.payerName}</UserText> },
    { key: 'company', label: t('orders:field.company'), children: <UserText className="break-all">{o.companyName}</UserText> },
    { key: 'createdBy', label: t('orders:field.createdBy'), children: o.createdBy ? <UserText>{o.createdBy}</UserText> : '—' },
    { key: 'remark', label: t('orders:field.remark'), children: o.remark ? <UserText className="break-all">{o.remark}</UserText> : '—' },
    { key: 'createdAt', label: t('orders:field.createdAt'), children: time(o.createdAt) },
  ];
  if (o.status === 'pending_payment') items.push({ key: 'expiresAt', label: t('orders:field.expiresAt'), children: time(o.expiresAt) });
  if (o.paidAt) items.push({ key: 'paidAt', label: t('orders:field.paidAt'), children: time(o.paidAt) });
  if (o.completedAt) items.push({ key: 'completedAt', label: t('orders:field.completedAt'), children: time(o.completedAt) });
  if (o.cancelledAt) items.push({ key: 'cancelledAt', label: t('orders:field.cancelledAt'), children: time(o.cancelledAt) });
  if (o.transactionId)
    items.push({ key: 'transactionId', label: t('orders:field.transactionId'), children: <UserText className="break-all">{o.transactionId}</UserText> });
  if (offline) {
    items.push(
      { key: 'remittanceState', label: t('orders:field.remittanceState'), children: <RemittanceTag state={o.remittanceState} /> },
      {
        key: 'remittanceCode',
        label: t('orders:field.remittanceCode'),
        children: o.remittanceCode ? (
          <Typography.Text copyable translate="no">
            {o.remittanceCode}
          </Typography.Text>
        ) : (
          '—'
        ),
      },
      {
        key: 'bankTransactionNo',
        label: t('orders:field.bankTransactionNo'),
        children: <UserText className="break-all">{o.bankTransactionNo ?? '—'}</UserText>,
      },
    );
    if (o.remittanceRejectReason)
      items.push({
        key: 'rejectReason',
        label: t('orders:field.rejectReason'),
        children: <UserText className="break-all">{o.remittanceRejectReason}</UserText>,
      });
  }
  if (delivered.length) items.push({ key: 'delivered', label: t('orders:field.delivered'), children: delivered.join(t('orders:listSeparator')) });
  return <Descriptions column={1} bordered size="small" items={items} data-testid="order-facts" />;
}
