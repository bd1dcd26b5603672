import type { OrderStatus, PayMethod, ProductType } from '@rrp/contracts';
import { ORDER_STATUSES, PAY_METHODS, PRODUCT_TYPES } from '@rrp/contracts/constants';
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../lib/dayjs';
import { FilterBar } from '../../lib/list';
import type { OrderFilters } from './orderFilters';

type Values = { status?: OrderStatus; productType?: ProductType; payMethod?: PayMethod; orderNo?: string; days?: [Dayjs | null, Dayjs | null] | null };

function toValues(f: OrderFilters): Values {
  return {
    status: f.status,
    productType: f.productType,
    payMethod: f.payMethod,
    orderNo: f.orderNo,
    days: f.from || f.to ? [f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null] : null,
  };
}

/** The order list's filters: status, product, payment method, order number and order dates (UTC days). */
export function OrderFiltersForm({ filters, onApply }: { filters: OrderFilters; onApply: (next: OrderFilters) => void }) {
  const { t } = useTranslation();
  const values = useMemo(() => toValues(filters), [filters]);

  const apply = (v: Values) =>
    onApply({
      status: v.status || undefined,
      productType: v.productType ?? undefined,
      payMethod: v.payMethod || undefined,
      orderNo: v.orderNo?.trim() || undefined,
      from: v.days?.[0]?.format('YYYY-MM-DD'),
      to: v.days?.[1]?.format('YYYY-MM-DD'),
    });

  return (
    <FilterBar<Values> prefix="order" values={values} onApply={apply} searchText={t('orders:filter.search')} resetText={t('orders:filter.reset')}>
      <Form.Item
        name="orderNo"
        label={t('orders:field.orderNo')}
        rules={[{ pattern: /^\s*[A-Za-z0-9]{0,24}\s*$/, message: t('orders:filter.orderNoInvalid') }]}
      >
        <Input allowClear maxLength={24} placeholder={t('orders:filter.orderNoPlaceholder')} data-testid="order-filter-no" />
      </Form.Item>
      <Form.Item name="status" label={t('orders:field.status')}>
        <Select
          allowClear
          className="order-filter-select"
          placeholder={t('orders:filter.all')}
          data-testid="order-filter-status"
          options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders:status.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="productType" label={t('orders:field.product')}>
        <Select
          allowClear
          className="order-filter-select"
          placeholder={t('orders:filter.all')}
          data-testid="order-filter-type"
          options={PRODUCT_TYPES.map((p) => ({ value: p, label: t(`orders:productType.${p}`) }))}
        />
      </Form.Item>
      <Form.Item name="payMethod" label={t('orders:field.payMethod')}>
        <Select
          allowClear
          className="order-filter-select"
          placeholder={t('orders:filter.all')}
          data-testid="order-filter-pay"
          options={PAY_METHODS.map((m) => ({ value: m, label: t(`orders:payMethod.${m}`) }))}
        />
      </Form.Item>
      <Form.Item name="days" label={t('orders:filter.days')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} className="order-filter-days" data-testid="order-filter-days" />
      </Form.Item>
    </FilterBar>
  );
}
