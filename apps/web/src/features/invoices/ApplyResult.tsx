import { INVOICE_TAX_PERCENT } from '@rrp/contracts/constants';
import { Button, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../orders/money';
import type { TInvoiceDetail } from './api';

/**
 * Step 3: the application is in. Its work order number, what it amounts to, when the invoice
 * is expected (2 working days electronic, 3 paper, freight on the platform), and where to go next.
 */
export function ApplyResult({ invoice, onView, onAgain }: { invoice: TInvoiceDetail; onView: () => void; onAgain: () => void }) {
  const { t, i18n } = useTranslation();
  const money = (v: number) => formatYuan(v, i18n.language);
  return (
    <Result
      status="success"
      className="invoice-result"
      data-testid="invoice-result"
      title={t('invoices:result.title')}
      subTitle={
        <Space orientation="vertical" size={4} className="invoice-result-lines">
          <span>
            {t('invoices:field.ticketNo')}
            {t('common:colon')}
            <Typography.Text copyable strong translate="no" data-testid="invoice-result-ticket">
              {invoice.ticketNo}
            </Typography.Text>
          </span>
          <span>
            {t(`invoices:type.${invoice.type}`)} · {t('invoices:result.orders', { count: invoice.orderNos.length })}
          </span>
          <span data-testid="invoice-result-amounts">
            {t('invoices:result.amounts', { total: money(invoice.total), net: money(invoice.net), tax: money(invoice.tax), percent: INVOICE_TAX_PERCENT })}
          </span>
          <span data-testid="invoice-result-expected">{t(`invoices:result.expected.${invoice.type}`, { days: invoice.expectedWorkingDays })}</span>
        </Space>
      }
      extra={
        <Space wrap className="invoice-result-actions">
          <Button type="primary" onClick={onView} data-testid="invoice-result-view">
            {t('invoices:result.view')}
          </Button>
          <Button onClick={onAgain} data-testid="invoice-result-again">
            {t('invoices:result.again')}
          </Button>
        </Space>
      }
    />
  );
}
