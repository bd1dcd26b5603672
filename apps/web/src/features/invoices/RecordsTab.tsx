import { FileAddOutlined } from '@ant-design/icons';
import { Button, Empty, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagedTable } from '../../lib/list';
import { type InvoiceListRequest, type TInvoice, useInvoiceList } from './api';
import { InvoiceDrawer } from './InvoiceDrawer';
import { type RecordFilters, RecordFiltersForm } from './RecordFiltersForm';
import { RECORD_TABLE_WIDTH, recordColumns } from './recordColumns';
import { openOnRowClick } from './rowClick';
import { recordFromQuery, recordLink } from './tabs';

const PAGE_SIZES = [10, 20, 50] as const;

/** The applications of the company, newest first, filtered and paged; a work order opens in a drawer (its id in the URL). */
export function RecordsTab({ onApply }: { onApply: () => void }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const openId = recordFromQuery(params);
  const [filters, setFilters] = useState<RecordFilters>({});
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const req = useMemo<InvoiceListRequest>(
    () => ({ ...page, ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) }),
    [filters, page],
  );
  const list = useInvoiceList(req);
  const filtered = Object.values(filters).some((v) => v !== undefined);

  const open = (inv: TInvoice) => setParams(recordLink(inv.id));
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
      <RecordFiltersForm
        onApply={(f) => {
          setFilters(f);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
      />
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
      <InvoiceDrawer id={openId} onClose={() => setParams({ tab: 'records' })} />
    </div>
  );
}
