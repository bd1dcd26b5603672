import type { TableColumnsType } from 'antd';
import { Button, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import type { TOrder } from './api';
import { OrderStatusTag, productLabel, quantityLabel } from './labels';
import { formatYuan } from './money';

/** Column widths (px) that fit header and usual values in both languages; the table scrolls inside its card. */
const W = {
  orderNo: 210,
  product: 130,
  unitPrice: 110,
  quantity: 120,
  total: 130,
  payMethod: 150,
  payerName: 170,
  company: 170,
  createdAt: 170,
  status: 190,
  bankTransactionNo: 180,
  remittanceCode: 150,
  actions: 260,
} as const;

export const ORDER_TABLE_WIDTH = Object.values(W).reduce((s, w) => s + w, 0);

/** A code or number of the data (bank transaction number, remittance code): as it is, not translated. */
const dash = (v: string | null | undefined): ReactNode => (v ? <UserText className="break-all">{v}</UserText> : '—');

/**
 * The order table's columns (spec section 3); the company column is there because the list
 * covers sub-companies too. The actions (pay first of all) stay in view at the right while the
 * table scrolls, except on a phone (`pinned` false), where they would cover half of it.
 */
export function orderColumns(
  t: TFunction,
  locale: string,
  h: { onDetail: (o: TOrder) => void; actions: (o: TOrder) => ReactNode },
  pinned = true,
): TableColumnsType<TOrder> {
  return [
    {
      key: 'orderNo',
      title: t('orders:field.orderNo'),
      dataIndex: 'orderNo',
      width: W.orderNo,
      render: (v: string, o) => (
        <Button type="link" size="small" className="link-btn" onClick={() => h.onDetail(o)} data-testid={`order-row-${v}`}>
          {v}
        </Button>
      ),
    },
    {
      key: 'product',
      title: t('orders:field.product'),
      dataIndex: 'productType',
      width: W.product,
      render: (_v, o) => productLabel(t, o.productType, o.productName),
    },
    {
      key: 'unitPrice',
      title: t('orders:field.unitPrice'),
      dataIndex: 'unitPrice',
      width: W.unitPrice,
      align: 'right',
      render: (v: number) => formatYuan(v, locale),
    },
    {
      key: 'quantity',
      title: t('orders:field.quantity'),
      dataIndex: 'quantity',
      width: W.quantity,
      align: 'right',
      render: (v: number, o) => quantityLabel(t, o.productType, v, locale),
    },
    {
      key: 'total',
      title: t('orders:field.total'),
      dataIndex: 'totalAmount',
      width: W.total,
      align: 'right',
      render: (v: number) => <Typography.Text strong>{formatYuan(v, locale)}</Typography.Text>,
    },
    {
      key: 'payMethod',
      title: t('orders:field.payMethod'),
      dataIndex: 'payMethod',
      width: W.payMethod,
      render: (v: TOrder['payMethod']) => t(`orders:payMethod.${v}`),
    },
    {
      key: 'payerName',
      title: t('orders:field.payerName'),
      dataIndex: 'payerName',
      width: W.payerName,
      render: (v: string) => <UserText className="break-all">{v}</UserText>,
    },
    {
      key: 'company',
      title: t('orders:field.company'),
      dataIndex: 'companyName',
      width: W.company,
      render: (v: string) => <UserText className="break-all">{v}</UserText>,
    },
    {
      key: 'createdAt',
      title: t('orders:field.createdAtUtc'),
      dataIndex: 'createdAt',
      width: W.createdAt,
      render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm'),
    },
    { key: 'status', title: t('orders:field.status'), dataIndex: 'status', width: W.status, render: (_v, o) => <OrderStatusTag order={o} /> },
    { key: 'bankTransactionNo', title: t('orders:field.bankTransactionNo'), dataIndex: 'bankTransactionNo', width: W.bankTransactionNo, render: dash },
    { key: 'remittanceCode', title: t('orders:field.remittanceCode'), dataIndex: 'remittanceCode', width: W.remittanceCode, render: dash },
    { key: 'actions', title: t('orders:field.actions'), width: W.actions, fixed: pinned ? 'right' : undefined, render: (_v, o) => h.actions(o) },
  ];
}
