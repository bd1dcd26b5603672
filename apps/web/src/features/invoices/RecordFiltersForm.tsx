import { INVOICE_STATUSES, INVOICE_TYPES } from '@rrp/contracts/constants';
import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../lib/dayjs';
import { FilterBar } from '../../lib/list';
import type { InvoiceStatus, InvoiceType } from './api';

/** The filters of the records: state, type and application dates (UTC days). */
export type RecordFilters = { status?: InvoiceStatus; type?: InvoiceType; from?: string; to?: string };

type Values = { status?: InvoiceStatus; type?: InvoiceType; days?: [Dayjs | null, Dayjs | null] | null };

/** The records' filters, read from the URL; applying them writes it. */
export function RecordFiltersForm({ filters, onApply }: { filters: RecordFilters; onApply: (filters: RecordFilters) => void }) {
  const { t } = useTranslation();
  const { status, type, from, to } = filters;
  const values = useMemo<Values>(
    () => ({ status, type, days: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null }),
    [status, type, from, to],
  );
  const apply = (v: Values) =>
    onApply({
      status: v.status || undefined,
      type: v.type || undefined,
      from: v.days?.[0]?.format('YYYY-MM-DD'),
      to: v.days?.[1]?.format('YYYY-MM-DD'),
    });
  return (
    <FilterBar<Values> prefix="invoice" values={values} onApply={apply} searchText={t('invoices:records.search')} resetText={t('invoices:records.reset')}>
      <Form.Item name="status" label={t('invoices:field.status')}>
        <Select
          allowClear
          className="invoice-filter-select"
          placeholder={t('invoices:records.all')}
          data-testid="invoice-filter-status"
          options={INVOICE_STATUSES.map((s) => ({ value: s, label: t(`invoices:status.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="type" label={t('invoices:field.type')}>
        <Select
          allowClear
          className="invoice-filter-select"
          placeholder={t('invoices:records.all')}
          data-testid="invoice-filter-type"
          options={INVOICE_TYPES.map((s) => ({ value: s, label: t(`invoices:typeShort.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="days" label={t('invoices:records.days')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} className="invoice-filter-days" data-testid="invoice-filter-days" />
      </Form.Item>
    </FilterBar>
  );
}
