import { Alert, App, Button, Input, Modal, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../lib/list';
import { UserText } from '../../lib/UserText';
import { type TStrategy, type TStrategyDevice, useStrategyDevices, useUpdateStrategyDevices } from './api';
import { DEVICE_TABLE_WIDTH, deviceColumns } from './deviceColumns';

const PAGE = { pageNum: 1, pageSize: 10 };

type Props = { open: boolean; strategy: TStrategy | null; onClose: () => void };

/** The devices of a strategy: those on it (remove) and the company's devices to associate (add). */
export function StrategyDevicesDialog({ open, strategy, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={
        <span>
          {t('strategies:devices.title')}
          {strategy && (
            <>
              {' · '}
              <UserText>{strategy.name}</UserText>
            </>
          )}
        </span>
      }
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common:action.close')}</Button>}
      destroyOnHidden
      width={960}
    >
      {strategy && <DevicesPanes strategy={strategy} />}
    </Modal>
  );
}

function DevicesPanes({ strategy }: { strategy: TStrategy }) {
  const { t } = useTranslation();
  const [count, setCount] = useState(strategy.deviceCount);
  return (
    <>
      <Typography.Paragraph className="strategy-device-count" aria-live="polite" data-testid="strategy-device-count">
        {t('strategies:devices.count', { count })}
      </Typography.Paragraph>
      <Tabs
        items={[
          { key: 'on', label: t('strategies:devices.onTab'), children: <DevicesOn strategy={strategy} onCount={setCount} /> },
          { key: 'add', label: t('strategies:devices.addTab'), children: <DevicePicker strategy={strategy} onCount={setCount} /> },
        ]}
      />
    </>
  );
}

type PaneProps = { strategy: TStrategy; onCount: (n: number) => void };

function useDeviceTable(strategy: TStrategy, onlyOn: boolean) {
  const { i18n, t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(PAGE);
  const [selected, setSelected] = useState<TStrategyDevice[]>([]);
  const list = useStrategyDevices({ ...page, ...(keyword ? { keyword } : {}), ...(onlyOn ? { strategyId: strategy.id } : {}) });
  const search = (
    <Input.Search
      allowClear
      className="strategy-device-search"
      placeholder={t('strategies:devices.search')}
      aria-label={t('strategies:devices.search')}
      maxLength={50}
      data-testid={onlyOn ? 'strategy-on-search' : 'strategy-picker-search'}
      onSearch={(v) => {
        setKeyword(v.trim());
        setPage((p) => ({ ...p, pageNum: 1 }));
      }}
    />
  );
  const table = (extra: { disabled?: (d: TStrategyDevice) => boolean; testId: string }) => (
    <PagedTable<TStrategyDevice>
      rowKey="imei"
      size="small"
      data-testid={extra.testId}
      columns={deviceColumns(t, i18n.language, strategy.id)}
      list={list}
      page={page}
      setPage={setPage}
      pager={{ size: 'small' }}
      totalText={(total) => t('strategies:devices.total', { count: total })}
      scroll={{ x: DEVICE_TABLE_WIDTH }}
      empty={onlyOn ? t('strategies:devices.emptyOn') : t('strategies:devices.emptyPicker')}
      rowSelection={{
        // selections survive paging: rows of other pages stay selected
        preserveSelectedRowKeys: true,
        selectedRowKeys: selected.map((d) => d.imei),
        onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
        getCheckboxProps: (d) =>
          ({
            disabled: extra.disabled?.(d) ?? false,
            'aria-label': t('strategies:devices.select', { imei: d.imei }),
            'data-testid': `device-check-${d.imei}`,
          }) as never,
      }}
    />
  );
  return { search, table, selected, setSelected };
}

function DevicesOn({ strategy, onCount }: PaneProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateStrategyDevices();
  const { search, table, selected, setSelected } = useDeviceTable(strategy, true);
  const detach = async () => {
    try {
      const r = await update.mutateAsync({ id: strategy.id, imeis: selected.map((d) => d.imei), action: 'remove' });
      onCount(r.deviceCount);
      setSelected([]);
      void message.success(t('strategies:devices.removed', { changed: r.changed, count: r.deviceCount }));
    } catch {
      /* shown by the http client */
    }
  };
  return (
    <div className="strategy-device-pane">
      <Space wrap size={[12, 8]} className="strategy-device-toolbar">
        {search}
        <Button danger disabled={selected.length === 0} loading={update.isPending} onClick={() => void detach()} data-testid="strategy-devices-remove">
          {t('strategies:devices.remove', { count: selected.length })}
        </Button>
      </Space>
      {table({ testId: 'strategy-devices-on' })}
    </div>
  );
}

function DevicePicker({ strategy, onCount }: PaneProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateStrategyDevices();
  const { search, table, selected, setSelected } = useDeviceTable(strategy, false);
  const moving = selected.filter((d) => d.strategyId && d.strategyId !== strategy.id);
  const associate = async () => {
    try {
      const r = await update.mutateAsync({ id: strategy.id, imeis: selected.map((d) => d.imei), action: 'add' });
      onCount(r.deviceCount);
      setSelected([]);
      void message.success(t('strategies:devices.added', { changed: r.changed, count: r.deviceCount }));
    } catch {
      /* shown by the http client */
    }
  };
  return (
    <div className="strategy-device-pane">
      <Space wrap size={[12, 8]} className="strategy-device-toolbar">
        {search}
        <Button type="primary" disabled={selected.length === 0} loading={update.isPending} onClick={() => void associate()} data-testid="strategy-devices-add">
          {t('strategies:devices.associate', { count: selected.length })}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary" className="strategy-note">
        {t('strategies:devices.moveNote')}
      </Typography.Paragraph>
      {moving.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="strategy-note"
          data-testid="strategy-devices-moving"
          title={t('strategies:devices.moving', { count: moving.length })}
        />
      )}
      {table({ testId: 'strategy-devices-picker', disabled: (d) => d.strategyId === strategy.id })}
    </div>
  );
}
