import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { DEVICE_STATUSES, LIMITS } from '@rrp/contracts/constants';
import { Button, Form, Input, Select, Space } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceGroup } from './api';
import { groupLabel } from './labels';
import type { ListFilters } from './rules';

type Values = { name?: string; imei?: string; status?: string; online?: 'online' | 'offline'; groupId?: string };

function toValues(f: ListFilters): Values {
  return { name: f.name, imei: f.imei, status: f.status, online: f.online === undefined ? undefined : f.online ? 'online' : 'offline', groupId: f.groupId };
}

/** The list filters; applying them writes the URL query (the list reads it back). */
export function DeviceFilters({ filters, groups, onApply }: { filters: ListFilters; groups: DeviceGroup[]; onApply: (next: Partial<ListFilters>) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();

  // the URL is the source of truth: back/forward and links update the form. Only a change of
  // the URL's filters does: a re-render, or the page's tab shown again (its effects run anew),
  // keeps what was typed but not yet searched
  const shown = useRef(JSON.stringify(filters));
  useEffect(() => {
    const key = JSON.stringify(filters);
    if (key === shown.current) return;
    shown.current = key;
    form.setFieldsValue(toValues(filters));
  }, [filters, form]);

  const apply = (v: Values) =>
    onApply({
      name: v.name?.trim() || undefined,
      imei: v.imei?.trim() || undefined,
      status: (v.status as ListFilters['status']) || undefined,
      online: v.online === undefined ? undefined : v.online === 'online',
      groupId: v.groupId || undefined,
    });

  return (
    <Form form={form} layout="inline" className="device-filters" onFinish={apply} initialValues={toValues(filters)}>
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
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="device-filter-search">
            {t('devices:filter.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            data-testid="device-filter-reset"
            onClick={() => {
              form.resetFields();
              onApply({ name: undefined, imei: undefined, status: undefined, online: undefined, groupId: undefined });
            }}
          >
            {t('devices:filter.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
