import { Card, Radio, Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIsPhone } from '../../lib/useIsPhone';
import { MonthlyBillsTab } from '../billing/MonthlyBillsTab';
import { ApplyTab } from './ApplyTab';
import { PartiesTab } from './PartiesTab';
import { RecordsTab } from './RecordsTab';
import { INVOICE_TABS, type InvoiceTab, tabFromQuery, tabQuery } from './tabs';
import './invoices.css';

/**
 * Invoice management (spec section 2, /bill): apply for an invoice over completed orders, the
 * records of the applications with their work orders, the saved headers and recipients, and the
 * monthly bills. The tab (and an opened work order) are in the URL, so links land on them, as are
 * the filters and page of the records and the page of the bills. A tab once shown stays mounted,
 * so an application in progress survives a look at the headers.
 */
export default function InvoicesPage() {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const tab = tabFromQuery(params);
  const [visited, setVisited] = useState<ReadonlySet<InvoiceTab>>(() => new Set([tab]));
  if (!visited.has(tab)) setVisited(new Set([...visited, tab]));

  const show = (next: InvoiceTab) => setParams((p) => tabQuery(p, next));
  const panes: Record<InvoiceTab, ReactNode> = {
    apply: <ApplyTab onViewRecord={(id) => setParams((p) => tabQuery(p, 'records', id))} />,
    records: <RecordsTab onApply={() => show('apply')} />,
    parties: <PartiesTab />,
    bills: <MonthlyBillsTab />,
  };
  const label = (key: InvoiceTab) => t(`invoices:tabs.${key}`);

  // a phone has no room for the four tab titles in a row (antd would fold them into a menu):
  // they wrap as a group of buttons above the shown pane
  if (phone)
    return (
      <Card variant="borderless" className="invoice-card">
        <Radio.Group
          value={tab}
          onChange={(e) => show(e.target.value as InvoiceTab)}
          optionType="button"
          buttonStyle="solid"
          className="invoice-tab-switch"
          aria-label={t('menu:page.bill')}
          data-testid="invoice-tabs"
          options={INVOICE_TABS.map((key) => ({ value: key, label: label(key) }))}
        />
        {INVOICE_TABS.filter((key) => visited.has(key)).map((key) => (
          <div key={key} hidden={key !== tab}>
            {panes[key]}
          </div>
        ))}
      </Card>
    );

  return (
    <Card variant="borderless" className="invoice-card">
      <Tabs
        activeKey={tab}
        onChange={(key) => show(key as InvoiceTab)}
        data-testid="invoice-tabs"
        items={INVOICE_TABS.map((key) => ({ key, label: label(key), children: panes[key] }))}
      />
    </Card>
  );
}
