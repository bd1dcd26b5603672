import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import type { AccountState, ProviderKind, TConnectivityAccount, TConnectivityTestResult } from '@rrp/contracts';
import { ACCOUNT_STATES, PROVIDER_KINDS } from '@rrp/contracts/constants';
import { App, Button, Card, Dropdown, Input, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { PagedTable } from '../../lib/list';
import type { Page } from '../../lib/list/urlFields';
import { toast } from '../../lib/toast';
import { UserText } from '../../lib/UserText';
import { AccountDrawer } from './AccountDrawer';
import { AccountFormDialog } from './AccountFormDialog';
import { useAccountList, useSetDisabled, useSyncNow, useTestConnection } from './api';
import { accountName } from './labels';
import { StateTag } from './StateTag';
import { TestResultDialog } from './TestResultDialog';

type Filters = { kind?: ProviderKind; state?: AccountState; keyword?: string };

/** The operator platforms the product is connected to: add, edit, test, sync, disable, and reconcile each. */
export default function ConnectivityPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState<Page>({ pageNum: 1, pageSize: 20 });
  const [editing, setEditing] = useState<TConnectivityAccount | 'new' | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [tested, setTested] = useState<{ name: string; result: TConnectivityTestResult } | null>(null);
  const list = useAccountList({ ...filters, ...page });
  const test = useTestConnection();
  const sync = useSyncNow();
  const disable = useSetDisabled();
  const filter = (f: Filters) => {
    setFilters((old) => ({ ...old, ...f }));
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  const runTest = (a: TConnectivityAccount) =>
    test
      .mutateAsync(a.id)
      .then((result) => setTested({ name: accountName(t, a), result }))
      .catch(() => undefined);
  const runSync = (a: TConnectivityAccount) =>
    sync
      .mutateAsync(a.id)
      .then(() => toast.success(t('connectivity:syncQueued')))
      .catch(() => undefined);
  const toggle = (a: TConnectivityAccount) => {
    const disabling = a.state !== 'disabled';
    modal.confirm({
      title: t(disabling ? 'connectivity:disableConfirm' : 'connectivity:enableConfirm', { name: accountName(t, a) }),
      okText: t(disabling ? 'connectivity:disable' : 'connectivity:enable'),
      okButtonProps: { danger: disabling, 'data-testid': 'connectivity-disable-ok' } as never,
      cancelText: t('common:action.cancel'),
      onOk: () =>
        disable
          .mutateAsync({ id: a.id, disabled: disabling })
          .then(() => toast.success(t(disabling ? 'connectivity:disabled' : 'connectivity:enabled')))
          .catch(() => undefined),
    });
  };

  const columns: ColumnsType<TConnectivityAccount> = [
    {
      title: t('connectivity:column.name'),
      dataIndex: 'name',
      render: (_name: string, a) => (
        <Typography.Link onClick={() => setOpenId(a.id)} style={{ wordBreak: 'break-all' }} data-testid={`connectivity-open-${a.id}`}>
          <UserText>{accountName(t, a)}</UserText>
        </Typography.Link>
      ),
    },
    { title: t('connectivity:column.kind'), dataIndex: 'kind', render: (k: ProviderKind) => t(`connectivity:kind.${k}`) },
    {
      title: t('connectivity:column.baseUrl'),
      dataIndex: 'baseUrl',
      render: (v: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{v || '—'}</Typography.Text>,
      responsive: ['lg'],
    },
    { title: t('connectivity:column.state'), dataIndex: 'state', render: (_v, a) => <StateTag account={a} /> },
    { title: t('connectivity:column.devicesSims'), key: 'counts', render: (_v, a) => `${a.devices} / ${a.platformSims}`, responsive: ['md'] },
    {
      title: t('connectivity:column.lastSync'),
      dataIndex: 'lastSyncAt',
      render: (v: string | null) => (v ? `${formatUtc(v, 'YYYY-MM-DD HH:mm')} UTC` : t('connectivity:never')),
      responsive: ['md'],
    },
    {
      title: t('connectivity:column.actions'),
      key: 'actions',
      render: (_v, a) => {
        const builtIn = a.kind === 'simulated';
        const items = [
          { key: 'test', label: t('connectivity:test'), disabled: builtIn, onClick: () => void runTest(a) },
          { key: 'sync', label: t('connectivity:sync'), disabled: builtIn || a.state === 'disabled', onClick: () => void runSync(a) },
          {
            key: 'toggle',
            label: t(a.state === 'disabled' ? 'connectivity:enable' : 'connectivity:disable'),
            danger: a.state !== 'disabled',
            onClick: () => toggle(a),
          },
          { key: 'detail', label: t('connectivity:detail'), onClick: () => setOpenId(a.id) },
        ];
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing(a)} data-testid={`connectivity-edit-${a.id}`}>
              {t('connectivity:edit')}
            </Button>
            <Dropdown menu={{ items }} trigger={['click']}>
              <Button type="link" size="small" aria-label={t('connectivity:more', { name: accountName(t, a) })} data-testid={`connectivity-more-${a.id}`}>
                <DownOutlined />
              </Button>
            </Dropdown>
          </Space>
        );
      },
    },
  ];

  const filtered = !!(filters.kind || filters.state || filters.keyword);
  return (
    <Card
      variant="borderless"
      title={t('ops:menu.connectivity')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="connectivity-add">
          {t('connectivity:add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('connectivity:hint')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder={t('connectivity:filter.kind')}
          aria-label={t('connectivity:filter.kind')}
          style={{ minWidth: 200 }}
          options={PROVIDER_KINDS.map((k) => ({ value: k, label: t(`connectivity:kind.${k}`) }))}
          value={filters.kind}
          onChange={(kind) => filter({ kind })}
        />
        <Select
          allowClear
          placeholder={t('connectivity:filter.state')}
          aria-label={t('connectivity:filter.state')}
          style={{ minWidth: 160 }}
          options={ACCOUNT_STATES.map((s) => ({ value: s, label: t(`connectivity:state.${s}`) }))}
          value={filters.state}
          onChange={(state) => filter({ state })}
        />
        <Input.Search
          allowClear
          placeholder={t('connectivity:filter.keyword')}
          aria-label={t('connectivity:filter.keyword')}
          onSearch={(v) => filter({ keyword: v.trim() || undefined })}
          style={{ maxWidth: 280 }}
        />
      </Space>
      <PagedTable<TConnectivityAccount>
        rowKey="id"
        columns={columns}
        list={list}
        page={page}
        setPage={setPage}
        scroll={{ x: 'max-content' }}
        empty={filtered ? t('connectivity:emptyFiltered') : t('connectivity:empty')}
        totalText={(n) => t('connectivity:total', { count: n })}
        data-testid="connectivity-table"
      />
      <AccountFormDialog open={editing !== null} account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <AccountDrawer id={openId} onClose={() => setOpenId(null)} />
      <TestResultDialog name={tested?.name ?? ''} result={tested?.result ?? null} onClose={() => setTested(null)} />
    </Card>
  );
}
