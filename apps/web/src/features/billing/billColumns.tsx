import type { TableColumnsType } from 'antd';
import { Button, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatUtc } from '../../lib/format';
import { formatYuan } from '../orders/money';
import type { TBill } from './api';

const W = { billMonth: 120, fee: 130, total: 140, issueDate: 130, actions: 170 } as const;
export const BILL_TABLE_WIDTH = W.billMonth + 4 * W.fee + W.total + W.issueDate + W.actions;

/** The monthly bill table's columns (spec section 3, Billing record); the month opens the detail. */
export function billColumns(t: TFunction, locale: string, h: { onOpen: (b: TBill) => void; actions: (b: TBill) => ReactNode }): TableColumnsType<TBill> {
  const fee = (key: 'packageFee' | 'overageFee' | 'roamingFee' | 'numberFee') => ({
    key,
    title: t(`invoices:bills.field.${key}`),
    dataIndex: key,
    width: W.fee,
    align: 'right' as const,
    render: (v: number) => formatYuan(v, locale),
  });
  return [
    {
      key: 'billMonth',
      title: t('invoices:bills.field.billMonth'),
      dataIndex: 'billMonth',
      width: W.billMonth,
      render: (v: string, b) => (
        <Button type="link" size="small" className="link-btn" onClick={() => h.onOpen(b)} data-testid={`bill-row-${v}`}>
          {v}
        </Button>
      ),
    },
    fee('packageFee'),
    fee('overageFee'),
    fee('roamingFee'),
    fee('numberFee'),
    {
      key: 'total',
      title: t('invoices:bills.field.total'),
      dataIndex: 'total',
      width: W.total,
      align: 'right',
      render: (v: number) => <Typography.Text strong>{formatYuan(v, locale)}</Typography.Text>,
    },
    {
      key: 'issueDate',
      title: t('invoices:bills.field.issueDate'),
      dataIndex: 'issueDate',
      width: W.issueDate,
      render: (v: string) => formatUtc(v, 'YYYY-MM-DD'),
    },
    { key: 'actions', title: t('invoices:bills.field.actions'), width: W.actions, render: (_v, b) => <Space size={0}>{h.actions(b)}</Space> },
  ];
}
