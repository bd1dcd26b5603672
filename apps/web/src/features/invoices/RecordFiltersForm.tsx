import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { INVOICE_STATUSES, INVOICE_TYPES } from '@rrp/contracts/constants';
import { Button, DatePicker, Form, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { InvoiceStatus, InvoiceType } from './api';

/** The filters of the records: state, type and application dates (UTC days). */
export type RecordFilters = { status?: InvoiceStatus; type?: InvoiceType; from?: string; to?: string };

type Values = { status?: InvoiceStatus; type?: InvoiceType; days?: [Dayjs | null, Dayjs | null] | null };

export function RecordFiltersForm({ onApply }: { onApply: (filters: RecordFilters) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const apply = (v: Values) =>
    onApply({
      status: v.status || undefined,
      type: v.type || undefined,
      from: v.days?.[0]?.format('YYYY-MM-DD'),
      to: v.days?.[1]?.format('YYYY-MM-DD'),
    });
  return (
    <Form<Values> form={form} layout="inline" className="invoice-filters" onFinish={apply}>
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
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="invoice-filter-search">
            {t('invoices:records.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            data-testid="invoice-filter-reset"
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
          >
            {t('invoices:records.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
