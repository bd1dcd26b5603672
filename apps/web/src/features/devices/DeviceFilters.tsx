import { DEVICE_STATUSES, LIMITS } from '@rrp/contracts/constants';
import { Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../lib/list';
import type { DeviceGroup } from './api';
import { groupLabel } from './labels';
import type { DeviceListFilters } from './rules';

type Values = { name?: string; imei?: string; status?: DeviceListFilters['status']; online?: 'online' | 'offline'; groupId?: string };

function toValues(f: DeviceListFilters): Values {
  return { name: f.name, imei: f.imei, status: f.status, online: f.online === undefined ? undefined : f.online ? 'online' : 'offline', groupId: f.groupId };
}

/** The list filters; applying them writes the URL query (the list reads it back). The sort stays as it is. */
export function DeviceFilters({ filters, groups, onApply }: { filters: DeviceListFilters; groups: DeviceGroup[]; onApply: (next: DeviceListFilters) => void }) {
  const { t } = useTranslation();
  const values = useMemo(() => toValues(filters), [filters]);
  const apply = (v: Values) =>
    onApply({
      name: v.name?.trim() || undefined,
      imei: v.imei?.trim() || undefined,
      status: v.status || undefined,
      online: v.online === undefined ? undefined : v.online === 'online',
      groupId: v.groupId || undefined,
      sort: filters.sort,
    });

  return (
    <FilterBar<Values> prefix="device" values={values} onApply={apply} searchText={t('devices:filter.search')} resetText={t('devices:filter.reset')}>
      <Form.Item name="name" label={t('devices:filter.name')}>
        <Input allowClear maxLength={LIMITS.deviceNameMax} placeholder={t('devices:filter.namePlaceholder')} data-testid="device-filter-name" />
      </Form.Item>
      <Form.Item name="imei" label={t('devices:filter.imei')} rules={[{ pattern: /^\d{1,15}$/, message: t('devices:filter.imeiInvalid') }]}>
        <Input
          allowClear
          maxLength={LIMITS.imeiLength}
          inputMode="numeric"
          placeholder={t('devices:filter.imeiPlaceholder')}
          data-testid="device-filter-imei"
        />
      </Form.Item>
      <Form.Item name="status" label={t('devices:filter.status')}>
        <Select
          allowClear
          className="device-filter-select"
          placeholder={t('devices:filter.all')}
          data-testid="device-filter-status"
          options={DEVICE_STATUSES.map((s) => ({ value: s, label: t(`devices:status.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="online" label={t('devices:filter.online')}>
        <Select
          allowClear
          className="device-filter-select-small"
          placeholder={t('devices:filter.all')}
          data-testid="device-filter-online"
          options={[
            { value: 'online', label: t('devices:online.online') },
            { value: 'offline', label: t('devices:online.offline') },
          ]}
        />
      </Form.Item>
      <Form.Item name="groupId" label={t('devices:filter.group')}>
        <Select
          allowClear
          className="device-filter-select"
          placeholder={t('devices:filter.all')}
          data-testid="device-filter-group"
          options={groups.map((g) => ({
            value: g.id,
            label: g.isDefault && !g.nameCode ? t('devices:groups.defaultName', { name: g.name }) : groupLabel(t, g),
          }))}
        />
      </Form.Item>
    </FilterBar>
  );
}
