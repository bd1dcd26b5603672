import type { LicenseLedgerReason, TLicenseLedgerRow } from '@rrp/contracts';
import { LICENSE_LEDGER_REASONS } from '@rrp/contracts/constants';
import { Card, DatePicker, Form, Select, type TableColumnsType, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../lib/dayjs';
import { formatUtc } from '../../lib/format';
import { dayField, FilterBar, oneOfField, PAGE_SIZES, PagedTable, type UrlFields, useListUrl } from '../../lib/list';
import { UserText } from '../../lib/UserText';
import { type LedgerRequest, useLedger } from './api';

type Filters = Omit<LedgerRequest, 'pageNum' | 'pageSize'>;
type Values = { reason?: LicenseLedgerReason; days?: [Dayjs | null, Dayjs | null] | null };

const FIELDS: UrlFields<Filters> = { reason: oneOfField(LICENSE_LEDGER_REASONS), from: dayField(), to: dayField() };

const REASON_COLOR: Record<LicenseLedgerReason, string> = {
  certification: 'green',
  purchase: 'green',
  grant: 'green',
  import: 'blue',
  renewal: 'gold',
  auto_renewal: 'gold',
  migration: 'default',
};

/** The License history: every grant, purchase, use and renewal, the balance after each; filtered by change type and days. */
export function LicenseLedger() {
  const { t, i18n } = useTranslation();
  // the expiring devices share the page's URL: this list's keys are prefixed (ledgerReason, ledgerPage)
  const { filters, page, setFilters, setPage } = useListUrl({ fields: FIELDS, pageSizes: PAGE_SIZES, prefix: 'ledger' });
  const ledger = useLedger({ ...filters, ...page });
  const nf = new Intl.NumberFormat(i18n.language, { signDisplay: 'exceptZero' });
  const { reason, from, to } = filters;
  const values = useMemo<Values>(() => ({ reason, days: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null }), [reason, from, to]);

  const apply = (v: Values) => setFilters({ reason: v.reason || undefined, from: v.days?.[0]?.format('YYYY-MM-DD'), to: v.days?.[1]?.format('YYYY-MM-DD') });

  const columns: TableColumnsType<TLicenseLedgerRow> = [
    { key: 'at', title: t('orders:ledger.at'), dataIndex: 'at', width: 170, render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm') },
    {
      key: 'reason',
      title: t('orders:ledger.reason'),
      dataIndex: 'reason',
      width: 140,
      render: (v: LicenseLedgerReason) => <Tag color={REASON_COLOR[v]}>{t(`orders:ledgerReason.${v}`, { defaultValue: v })}</Tag>,
    },
    {
      key: 'delta',
      title: t('orders:ledger.delta'),
      dataIndex: 'delta',
      width: 100,
      align: 'right',
      render: (v: number) => <span className={v < 0 ? 'order-delta-minus' : 'order-delta-plus'}>{nf.format(v)}</span>,
    },
    { key: 'balance', title: t('orders:ledger.balance'), dataIndex: 'balance', width: 120, align: 'right' },
    { key: 'orderNo', title: t('orders:field.orderNo'), dataIndex: 'orderNo', width: 210, render: (v: string | null) => v ?? '—' },
    { key: 'imei', title: t('orders:ledger.imei'), dataIndex: 'imei', width: 170, render: (v: string | null) => v ?? '—' },
    {
      key: 'user',
      title: t('orders:ledger.user'),
      dataIndex: 'userName',
      width: 140,
      render: (v: string | null) => (v ? <UserText>{v}</UserText> : t('orders:ledger.system')),
    },
  ];

  return (
    <Card variant="borderless" title={t('orders:ledger.title')} extra={<Typography.Text type="secondary">{t('orders:list.utcNote')}</Typography.Text>}>
      <FilterBar<Values> prefix="ledger" values={values} onApply={apply} searchText={t('orders:filter.search')} resetText={t('orders:filter.reset')}>
        <Form.Item name="reason" label={t('orders:ledger.reason')}>
          <Select
            allowClear
            className="order-filter-select"
            placeholder={t('orders:filter.all')}
            data-testid="ledger-filter-reason"
            options={LICENSE_LEDGER_REASONS.map((r) => ({ value: r, label: t(`orders:ledgerReason.${r}`) }))}
          />
        </Form.Item>
        <Form.Item name="days" label={t('orders:ledger.days')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} className="order-filter-days" />
        </Form.Item>
      </FilterBar>
      <PagedTable<TLicenseLedgerRow>
        rowKey="id"
        data-testid="ledger-table"
        columns={columns}
        scroll={{ x: 1050 }}
        list={ledger}
        page={page}
        setPage={setPage}
        pageSizes={PAGE_SIZES}
        totalText={(n) => t('orders:list.total', { count: n })}
        loadFailed={t('orders:ledger.loadFailed')}
        empty={filters.reason || filters.from || filters.to ? t('orders:ledger.emptyFiltered') : t('orders:ledger.empty')}
      />
    </Card>
  );
}
