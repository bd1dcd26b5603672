import type { InvoiceStatus, InvoiceType } from '@rrp/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR: Record<InvoiceStatus, string> = { in_progress: 'processing', issued: 'success', cancelled: 'default' };

/** An application's state, in the words of the customer's invoice pages. */
export function InvoiceStatusTag({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOR[status]} data-testid="ops-invoice-status">
      {t(`invoices:status.${status}`)}
    </Tag>
  );
}

/** The invoice type, short (electronic ordinary / paper special), with the full name as a tooltip. */
export function InvoiceTypeTag({ type }: { type: InvoiceType }) {
  const { t } = useTranslation();
  return (
    <Tag color={type === 'special' ? 'gold' : 'blue'} title={t(`invoices:type.${type}`)}>
      {t(`invoices:typeShort.${type}`)}
    </Tag>
  );
}
