import type { PayMethod, TInvoiceDetail } from '@rrp/contracts';
import { INVOICE_TAX_PERCENT } from '@rrp/contracts/constants';
import { Descriptions, type TableColumnsType, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../features/orders/money';
import { formatUtc } from '../../lib/format';
import { RowsTable } from '../../lib/list';
import { UserText } from '../../lib/UserText';
import { InvoiceDeadline } from './InvoiceDeadline';
import { InvoiceStatusTag } from './InvoiceStatusTag';

type OrderLine = TInvoiceDetail['orders'][number];

const when = (at: string | null, by: string | null) => (at ? `${formatUtc(at, 'YYYY-MM-DD HH:mm')} UTC${by ? ` · ${by}` : ''}` : '—');

/** A value staff type into the tax platform: shown as entered, with a button that copies it. */
function Copyable({ value, field }: { value: string; field: string }) {
  const { t } = useTranslation();
  if (!value) return <>—</>;
  return (
    <Typography.Text copyable={{ text: value, tooltips: [t('ops:invoices.copy', { field }), t('ops:invoices.copied')] }} className="ops-invoice-copyable">
      <UserText>{value}</UserText>
    </Typography.Text>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="ops-invoice-section" aria-label={title}>
      <Typography.Title level={5} className="ops-invoice-section-title">
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** Everything of one work order: state and deadline, the header to copy, the recipient, the orders, the amounts and the timeline. */
export function InvoiceFacts({ invoice: inv }: { invoice: TInvoiceDetail }) {
  const { t, i18n } = useTranslation();
  const yuan = (v: number) => formatYuan(v, i18n.language);
  const f = (key: string) => t(`ops:invoices.field.${key}`);

  const orderColumns: TableColumnsType<OrderLine> = [
    { key: 'orderNo', title: t('orders:field.orderNo'), dataIndex: 'orderNo' },
    { key: 'product', title: t('orders:field.product'), dataIndex: 'productName', render: (v: string) => <UserText>{v}</UserText> },
    { key: 'quantity', title: t('orders:field.quantity'), dataIndex: 'quantity', align: 'right' },
    { key: 'payMethod', title: t('orders:field.payMethod'), dataIndex: 'payMethod', render: (v: PayMethod) => t(`orders:payMethod.${v}`) },
    { key: 'amount', title: f('amount'), dataIndex: 'amount', align: 'right', render: (v: number) => yuan(v) },
  ];

  return (
    <div className="ops-invoice-facts" data-testid="ops-invoice-facts">
      <Section title={f('progress')}>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={f('status')}>
            <InvoiceStatusTag status={inv.status} />
          </Descriptions.Item>
          <Descriptions.Item label={f('type')}>{t(`invoices:type.${inv.type}`)}</Descriptions.Item>
          <Descriptions.Item label={f('company')}>
            <UserText className="break-all">{inv.companyName}</UserText>
          </Descriptions.Item>
          <Descriptions.Item label={f('applied')}>{when(inv.appliedAt, inv.applicant)}</Descriptions.Item>
          {inv.status === 'in_progress' && (
            <Descriptions.Item label={f('due')}>
              <InvoiceDeadline invoice={inv} long />
              <Typography.Text type="secondary" className="ops-invoice-note">
                {t('ops:invoices.workingDaysNote')}
              </Typography.Text>
            </Descriptions.Item>
          )}
          {inv.status === 'issued' && (
            <>
              <Descriptions.Item label={f('issued')}>{when(inv.issuedAt, inv.executor)}</Descriptions.Item>
              <Descriptions.Item label={f('invoiceNo')}>
                <Copyable value={inv.invoiceNo ?? ''} field={f('invoiceNo')} />
              </Descriptions.Item>
              <Descriptions.Item label={f('invoiceDate')}>{inv.invoiceDate ?? '—'}</Descriptions.Item>
              {inv.fileName && (
                <Descriptions.Item label={f('file')}>
                  <UserText className="break-all">{inv.fileName}</UserText>
                </Descriptions.Item>
              )}
              {inv.trackingNote && (
                <Descriptions.Item label={f('trackingNote')}>
                  <UserText className="break-all">{inv.trackingNote}</UserText>
                </Descriptions.Item>
              )}
            </>
          )}
          {inv.status === 'cancelled' && (
            <>
              <Descriptions.Item label={f('cancelled')}>{when(inv.cancelledAt, inv.executor)}</Descriptions.Item>
              <Descriptions.Item label={f('cancelReason')}>
                <UserText className="break-all">{inv.cancelReason ?? '—'}</UserText>
              </Descriptions.Item>
            </>
          )}
        </Descriptions>
      </Section>

      <Section title={f('header')}>
        <Typography.Paragraph type="secondary">{t('ops:invoices.headerHint')}</Typography.Paragraph>
        <Descriptions column={1} bordered size="small" data-testid="ops-invoice-header">
          <Descriptions.Item label={f('title')}>
            <Copyable value={inv.title.title} field={f('title')} />
          </Descriptions.Item>
          <Descriptions.Item label={f('taxpayerId')}>
            <Copyable value={inv.title.taxpayerId} field={f('taxpayerId')} />
          </Descriptions.Item>
          <Descriptions.Item label={f('bank')}>
            <Copyable value={inv.title.bank} field={f('bank')} />
          </Descriptions.Item>
          <Descriptions.Item label={f('bankAccount')}>
            <Copyable value={inv.title.bankAccount} field={f('bankAccount')} />
          </Descriptions.Item>
          <Descriptions.Item label={f('registeredAddress')}>
            <Copyable value={inv.title.registeredAddress} field={f('registeredAddress')} />
          </Descriptions.Item>
          <Descriptions.Item label={f('registeredPhone')}>
            <Copyable value={inv.title.registeredPhone} field={f('registeredPhone')} />
          </Descriptions.Item>
        </Descriptions>
      </Section>

      <Section title={f('recipient')}>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={f('recipientName')}>
            <Copyable value={inv.recipient.name} field={f('recipientName')} />
          </Descriptions.Item>
          <Descriptions.Item label={f('recipientPhone')}>
            <Copyable value={inv.recipient.phone} field={f('recipientPhone')} />
          </Descriptions.Item>
          {(inv.type === 'special' || inv.recipient.address) && (
            <Descriptions.Item label={f('recipientAddress')}>
              <Copyable value={inv.recipient.address} field={f('recipientAddress')} />
            </Descriptions.Item>
          )}
          <Descriptions.Item label={f('recipientEmail')}>
            <Copyable value={inv.recipient.email} field={f('recipientEmail')} />
          </Descriptions.Item>
        </Descriptions>
      </Section>

      <Section title={t('ops:invoices.field.orders', { count: inv.orders.length })}>
        <RowsTable<OrderLine>
          rowKey="orderNo"
          size="small"
          columns={orderColumns}
          rows={inv.orders}
          scroll={{ x: 'max-content' }}
          data-testid="ops-invoice-orders"
        />
      </Section>

      <Section title={f('amounts')}>
        <dl className="ops-invoice-amounts" data-testid="ops-invoice-amounts">
          <dt>{f('net')}</dt>
          <dd>{yuan(inv.net)}</dd>
          <dt>{t('ops:invoices.field.tax', { rate: INVOICE_TAX_PERCENT })}</dt>
          <dd>{yuan(inv.tax)}</dd>
          <dt>{f('total')}</dt>
          <dd>
            <Typography.Text strong>{yuan(inv.total)}</Typography.Text>
          </dd>
        </dl>
      </Section>

      <Section title={f('timeline')}>
        <Timeline
          items={inv.timeline.map((e, i) => ({
            key: `${e.kind}-${i}`,
            color: e.kind === 'cancelled' ? 'gray' : e.kind === 'issued' ? 'green' : 'blue',
            content: (
              <>
                <Typography.Text type="secondary" className="ops-invoice-event-at">
                  {formatUtc(e.at, 'YYYY-MM-DD HH:mm')} UTC
                </Typography.Text>
                {t(`ops:invoices.event.${e.kind}`)}
                {e.by && (
                  <>
                    {' · '}
                    <UserText>{e.by}</UserText>
                  </>
                )}
                {e.note && (
                  <div className="ops-invoice-note">
                    <UserText className="break-all">{e.note}</UserText>
                  </div>
                )}
              </>
            ),
          }))}
        />
      </Section>
    </div>
  );
}
