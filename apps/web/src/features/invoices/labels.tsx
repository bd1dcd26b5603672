import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus, InvoiceType } from './api';

const STATUS_COLOR: Record<InvoiceStatus, string> = { in_progress: 'blue', issued: 'green', cancelled: 'default' };

/** An application's state: invoicing in progress, issued or cancelled (colours of global.css, readable at AA). */
export function InvoiceStatusTag({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="invoice-status">
      {t(`invoices:status.${status}`)}
    </Tag>
  );
}

/** The invoice type in short: electronic ordinary or paper special. */
export function InvoiceTypeTag({ type }: { type: InvoiceType }) {
  const { t } = useTranslation();
  return <Tag title={t(`invoices:type.${type}`)}>{t(`invoices:typeShort.${type}`)}</Tag>;
}
