import { FileAddOutlined } from '@ant-design/icons';
import { INVOICE_STATUSES, INVOICE_TYPES } from '@rrp/contracts/constants';
import { Button, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { anyFilter, dayField, oneOfField, PagedTable, type UrlFields, useListUrl } from '../../lib/list';
import { type TInvoice, useInvoiceList } from './api';
import { InvoiceDrawer } from './InvoiceDrawer';
import { type RecordFilters, RecordFiltersForm } from './RecordFiltersForm';
import { RECORD_TABLE_WIDTH, recordColumns } from './recordColumns';
import { openOnRowClick } from './rowClick';
import { recordFromQuery, tabQuery } from './tabs';

const PAGE_SIZES = [10, 20, 50] as const;

/** In the URL as recordsStatus, recordsType, recordsFrom, recordsTo, recordsPage, recordsSize: the bills tab shares the page's URL. */
const FIELDS: UrlFields<RecordFilters> = { status: oneOfField(INVOICE_STATUSES), type: oneOfField(INVOICE_TYPES), from: dayField(), to: dayField() };

/** The applications of the company, newest first, filtered and paged; a work order opens in a drawer (its id in the URL). */
export function RecordsTab({ onApply }: { onApply: () => void }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const openId = recordFromQuery(params);
  const { filters, page, setFilters, setPage } = useListUrl({ fields: FIELDS, pageSizes: PAGE_SIZES, prefix: 'records' });
  const list = useInvoiceList({ ...page, ...filters });
  const filtered = anyFilter(filters);

  const open = (inv: TInvoice) => setParams((p) => tabQuery(p, 'records', inv.id));
  const empty = filtered ? (
    <Empty description={t('invoices:records.emptyFiltered')} />
  ) : (
    <Empty description={t('invoices:records.empty')}>
      <Button type="primary" icon={<FileAddOutlined />} onClick={onApply}>
        {t('invoices:records.apply')}
      </Button>
    </Empty>
  );

  return (
    <div data-testid="invoice-records">
      <RecordFiltersForm filters={filters} onApply={setFilters} />
      <Typography.Paragraph type="secondary" className="invoice-note">
        {t('invoices:records.note')}
      </Typography.Paragraph>
      <PagedTable<TInvoice>
        rowKey="id"
        data-testid="invoice-table"
        columns={recordColumns(t, i18n.language, open)}
        scroll={{ x: RECORD_TABLE_WIDTH }}
        rowClassName="invoice-row-clickable"
        onRow={openOnRowClick(open)}
        list={list}
        page={page}
        setPage={setPage}
        pageSizes={PAGE_SIZES}
        totalText={(total) => t('invoices:list.total', { count: total })}
        loadFailed={t('invoices:records.loadFailed')}
        empty={empty}
      />
      <InvoiceDrawer id={openId} onClose={() => setParams((p) => tabQuery(p, 'records'))} />
    </div>
  );
}
