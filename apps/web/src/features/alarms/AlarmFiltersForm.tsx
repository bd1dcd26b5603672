import { ALARM_LEVELS, ALARM_STATES, ALARM_TYPES } from '@rrp/contracts/constants';
import { DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../lib/dayjs';
import { dayField, FilterBar, flagField, oneOfField, textField, type UrlFields } from '../../lib/list';
import type { AlarmLevel, AlarmListRequest, AlarmState, AlarmType } from './api';

/** The filters of the alarm list (the request without its page). */
export type AlarmFilters = Omit<AlarmListRequest, 'pageNum' | 'pageSize'>;

/** The alarm list's filters in the URL query, with its page; a value the API would refuse is dropped. */
export const ALARM_FIELDS: UrlFields<AlarmFilters> = {
  type: oneOfField(ALARM_TYPES),
  level: oneOfField(ALARM_LEVELS),
  state: oneOfField(ALARM_STATES),
  handled: flagField(),
  imei: textField(15),
  from: dayField(),
  to: dayField(),
};

type Values = {
  type?: AlarmType;
  level?: AlarmLevel;
  state?: AlarmState;
  handled?: 'yes' | 'no';
  imei?: string;
  days?: [Dayjs | null, Dayjs | null] | null;
};

function toValues(f: AlarmFilters): Values {
  return {
    type: f.type,
    level: f.level,
    state: f.state,
    handled: f.handled === undefined ? undefined : f.handled ? 'yes' : 'no',
    imei: f.imei,
    days: f.from || f.to ? [f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null] : null,
  };
}

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

export function AlarmFiltersForm({ filters, onApply }: { filters: AlarmFilters; onApply: (filters: AlarmFilters) => void }) {
  const { t } = useTranslation();
  const values = useMemo(() => toValues(filters), [filters]);
  const all = t('alarms:list.all');
  return (
    <FilterBar<Values>
      prefix="alarm"
      values={values}
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
