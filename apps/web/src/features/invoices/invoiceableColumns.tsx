import type { TableColumnsType } from 'antd';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { productLabel, quantityLabel } from '../orders/labels';
import { formatYuan } from '../orders/money';
import type { TInvoiceableOrder } from './api';

/** Column widths (px); the table scrolls inside its card on narrow screens. */
const W = { orderNo: 210, product: 130, quantity: 110, amount: 120, payMethod: 120, payerName: 180, completedAt: 160 } as const;
/** The table's width with its checkbox column. */
export const INVOICEABLE_TABLE_WIDTH = Object.values(W).reduce((s, w) => s + w, 0) + 48;

/** The columns of the orders that can be invoiced (the first step of an application). */
export function invoiceableColumns(t: TFunction, locale: string): TableColumnsType<TInvoiceableOrder> {
  return [
    { key: 'orderNo', title: t('orders:field.orderNo'), dataIndex: 'orderNo', width: W.orderNo, render: (v: string) => <span translate="no">{v}</span> },
    {
      key: 'product',
      title: t('orders:field.product'),
      dataIndex: 'productType',
      width: W.product,
      render: (_v, o) => productLabel(t, o.productType, o.productName),
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
      key: 'amount',
      title: t('invoices:field.orderAmount'),
      dataIndex: 'totalAmount',
      width: W.amount,
      align: 'right',
      render: (v: number) => <Typography.Text strong>{formatYuan(v, locale)}</Typography.Text>,
    },
    {
      key: 'payMethod',
      title: t('orders:field.payMethod'),
      dataIndex: 'payMethod',
      width: W.payMethod,
      render: (v: TInvoiceableOrder['payMethod']) => t(`orders:payMethod.${v}`),
    },
    {
      key: 'payerName',
      title: t('orders:field.payerName'),
      dataIndex: 'payerName',
      width: W.payerName,
      render: (v: string) => <UserText className="break-all">{v}</UserText>,
    },
    {
      key: 'completedAt',
      title: t('invoices:field.completedAt'),
      dataIndex: 'completedAt',
      width: W.completedAt,
      render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm'),
    },
  ];
}
