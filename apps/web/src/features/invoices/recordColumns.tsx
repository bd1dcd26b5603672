import type { TableColumnsType } from 'antd';
import { Button, Popover, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { formatYuan } from '../orders/money';
import type { TInvoice } from './api';
import { InvoiceStatusTag, InvoiceTypeTag } from './labels';

const W = {
  ticketNo: 200,
  type: 120,
  title: 200,
  total: 130,
  orders: 100,
  status: 220,
  appliedAt: 160,
  applicant: 120,
  executor: 120,
  issuedAt: 160,
} as const;
export const RECORD_TABLE_WIDTH = Object.values(W).reduce((s, w) => s + w, 0);

const TIME = 'YYYY-MM-DD HH:mm';
const person = (v: string | null) => (v ? <UserText className="break-all">{v}</UserText> : '—');

/** The orders of an application: their count, the numbers in a popover (opened by hover, focus or tap). */
function OrdersCell({ invoice, t }: { invoice: TInvoice; t: TFunction }) {
  const count = invoice.orderNos.length;
  return (
    <Popover
      trigger={['hover', 'click']}
      title={t('invoices:records.ordersOf', { ticketNo: invoice.ticketNo })}
      content={
        <ul className="invoice-order-nos" translate="no">
          {invoice.orderNos.map((no) => (
            <li key={no}>{no}</li>
          ))}
        </ul>
      }
    >
      <Button type="link" size="small" className="link-btn" data-testid={`invoice-orders-${invoice.ticketNo}`}>
        {t('invoices:records.ordersCount', { count })}
      </Button>
    </Popover>
  );
}

/** The columns of the invoice records (spec section 3, Invoice/receipt). */
export function recordColumns(t: TFunction, locale: string, onOpen: (invoice: TInvoice) => void): TableColumnsType<TInvoice> {
  return [
    {
      key: 'ticketNo',
      title: t('invoices:field.ticketNo'),
      dataIndex: 'ticketNo',
      width: W.ticketNo,
      render: (v: string, r) => (
        <Button type="link" size="small" className="link-btn" translate="no" onClick={() => onOpen(r)} data-testid={`invoice-row-${v}`}>
          {v}
        </Button>
      ),
    },
    { key: 'type', title: t('invoices:field.type'), dataIndex: 'type', width: W.type, render: (v: TInvoice['type']) => <InvoiceTypeTag type={v} /> },
    {
      key: 'title',
      title: t('invoices:field.title'),
      dataIndex: ['title', 'title'],
      width: W.title,
      render: (v: string) => <UserText className="break-all">{v}</UserText>,
    },
    {
      key: 'total',
      title: t('invoices:field.total'),
      dataIndex: 'total',
      width: W.total,
      align: 'right',
      render: (v: number) => <Typography.Text strong>{formatYuan(v, locale)}</Typography.Text>,
    },
    { key: 'orders', title: t('invoices:field.orders'), dataIndex: 'orderNos', width: W.orders, render: (_v, r) => <OrdersCell invoice={r} t={t} /> },
    {
      key: 'status',
      title: t('invoices:field.status'),
      dataIndex: 'status',
      width: W.status,
      render: (v: TInvoice['status'], r) => (
        <Space orientation="vertical" size={2}>
          <InvoiceStatusTag status={v} />
          {v === 'cancelled' && (
            <Typography.Text type="secondary" className="invoice-cancel-note" data-testid={`invoice-cancel-note-${r.ticketNo}`}>
              {t('invoices:records.cancelledAt', { time: formatUtc(r.cancelledAt, TIME) })}
              {r.cancelReason && (
                <>
                  <br />
                  {t('invoices:records.reason')}
                  <UserText className="break-all">{r.cancelReason}</UserText>
                </>
              )}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { key: 'appliedAt', title: t('invoices:field.appliedAt'), dataIndex: 'appliedAt', width: W.appliedAt, render: (v: string) => formatUtc(v, TIME) },
    { key: 'applicant', title: t('invoices:field.applicant'), dataIndex: 'applicant', width: W.applicant, render: person },
    { key: 'executor', title: t('invoices:field.executor'), dataIndex: 'executor', width: W.executor, render: person },
    { key: 'issuedAt', title: t('invoices:field.issuedAt'), dataIndex: 'issuedAt', width: W.issuedAt, render: (v: string | null) => formatUtc(v, TIME) },
  ];
}
