import { CloseCircleOutlined, DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { INVOICE_TAX_PERCENT } from '@rrp/contracts/constants';
import { Button, Descriptions, type DescriptionsProps, Drawer, Result, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DrawerSection } from '../../lib/DrawerSection';
import { formatUtc } from '../../lib/format';
import { RowsTable } from '../../lib/list';
import { UserText } from '../../lib/UserText';
import { formatYuan } from '../orders/money';
import { downloadInvoiceFile, downloadStatement, type TInvoiceDetail, useInvoiceDetail } from './api';
import { CancelInvoiceDialog } from './CancelInvoiceDialog';
import { InvoiceTimeline } from './InvoiceTimeline';
import { InvoiceStatusTag, InvoiceTypeTag } from './labels';

const text = (v: string | null | undefined): ReactNode => (v ? <UserText className="break-all">{v}</UserText> : '—');

/** A download button that shows its own progress (the http client shows a failure). */
function DownloadButton({
  run,
  icon,
  label,
  testId,
  primary,
}: {
  run: () => Promise<unknown>;
  icon: ReactNode;
  label: string;
  testId: string;
  primary?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type={primary ? 'primary' : 'default'}
      icon={icon}
      loading={busy}
      data-testid={testId}
      onClick={async () => {
        setBusy(true);
        try {
          await run();
        } catch {
          /* shown by the http client */
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}

/** A work order in full: its facts, orders, amounts, header, recipient and timeline. */
function InvoiceDetailView({ invoice: inv, onCancel }: { invoice: TInvoiceDetail; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const money = (v: number) => formatYuan(v, i18n.language);
  const time = (v: string | null) => formatUtc(v, 'YYYY-MM-DD HH:mm');
  const tf = (k: string) => t(`invoices:titleField.${k}`);
  const rf = (k: string) => t(`invoices:recipientField.${k}`);
  const paper = inv.type === 'special';

  const facts: DescriptionsProps['items'] = [
    {
      key: 'ticketNo',
      label: t('invoices:field.ticketNo'),
      children: (
        <Typography.Text copyable translate="no">
          {inv.ticketNo}
        </Typography.Text>
      ),
    },
    { key: 'type', label: t('invoices:field.type'), children: <InvoiceTypeTag type={inv.type} /> },
    { key: 'status', label: t('invoices:field.status'), children: <InvoiceStatusTag status={inv.status} /> },
    { key: 'appliedAt', label: t('invoices:field.appliedAt'), children: time(inv.appliedAt) },
    { key: 'applicant', label: t('invoices:field.applicant'), children: text(inv.applicant) },
  ];
  if (inv.status === 'in_progress')
    facts.push({
      key: 'expected',
      label: t('invoices:field.expected'),
      children: t(`invoices:result.expected.${inv.type}`, { days: inv.expectedWorkingDays }),
    });
  if (inv.status === 'issued')
    facts.push(
      { key: 'executor', label: t('invoices:field.executor'), children: text(inv.executor) },
      { key: 'issuedAt', label: t('invoices:field.issuedAt'), children: time(inv.issuedAt) },
      {
        key: 'invoiceNo',
        label: t('invoices:field.invoiceNo'),
        children: inv.invoiceNo ? (
          <Typography.Text copyable translate="no">
            {inv.invoiceNo}
          </Typography.Text>
        ) : (
          '—'
        ),
      },
      { key: 'invoiceDate', label: t('invoices:field.invoiceDate'), children: formatUtc(inv.invoiceDate, 'YYYY-MM-DD') },
    );
  if (inv.status === 'issued' && paper) facts.push({ key: 'trackingNote', label: t('invoices:field.trackingNote'), children: text(inv.trackingNote) });
  if (inv.status === 'cancelled')
    facts.push(
      { key: 'executor', label: t('invoices:field.cancelledBy'), children: text(inv.executor) },
      { key: 'cancelledAt', label: t('invoices:field.cancelledAt'), children: time(inv.cancelledAt) },
      { key: 'cancelReason', label: t('invoices:field.cancelReason'), children: text(inv.cancelReason) },
    );

  const canFile = inv.status === 'issued' && !!inv.fileName;
  return (
    <div data-testid="invoice-detail">
      <Space wrap className="invoice-drawer-actions">
        {canFile && (
          <DownloadButton
            primary
            run={() => downloadInvoiceFile(inv)}
            icon={<DownloadOutlined />}
            label={t('invoices:detail.downloadFile')}
            testId="invoice-download-file"
          />
        )}
        <DownloadButton
          run={() => downloadStatement(inv)}
          icon={<FilePdfOutlined />}
          label={t('invoices:detail.statement')}
          testId="invoice-download-statement"
        />
        {inv.status === 'in_progress' && (
          <Button danger icon={<CloseCircleOutlined />} onClick={onCancel} data-testid="invoice-cancel">
            {t('invoices:detail.cancel')}
          </Button>
        )}
      </Space>
      {inv.status === 'issued' && !inv.fileName && !paper && <Typography.Paragraph type="secondary">{t('invoices:detail.noFile')}</Typography.Paragraph>}
      <Descriptions column={1} bordered size="small" items={facts} data-testid="invoice-facts" />

      <DrawerSection title={t('invoices:detail.amounts')}>
        <dl className="invoice-summary-lines invoice-amounts" data-testid="invoice-amounts">
          <dt>{t('invoices:field.net')}</dt>
          <dd>{money(inv.net)}</dd>
          <dt>{t('invoices:field.taxOf', { percent: INVOICE_TAX_PERCENT })}</dt>
          <dd>{money(inv.tax)}</dd>
          <dt className="invoice-summary-total-label">{t('invoices:field.total')}</dt>
          <dd className="invoice-summary-total">{money(inv.total)}</dd>
        </dl>
      </DrawerSection>

      <DrawerSection title={t('invoices:detail.orders', { count: inv.orders.length })}>
        <RowsTable
          rowKey="orderNo"
          size="small"
          data-testid="invoice-order-lines"
          scroll={{ x: 620 }}
          rows={inv.orders}
          columns={[
            { key: 'orderNo', title: t('orders:field.orderNo'), dataIndex: 'orderNo', width: 200, render: (v: string) => <span translate="no">{v}</span> },
            { key: 'product', title: t('orders:field.product'), dataIndex: 'productName', width: 140, render: (v: string) => <UserText>{v}</UserText> },
            { key: 'quantity', title: t('orders:field.quantity'), dataIndex: 'quantity', width: 80, align: 'right' },
            { key: 'amount', title: t('invoices:field.orderAmount'), dataIndex: 'amount', width: 110, align: 'right', render: (v: number) => money(v) },
            {
              key: 'payMethod',
              title: t('orders:field.payMethod'),
              dataIndex: 'payMethod',
              width: 110,
              render: (v: 'wechat' | 'offline') => t(`orders:payMethod.${v}`),
            },
          ]}
        />
      </DrawerSection>

      <DrawerSection title={t('invoices:detail.title')}>
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'title', label: tf('title'), children: text(inv.title.title) },
            { key: 'taxpayerId', label: tf('taxpayerId'), children: text(inv.title.taxpayerId) },
            { key: 'bank', label: tf('bank'), children: text(inv.title.bank) },
            { key: 'bankAccount', label: tf('bankAccount'), children: text(inv.title.bankAccount) },
            { key: 'registeredAddress', label: tf('registeredAddress'), children: text(inv.title.registeredAddress) },
            { key: 'registeredPhone', label: tf('registeredPhone'), children: text(inv.title.registeredPhone) },
          ]}
        />
      </DrawerSection>

      <DrawerSection title={t('invoices:detail.recipient')}>
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'name', label: rf('name'), children: text(inv.recipient.name) },
            { key: 'phone', label: rf('phone'), children: text(inv.recipient.phone) },
            { key: 'email', label: rf('email'), children: text(inv.recipient.email) },
            ...(paper || inv.recipient.address ? [{ key: 'address', label: rf('address'), children: text(inv.recipient.address) }] : []),
          ]}
        />
      </DrawerSection>

      <DrawerSection title={t('invoices:detail.timeline')}>
        <InvoiceTimeline events={inv.timeline} />
      </DrawerSection>
    </div>
  );
}

/** The work order drawer of the records: the detail call, its loading and failure, and the cancel dialog. */
export function InvoiceDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  // the last work order stays on screen while the drawer slides out
  const [shownId, setShownId] = useState(id);
  if (id && id !== shownId) setShownId(id);
  const detail = useInvoiceDetail(id ?? shownId);
  const [cancelling, setCancelling] = useState(false);
  const inv = detail.data;
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      title={
        inv ? (
          <Trans i18nKey="invoices:detail.heading" values={{ ticketNo: inv.ticketNo }} components={{ no: <UserText /> }} />
        ) : (
          t('invoices:detail.headingLoading')
        )
      }
      size="large"
      destroyOnHidden
    >
      {detail.isLoading && <Skeleton active paragraph={{ rows: 10 }} />}
      {detail.isError && !inv && (
        <Result
          status="warning"
          title={t('invoices:detail.loadFailed')}
          extra={<Button onClick={() => void detail.refetch()}>{t('common:action.retry')}</Button>}
        />
      )}
      {inv && <InvoiceDetailView invoice={inv} onCancel={() => setCancelling(true)} />}
      <CancelInvoiceDialog invoice={cancelling && inv ? inv : null} onClose={() => setCancelling(false)} />
    </Drawer>
  );
}
