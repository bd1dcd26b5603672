import { Alert, Button, Empty, Result, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openOnRowClick } from '../invoices/rowClick';
import { type TBill, useBillList } from './api';
import { BillDrawer } from './BillDrawer';
import { BILL_TABLE_WIDTH, billColumns } from './billColumns';
import { ExportBillButton } from './ExportBillButton';

const PAGE_SIZES = [12, 24, 48] as const;

/**
 * The monthly bills of the paying company: one per closed UTC month (package, overage, roaming
 * and number fees), newest first; a bill opens its detail and downloads as xlsx.
 */
export function MonthlyBillsTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState<{ pageNum: number; pageSize: number }>({ pageNum: 1, pageSize: 12 });
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
      {list.isError && !list.data ? (
        <Result
          status="warning"
          title={t('invoices:bills.loadFailed')}
          extra={<Button onClick={() => void list.refetch()}>{t('common:action.retry')}</Button>}
        />
      ) : (
        <Table<TBill>
          rowKey="id"
          size="middle"
          data-testid="bill-table"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          scroll={{ x: BILL_TABLE_WIDTH }}
          locale={{ emptyText: list.isPending ? ' ' : <Empty description={t('invoices:bills.empty')} /> }}
          rowClassName="invoice-row-clickable"
          onRow={openOnRowClick(show)}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => t('invoices:list.total', { count: total }),
            onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize !== page.pageSize ? 1 : pageNum, pageSize }),
          }}
        />
      )}
      <BillDrawer bill={open.bill} open={open.open} onClose={() => setOpen((o) => ({ ...o, open: false }))} />
    </div>
  );
}
