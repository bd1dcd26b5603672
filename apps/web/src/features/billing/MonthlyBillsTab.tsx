import { Alert, Button, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type UrlFields, useListUrl } from '../../lib/list';
import { openOnRowClick } from '../invoices/rowClick';
import { type TBill, useBillList } from './api';
import { BillDrawer } from './BillDrawer';
import { BILL_TABLE_WIDTH, billColumns } from './billColumns';
import { ExportBillButton } from './ExportBillButton';

const PAGE_SIZES = [12, 24, 48] as const;
/** no filters: the page is in the URL as billsPage and billsSize (the records tab shares the page's URL) */
const NO_FIELDS: UrlFields<object> = {};

/**
 * The monthly bills of the paying company: one per closed UTC month (package, overage, roaming
 * and number fees), newest first; a bill opens its detail and downloads as xlsx.
 */
export function MonthlyBillsTab() {
  const { t, i18n } = useTranslation();
  const { page, setPage } = useListUrl({ fields: NO_FIELDS, pageSizes: PAGE_SIZES, prefix: 'bills' });
  const [open, setOpen] = useState<{ bill: TBill | null; open: boolean }>({ bill: null, open: false });
  const show = (bill: TBill) => setOpen({ bill, open: true });
  const list = useBillList(page);

  const columns = billColumns(t, i18n.language, {
    onOpen: show,
    actions: (b) => (
      <>
        <Button type="link" size="small" onClick={() => show(b)} aria-label={t('invoices:bills.viewOf', { month: b.billMonth })}>
          {t('invoices:bills.view')}
        </Button>
        <ExportBillButton bill={b} type="link" size="small" />
      </>
    ),
  });

  return (
    <div data-testid="bills">
      <Alert type="info" showIcon className="invoice-note-alert" title={t('invoices:bills.note')} />
      <PagedTable<TBill>
        rowKey="id"
        data-testid="bill-table"
        columns={columns}
        scroll={{ x: BILL_TABLE_WIDTH }}
        rowClassName="invoice-row-clickable"
        onRow={openOnRowClick(show)}
        list={list}
        page={page}
        setPage={setPage}
        pageSizes={PAGE_SIZES}
        totalText={(total) => t('invoices:list.total', { count: total })}
        loadFailed={t('invoices:bills.loadFailed')}
        empty={<Empty description={t('invoices:bills.empty')} />}
      />
      <BillDrawer bill={open.bill} open={open.open} onClose={() => setOpen((o) => ({ ...o, open: false }))} />
    </div>
  );
}
