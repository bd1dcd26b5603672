import type { InvoiceStatus, InvoiceType, TInvoice } from '@rrp/contracts';
import { INVOICE_STATUSES, INVOICE_TYPES } from '@rrp/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Input, Select, Space, Table, type TableColumnsType, Tabs, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../features/orders/money';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';
import { InvoiceDeadline } from './InvoiceDeadline';
import { InvoiceDrawer } from './InvoiceDrawer';
import { InvoiceTypeTag } from './InvoiceStatusTag';
import { listInvoices, OPS_INVOICES_KEY, type OpsInvoiceListRequest } from './opsInvoiceApi';
import './invoices.css';

type Range = [Dayjs | null, Dayjs | null] | null;

/**
 * Issuing invoices: the customers' applications by state (in progress, issued, cancelled) with
 * the count of each, searched by ticket number, company or header title and filtered by type and
 * application day (UTC); a work order opens in a drawer to issue or cancel it.
 */
export default function InvoicesPage() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<InvoiceStatus>('in_progress');
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<InvoiceType | undefined>();
  const [range, setRange] = useState<Range>(null);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [openId, setOpenId] = useState<string | null>(null);

  const body: OpsInvoiceListRequest = {
    status,
    type,
    keyword: keyword || undefined,
    from: range?.[0]?.format('YYYY-MM-DD'),
    to: range?.[1]?.format('YYYY-MM-DD'),
    ...page,
  };
  const list = useQuery({ queryKey: [...OPS_INVOICES_KEY, 'list', body], queryFn: () => listInvoices(body), placeholderData: keepPreviousData });
  const counts = list.data?.counts;
  const firstPage = () => setPage((p) => ({ ...p, pageNum: 1 }));
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
      <Tabs className="ops-invoices-tabs" activeKey={status} onChange={(k) => (setStatus(k as InvoiceStatus), firstPage())} items={tabs} />
      <Space wrap className="ops-invoices-filters">
        <Input.Search
          allowClear
          placeholder={t('ops:invoices.keyword')}
          aria-label={t('ops:invoices.keyword')}
          maxLength={50}
          onSearch={(v) => (setKeyword(v.trim()), firstPage())}
          className="ops-invoices-search"
          data-testid="ops-invoices-search"
        />
        <Select
          allowClear
          className="ops-invoices-type"
          placeholder={t('ops:invoices.allTypes')}
          aria-label={t('ops:invoices.column.type')}
          value={type}
          onChange={(v) => (setType(v), firstPage())}
          options={INVOICE_TYPES.map((v) => ({ value: v, label: t(`invoices:type.${v}`) }))}
          data-testid="ops-invoices-type"
        />
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          value={range}
          onChange={(v) => (setRange(v as Range), firstPage())}
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
      <Table<TInvoice>
        rowKey="id"
        data-testid="ops-invoices"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: list.isError ? (
            <Space orientation="vertical">
              {t('common:systemError')}
              <Button onClick={() => void list.refetch()}>{t('common:action.retry')}</Button>
            </Space>
          ) : (
            t(`ops:invoices.empty.${status}`)
          ),
        }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (n) => t('ops:total', { count: n }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
      <InvoiceDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
