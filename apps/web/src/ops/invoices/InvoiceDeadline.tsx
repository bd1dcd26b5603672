import type { TInvoice } from '@rrp/contracts';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { addWorkingDays, isOverdue } from './deadline';

/** The day an application in progress is due (applied day + 2 or 3 working days, UTC), flagged when late. */
export function InvoiceDeadline({ invoice, long = false }: { invoice: Pick<TInvoice, 'appliedAt' | 'expectedWorkingDays'>; long?: boolean }) {
  const { t } = useTranslation();
  const due = addWorkingDays(invoice.appliedAt, invoice.expectedWorkingDays);
  const late = isOverdue(due);
  return (
    <Space size={4} wrap data-testid="ops-invoice-due">
      <Typography.Text type={late ? 'danger' : undefined}>
        {long ? t('ops:invoices.dueLong', { date: due, count: invoice.expectedWorkingDays }) : due}
      </Typography.Text>
      {late && <Tag color="error">{t('ops:invoices.overdue')}</Tag>}
    </Space>
  );
}
