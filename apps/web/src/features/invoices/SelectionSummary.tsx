import { INVOICE_LIMITS, INVOICE_TAX_PERCENT } from '@rrp/contracts/constants';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen } from '../orders/money';
import type { TInvoiceableOrder } from './api';
import { selectionAmounts } from './selection';

/**
 * The amounts of the orders selected for an invoice, updated as the selection changes: the
 * tax-inclusive total, and the net and the 6 % tax the invoice will show (computed on the whole
 * invoice, as the server does).
 */
export function SelectionSummary({ orders }: { orders: readonly TInvoiceableOrder[] }) {
  const { t, i18n } = useTranslation();
  const { netFen, taxFen, totalFen } = selectionAmounts(orders);
  const money = (fen: number) => formatFen(fen, i18n.language);
  return (
    <section className="invoice-summary" aria-labelledby="invoice-summary-title" data-testid="invoice-summary">
      <Typography.Title level={5} id="invoice-summary-title" className="invoice-summary-title">
        {t('invoices:summary.title')}
      </Typography.Title>
      <dl className="invoice-summary-lines" aria-live="polite">
        <dt>{t('invoices:summary.count')}</dt>
        <dd data-testid="invoice-summary-count">{t('invoices:summary.countValue', { count: orders.length, max: INVOICE_LIMITS.ordersPerApplication })}</dd>
        <dt>{t('invoices:field.net')}</dt>
        <dd data-testid="invoice-summary-net">{money(netFen)}</dd>
        <dt>{t('invoices:field.taxOf', { percent: INVOICE_TAX_PERCENT })}</dt>
        <dd data-testid="invoice-summary-tax">{money(taxFen)}</dd>
        <dt className="invoice-summary-total-label">{t('invoices:field.total')}</dt>
        <dd className="invoice-summary-total" data-testid="invoice-summary-total">
          {money(totalFen)}
        </dd>
      </dl>
      <Typography.Paragraph type="secondary" className="invoice-summary-note">
        {t('invoices:summary.note', { percent: INVOICE_TAX_PERCENT })}
      </Typography.Paragraph>
    </section>
  );
}
