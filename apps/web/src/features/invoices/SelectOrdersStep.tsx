import { INVOICE_ISSUE_WORKING_DAYS, INVOICE_LIMITS, INVOICE_TYPES } from '@rrp/contracts/constants';
import { App, Button, Empty, Input, Radio, Result, Skeleton, Space, Table, Typography } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../orders/money';
import { type InvoiceType, type TInvoiceableOrder, useInvoiceableAmount, useInvoiceableOrders } from './api';
import { INVOICEABLE_TABLE_WIDTH, invoiceableColumns } from './invoiceableColumns';
import { SelectionSummary } from './SelectionSummary';
import { type Selection, updateSelection } from './selection';

const PAGE_SIZES = [10, 20, 50, 100] as const;

/** The invoice type: ordinary electronic for any order, special paper for offline-paid orders only. */
function TypePicker({ value, onChange }: { value: InvoiceType; onChange: (t: InvoiceType) => void }) {
  const { t } = useTranslation();
  return (
    <div className="invoice-type">
      <Typography.Text strong id="invoice-type-label" className="invoice-type-label">
        {t('invoices:field.type')}
      </Typography.Text>
      <Radio.Group
        value={value}
        onChange={(e) => onChange(e.target.value as InvoiceType)}
        className="invoice-type-options"
        data-testid="invoice-type"
        aria-labelledby="invoice-type-label"
        options={INVOICE_TYPES.map((type) => ({
          value: type,
          className: 'invoice-type-option',
          label: (
            <span>
              <span className="invoice-type-name">{t(`invoices:type.${type}`)}</span>
              <Typography.Text type="secondary" className="invoice-type-hint">
                {t(`invoices:apply.typeHint.${type}`, { days: INVOICE_ISSUE_WORKING_DAYS[type] })}
              </Typography.Text>
            </span>
          ),
        }))}
      />
    </div>
  );
}

/** What can be invoiced now: the amount of the completed orders not yet invoiced, and of it what was paid offline. */
function InvoiceableAmount() {
  const { t, i18n } = useTranslation();
  const q = useInvoiceableAmount();
  if (q.isPending) return <Skeleton.Input active size="small" className="invoice-invoiceable-skeleton" />;
  if (!q.data) return null;
  const a = q.data;
  return (
    <div className="invoice-invoiceable" data-testid="invoice-invoiceable">
      <Typography.Text type="secondary">{t('invoices:apply.invoiceable')}</Typography.Text>
      <Typography.Text strong className="invoice-invoiceable-value" data-testid="invoice-invoiceable-amount">
        {formatYuan(a.amount, i18n.language)}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('invoices:apply.invoiceableDetail', { count: a.orders, offline: formatYuan(a.offlineAmount, i18n.language) })}
      </Typography.Text>
    </div>
  );
}

/**
 * Step 1 of an application: the invoice type, then the completed orders it allows, with
 * checkboxes (the selection survives paging, up to INVOICE_LIMITS.ordersPerApplication) and the
 * live net, tax and total of what is selected.
 */
export function SelectOrdersStep({
  type,
  onTypeChange,
  selection,
  onSelectionChange,
  onNext,
}: {
  type: InvoiceType;
  onTypeChange: (type: InvoiceType) => void;
  selection: Selection;
  onSelectionChange: (next: Map<string, TInvoiceableOrder>) => void;
  onNext: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState<{ pageNum: number; pageSize: number }>({ pageNum: 1, pageSize: 20 });
  const [payer, setPayer] = useState('');
  const orders = useInvoiceableOrders({ type, ...page, ...(payer ? { payerName: payer } : {}) });
  const rows = orders.data?.list ?? [];
  const max = INVOICE_LIMITS.ordersPerApplication;
  const full = selection.size >= max;

  const changeType = (next: InvoiceType) => {
    setPage((p) => ({ ...p, pageNum: 1 }));
    onTypeChange(next);
  };
  const select = (keys: Key[]) => {
    const { next, capped } = updateSelection(selection, rows, new Set(keys.map(String)), max);
    if (capped) void message.warning(t('invoices:apply.limitReached', { max }));
    onSelectionChange(next);
  };

  const empty = payer ? <Empty description={t('invoices:apply.emptyFiltered')} /> : <Empty description={t(`invoices:apply.empty.${type}`)} />;

  return (
    <div className="invoice-step" data-testid="invoice-step-orders">
      <TypePicker value={type} onChange={changeType} />
      <InvoiceableAmount />
      <div className="invoice-toolbar">
        <Input.Search
          allowClear
          className="invoice-payer-search"
          aria-label={t('invoices:apply.payerSearch')}
          placeholder={t('invoices:apply.payerSearch')}
          enterButton={t('invoices:apply.search')}
          maxLength={40}
          translate="no"
          data-testid="invoice-payer-search"
          onSearch={(v) => {
            setPayer(v.trim());
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        />
        <Space size={8} wrap>
          <Typography.Text data-testid="invoice-selected-count">{t('invoices:apply.selected', { count: selection.size, max })}</Typography.Text>
          {selection.size > 0 && (
            <Button size="small" onClick={() => onSelectionChange(new Map())} data-testid="invoice-clear-selection">
              {t('invoices:apply.clear')}
            </Button>
          )}
        </Space>
      </div>
      {orders.isError && !orders.data ? (
        <Result
          status="warning"
          title={t('invoices:apply.ordersFailed')}
          extra={<Button onClick={() => void orders.refetch()}>{t('common:action.retry')}</Button>}
        />
      ) : (
        <Table<TInvoiceableOrder>
          rowKey="orderNo"
          size="middle"
          data-testid="invoiceable-table"
          columns={invoiceableColumns(t, i18n.language)}
          dataSource={rows}
          loading={orders.isPending || (orders.isFetching && orders.isPlaceholderData)}
          scroll={{ x: INVOICEABLE_TABLE_WIDTH }}
          locale={{ emptyText: orders.isPending ? ' ' : empty }}
          rowSelection={{
            selectedRowKeys: [...selection.keys()],
            preserveSelectedRowKeys: true,
            onChange: select,
            getCheckboxProps: (o) =>
              ({
                disabled: full && !selection.has(o.orderNo),
                'aria-label': t('invoices:apply.selectLabel', { orderNo: o.orderNo }),
                'data-testid': `invoiceable-check-${o.orderNo}`,
              }) as never,
          }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: orders.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => t('invoices:list.total', { count: total }),
            onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize !== page.pageSize ? 1 : pageNum, pageSize }),
          }}
        />
      )}
      <div className="invoice-step-footer">
        <SelectionSummary orders={[...selection.values()]} />
        <div className="invoice-step-actions">
          {selection.size === 0 && <Typography.Text type="secondary">{t('invoices:apply.selectFirst')}</Typography.Text>}
          <Button type="primary" disabled={selection.size === 0} onClick={onNext} data-testid="invoice-next">
            {t('invoices:apply.next')}
          </Button>
        </div>
      </div>
    </div>
  );
}
