import type { InvoiceStatus, InvoiceType, TInvoice } from '@rrp/contracts';
import { INVOICE_STATUSES, INVOICE_TYPES } from '@rrp/contracts/constants';
import { Alert, Button, Card, DatePicker, Input, Select, Space, type TableColumnsType, Tabs, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../features/orders/money';
import dayjs from '../../lib/dayjs';
import { formatUtc } from '../../lib/format';
import { dayField, oneOfField, PAGE_SIZES, PagedTable, textField, type UrlFields, useListUrl } from '../../lib/list';
import { UserText } from '../../lib/UserText';
import { useOpsInvoiceList } from './api';
import { InvoiceDeadline } from './InvoiceDeadline';
import { InvoiceDrawer } from './InvoiceDrawer';
import { InvoiceTypeTag } from './InvoiceStatusTag';
import './invoices.css';

type Range = [Dayjs | null, Dayjs | null] | null;
type Filters = { status: InvoiceStatus; keyword?: string; type?: InvoiceType; from?: string; to?: string };

const FIELDS: UrlFields<Filters> = {
  status: oneOfField(INVOICE_STATUSES, 'in_progress'),
  keyword: textField(50),
  type: oneOfField(INVOICE_TYPES),
  from: dayField(),
  to: dayField(),
};

/**
 * Issuing invoices: the customers' applications by state (in progress, issued, cancelled) with
 * the count of each, searched by ticket number, company or header title and filtered by type and
 * application day (UTC); a work order opens in a drawer to issue or cancel it.
 */
export default function InvoicesPage() {
  const { t, i18n } = useTranslation();
  const { filters, page, setFilters, setPage } = useListUrl({ fields: FIELDS, pageSizes: PAGE_SIZES, defaultSize: 20 });
  const { status, keyword, type, from, to } = filters;
  const range: Range = from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null;
  const [openId, setOpenId] = useState<string | null>(null);

  const list = useOpsInvoiceList({ status, type, keyword, from, to, ...page });
  const counts = list.data?.counts;
  const c = (key: string) => t(`ops:invoices.column.${key}`);

  const columns: TableColumnsType<TInvoice> = [
    {
      key: 'ticketNo',
      title: c('ticketNo'),
      dataIndex: 'ticketNo',
      render: (v: string, r) => (
        <Button type="link" size="small" className="ops-invoice-ticket" onClick={() => setOpenId(r.id)} data-testid={`ops-invoice-${v}`}>
          {v}
        </Button>
      ),
    },
    { key: 'company', title: c('company'), dataIndex: 'companyName', render: (v: string) => <UserText className="break-all">{v}</UserText> },
    { key: 'type', title: c('type'), dataIndex: 'type', render: (v: InvoiceType) => <InvoiceTypeTag type={v} /> },
    { key: 'title', title: c('title'), dataIndex: ['title', 'title'], render: (v: string) => <UserText className="break-all">{v}</UserText> },
    {
      key: 'total',
      title: c('total'),
      dataIndex: 'total',
      align: 'right',
      render: (v: number) => <Typography.Text strong>{formatYuan(v, i18n.language)}</Typography.Text>,
    },
    { key: 'orders', title: c('orders'), dataIndex: 'orderNos', align: 'right', render: (v: string[]) => v.length },
    { key: 'appliedAt', title: c('appliedAt'), dataIndex: 'appliedAt', render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm') },
    { key: 'applicant', title: c('applicant'), dataIndex: 'applicant', render: (v: string | null) => (v ? <UserText>{v}</UserText> : '—') },
    ...(status === 'in_progress' ? [{ key: 'due', title: c('due'), render: (_: unknown, r: TInvoice) => <InvoiceDeadline invoice={r} /> }] : []),
    ...(status === 'issued'
      ? [
          { key: 'invoiceNo', title: c('invoiceNo'), dataIndex: 'invoiceNo', render: (v: string | null) => (v ? <UserText>{v}</UserText> : '—') },
          { key: 'issuedBy', title: c('issuedBy'), dataIndex: 'executor', render: (v: string | null) => (v ? <UserText>{v}</UserText> : '—') },
          { key: 'issuedAt', title: c('issuedAt'), dataIndex: 'issuedAt', render: (v: string | null) => formatUtc(v, 'YYYY-MM-DD HH:mm') },
        ]
      : []),
    ...(status === 'cancelled'
      ? [
          { key: 'cancelledBy', title: c('cancelledBy'), dataIndex: 'executor', render: (v: string | null) => (v ? <UserText>{v}</UserText> : '—') },
          { key: 'cancelledAt', title: c('cancelledAt'), dataIndex: 'cancelledAt', render: (v: string | null) => formatUtc(v, 'YYYY-MM-DD HH:mm') },
        ]
      : []),
    {
      key: 'actions',
      title: t('ops:actions'),
      render: (_v, r) => (
        <Button
          type="link"
          size="small"
          onClick={() => setOpenId(r.id)}
          aria-label={`${status === 'in_progress' ? t('ops:invoices.handle') : t('ops:invoices.view')} ${r.ticketNo}`}
        >
          {status === 'in_progress' ? t('ops:invoices.handle') : t('ops:invoices.view')}
        </Button>
      ),
    },
  ];

  const tabs = INVOICE_STATUSES.map((s) => ({
    key: s,
    label: (
      <span className="ops-invoices-tab" data-testid={`ops-invoices-tab-${s}`}>
        {t(`invoices:status.${s}`)}
        {counts && (
          <span className={`ops-invoices-count ops-invoices-count-${s}`} data-testid={`ops-invoices-count-${s}`}>
            {counts[s]}
          </span>
        )}
      </span>
    ),
  }));

  return (
    <Card variant="borderless" title={t('ops:menu.invoices')} extra={<Typography.Text type="secondary">{t('ops:invoices.utc')}</Typography.Text>}>
      <Tabs className="ops-invoices-tabs" activeKey={status} onChange={(k) => setFilters({ ...filters, status: k as InvoiceStatus })} items={tabs} />
      <Space wrap className="ops-invoices-filters">
        <Input.Search
          allowClear
          placeholder={t('ops:invoices.keyword')}
          aria-label={t('ops:invoices.keyword')}
          maxLength={50}
          defaultValue={keyword}
          onSearch={(v) => setFilters({ ...filters, keyword: v.trim() || undefined })}
          className="ops-invoices-search"
          data-testid="ops-invoices-search"
        />
        <Select
          allowClear
          className="ops-invoices-type"
          placeholder={t('ops:invoices.allTypes')}
          aria-label={t('ops:invoices.column.type')}
          value={type}
          onChange={(v) => setFilters({ ...filters, type: v })}
          options={INVOICE_TYPES.map((v) => ({ value: v, label: t(`invoices:type.${v}`) }))}
          data-testid="ops-invoices-type"
        />
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          value={range}
          onChange={(v) => {
            const days = v as Range;
            setFilters({ ...filters, from: days?.[0]?.format('YYYY-MM-DD'), to: days?.[1]?.format('YYYY-MM-DD') });
          }}
          placeholder={[t('ops:invoices.appliedFrom'), t('ops:invoices.appliedTo')]}
          className="ops-invoices-days"
          data-testid="ops-invoices-days"
        />
      </Space>
      {list.isError && list.data && (
        <Alert
          type="warning"
          showIcon
          title={t('common:systemError')}
          className="ops-invoice-alert"
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('common:action.retry')}
            </Button>
          }
        />
      )}
      <PagedTable<TInvoice>
        rowKey="id"
        data-testid="ops-invoices"
        columns={columns}
        list={list}
        page={page}
        setPage={setPage}
        scroll={{ x: 'max-content' }}
        loadFailed={t('common:systemError')}
        empty={t(`ops:invoices.empty.${status}`)}
        totalText={(n) => t('ops:total', { count: n })}
      />
      <InvoiceDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
