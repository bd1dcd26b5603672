import type { ApiResult } from '@rrp/contracts';
import { LICENSE, LIMITS } from '@rrp/contracts/constants';
import { App, Button, Card, Popconfirm, Space, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../lib/dayjs';
import { formatUtc } from '../../lib/format';
import { PagedTable, type UrlFields, useListUrl } from '../../lib/list';
import { UserText } from '../../lib/UserText';
import { type AutoRenewBulk, useAutoRenewBulk, useExpiring } from './api';

type Row = ApiResult<'POST /rrp/license/expiring/list'>['list'][number];

/** Whole days until a License ends (0 on its last day). */
const daysLeft = (iso: string) => Math.max(0, Math.ceil(dayjs.utc(iso).diff(dayjs.utc(), 'hour') / 24));

const EXPIRING_PAGE_SIZES = [10, 20, 50, 100] as const;
/** no filters: only the page is in the URL, as expiringPage and expiringSize (the history below has its own) */
const NO_FIELDS: UrlFields<object> = {};

/**
 * Devices whose License ends within 30 days, soonest first, with their auto-renewal: one switch
 * per device, on or off for the selected devices, or for every device the member reaches.
 */
export function ExpiringDevices() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { page, setPage } = useListUrl({ fields: NO_FIELDS, pageSizes: EXPIRING_PAGE_SIZES, prefix: 'expiring' });
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const list = useExpiring(page);
  const bulk = useAutoRenewBulk();

  const run = async (body: AutoRenewBulk, key: string) => {
    setBusy(key);
    try {
      const { updated } = await bulk.mutateAsync(body);
      void message.success(body.autoRenew ? t('orders:expiring.turnedOn', { count: updated }) : t('orders:expiring.turnedOff', { count: updated }));
      if (body.imeis && body.imeis.length > 1) setSelected([]);
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(null);
    }
  };

  const columns: TableColumnsType<Row> = [
    { key: 'imei', title: t('orders:ledger.imei'), dataIndex: 'imei', width: 170 },
    {
      key: 'name',
      title: t('orders:expiring.name'),
      dataIndex: 'name',
      width: 160,
      render: (v: string) => (v ? <UserText className="break-all">{v}</UserText> : '—'),
    },
    {
      key: 'company',
      title: t('orders:field.company'),
      dataIndex: 'companyName',
      width: 160,
      render: (v: string) => <UserText className="break-all">{v}</UserText>,
    },
    {
      key: 'expires',
      title: t('orders:expiring.expiresAt'),
      dataIndex: 'licenseExpiresAt',
      width: 200,
      render: (v: string) => {
        const left = daysLeft(v);
        return (
          <Space size={6} wrap>
            {formatUtc(v, 'YYYY-MM-DD')}
            <Tag color={left <= 7 ? 'red' : 'orange'}>{t('orders:expiring.daysLeft', { count: left })}</Tag>
          </Space>
        );
      },
    },
    {
      key: 'autoRenew',
      title: t('orders:expiring.autoRenew'),
      dataIndex: 'autoRenew',
      width: 130,
      render: (v: boolean, r) => (
        <Switch
          checked={v}
          loading={busy === r.imei}
          disabled={busy !== null && busy !== r.imei}
          aria-label={t('orders:expiring.switchLabel', { imei: r.imei })}
          onChange={(checked) => void run({ imeis: [r.imei], autoRenew: checked }, r.imei)}
          data-testid={`expiring-switch-${r.imei}`}
        />
      ),
    },
  ];

  const allConfirm = (on: boolean) => (
    <Popconfirm
      title={on ? t('orders:expiring.allOnConfirm') : t('orders:expiring.allOffConfirm')}
      description={t('orders:expiring.allHint')}
      okText={t('common:action.ok')}
      cancelText={t('common:action.cancel')}
      onConfirm={() => run({ all: true, autoRenew: on }, on ? 'all-on' : 'all-off')}
    >
      <Button loading={busy === (on ? 'all-on' : 'all-off')} disabled={busy !== null} data-testid={on ? 'expiring-all-on' : 'expiring-all-off'}>
        {on ? t('orders:expiring.allOn') : t('orders:expiring.allOff')}
      </Button>
    </Popconfirm>
  );

  return (
    <Card variant="borderless" title={t('orders:expiring.title', { days: LICENSE.expiryWarningDays })}>
      <Typography.Paragraph type="secondary">{t('orders:expiring.explain')}</Typography.Paragraph>
      <div className="order-toolbar">
        <Space wrap>
          <Typography.Text>{t('orders:expiring.selected', { count: selected.length })}</Typography.Text>
          <Button
            type="primary"
            disabled={selected.length === 0 || busy !== null}
            loading={busy === 'selected-on'}
            onClick={() => void run({ imeis: selected, autoRenew: true }, 'selected-on')}
            data-testid="expiring-selected-on"
          >
            {t('orders:expiring.selectedOn')}
          </Button>
          <Button
            disabled={selected.length === 0 || busy !== null}
            loading={busy === 'selected-off'}
            onClick={() => void run({ imeis: selected, autoRenew: false }, 'selected-off')}
            data-testid="expiring-selected-off"
          >
            {t('orders:expiring.selectedOff')}
          </Button>
        </Space>
        <Space wrap>
          {allConfirm(true)}
          {allConfirm(false)}
        </Space>
      </div>
      <PagedTable<Row>
        rowKey="imei"
        data-testid="expiring-table"
        columns={columns}
        list={list}
        page={page}
        setPage={(p) => (setPage(p), setSelected([]))}
        pageSizes={EXPIRING_PAGE_SIZES}
        scroll={{ x: 870 }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected((keys as string[]).slice(0, LIMITS.imeisPerOperation)),
          getCheckboxProps: (r) => ({ 'aria-label': t('orders:expiring.selectLabel', { imei: r.imei }) }) as never,
        }}
        loadFailed={t('orders:expiring.loadFailed')}
        empty={t('orders:expiring.empty')}
        totalText={(n) => t('orders:list.total', { count: n })}
      />
    </Card>
  );
}
