import { ALARM_LEVELS, ALARM_STATES, ALARM_TYPES } from '@rrp/contracts/constants';
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../lib/list';
import type { AlarmLevel, AlarmListRequest, AlarmState, AlarmType } from './api';

/** The filters of the alarm list (the request without its page). */
export type AlarmFilters = Omit<AlarmListRequest, 'pageNum' | 'pageSize'>;

type Values = {
  type?: AlarmType;
  level?: AlarmLevel;
  state?: AlarmState;
  handled?: 'yes' | 'no';
  imei?: string;
  days?: [Dayjs | null, Dayjs | null] | null;
};

/** The form keeps what was typed; the list holds the applied filters. */
const NO_VALUES = {};

/** The form's values as the request's filters: only those set (dates as UTC days). */
export function filtersOf(v: Values): AlarmFilters {
  const out: AlarmFilters = {};
  if (v.type) out.type = v.type;
  if (v.level) out.level = v.level;
  if (v.state) out.state = v.state;
  if (v.handled) out.handled = v.handled === 'yes';
  const imei = v.imei?.trim();
  if (imei) out.imei = imei;
  const from = v.days?.[0]?.format('YYYY-MM-DD');
  const to = v.days?.[1]?.format('YYYY-MM-DD');
  if (from) out.from = from;
  if (to) out.to = to;
  return out;
}

export function AlarmFiltersForm({ onApply }: { onApply: (filters: AlarmFilters) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const all = t('alarms:list.all');
  return (
    <FilterBar<Values>
      prefix="alarm"
      values={NO_VALUES}
      form={form}
      onApply={(v) => onApply(filtersOf(v))}
      searchText={t('alarms:list.search')}
      resetText={t('alarms:list.reset')}
    >
      <Form.Item name="type" label={t('alarms:field.type')}>
        <Select
          allowClear
          className="alarm-filter-select"
          placeholder={all}
          data-testid="alarm-filter-type"
          options={ALARM_TYPES.map((x) => ({ value: x, label: t(`alarms:type.${x}`) }))}
        />
      </Form.Item>
      <Form.Item name="level" label={t('alarms:field.level')}>
        <Select
          allowClear
          className="alarm-filter-select"
          placeholder={all}
          data-testid="alarm-filter-level"
          options={ALARM_LEVELS.map((x) => ({ value: x, label: t(`alarms:level.${x}`) }))}
        />
      </Form.Item>
      <Form.Item name="state" label={t('alarms:field.state')}>
        <Select
          allowClear
          className="alarm-filter-select"
          placeholder={all}
          data-testid="alarm-filter-state"
          options={ALARM_STATES.map((x) => ({ value: x, label: t(`alarms:state.${x}`) }))}
        />
      </Form.Item>
      <Form.Item name="handled" label={t('alarms:field.handled')}>
        <Select
          allowClear
          className="alarm-filter-select"
          placeholder={all}
          data-testid="alarm-filter-handled"
          options={[
            { value: 'no', label: t('alarms:handled.no') },
            { value: 'yes', label: t('alarms:handled.yes') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="imei"
        label="IMEI"
        rules={[
          {
            validator: (_, v?: string) =>
              (v ?? '').trim().length > 15 ? Promise.reject(new Error(t('alarms:validation.tooLong', { max: 15 }))) : Promise.resolve(),
          },
        ]}
      >
        <Input allowClear maxLength={40} inputMode="numeric" translate="no" className="alarm-filter-imei" data-testid="alarm-filter-imei" />
      </Form.Item>
      <Form.Item name="days" label={t('alarms:list.days')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} className="alarm-filter-days" data-testid="alarm-filter-days" />
      </Form.Item>
    </FilterBar>
  );
}
