import type { ReconcileAction, ReconcileView, TReconcileRow } from '@rrp/contracts';
import { Button, Form, Input, Modal, Popconfirm, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { PagedTable } from '../../lib/list';
import type { Page } from '../../lib/list/urlFields';
import { toast } from '../../lib/toast';
import { UserText } from '../../lib/UserText';
import { useReconcileList, useResolve } from './api';
import { CompanySelect } from './CompanySelect';

/** The resolutions each view offers (a device only in the product is the sync's or its company's to settle). */
const ACTIONS: Record<ReconcileView, ReconcileAction[]> = {
  platform_only: ['import', 'remove'],
  product_only: [],
  state_diff: ['push', 'accept'],
};

/** One reconciliation view of an account, a page at a time, with its resolve actions (each asks first). */
export function ReconcileTable({ accountId, view }: { accountId: string; view: ReconcileView }) {
  const { t } = useTranslation();
  const [page, setPage] = useState<Page>({ pageNum: 1, pageSize: 10 });
  const [keyword, setKeyword] = useState<string | undefined>();
  const [importing, setImporting] = useState<TReconcileRow | null>(null);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const list = useReconcileList({ id: accountId, view, keyword, ...page }, true);
  const resolve = useResolve();

  const run = (row: TReconcileRow, action: ReconcileAction, extra: { companyId?: string } = {}) =>
    resolve
      .mutateAsync({ id: accountId, action, ...(row.iccid ? { iccid: row.iccid } : { deviceId: row.deviceId ?? undefined }), ...extra })
      .then(() => toast.success(t('connectivity:reconcile.done')))
      .catch(() => undefined);

  const actionButton = (row: TReconcileRow, action: ReconcileAction) => {
    const label = t(`connectivity:reconcile.action.${action}`);
    const testId = `reconcile-${action}-${row.iccid || row.deviceId}`;
    if (action === 'import')
      return (
        <Button key={action} size="small" type="link" data-testid={testId} onClick={() => setImporting(row)}>
          {label}
        </Button>
      );
    return (
      <Popconfirm
        key={action}
        title={t(`connectivity:reconcile.confirm.${action}`, { iccid: row.iccid || row.imei })}
        okText={label}
        cancelText={t('common:action.cancel')}
        okButtonProps={{ 'data-testid': `${testId}-ok` } as never}
        onConfirm={() => run(row, action)}
      >
        <Button size="small" type="link" danger={action === 'remove'} data-testid={testId}>
          {label}
        </Button>
      </Popconfirm>
    );
  };

  const columns: ColumnsType<TReconcileRow> = [
    { title: t('connectivity:reconcile.column.iccid'), dataIndex: 'iccid', render: (v: string) => v || '—' },
    { title: t('connectivity:reconcile.column.imei'), dataIndex: 'imei', render: (v: string | null) => v ?? '—' },
    ...(view === 'platform_only'
      ? []
      : [{ title: t('connectivity:reconcile.column.company'), dataIndex: 'companyName', render: (v: string | null) => (v ? <UserText>{v}</UserText> : '—') }]),
    ...(view === 'product_only'
      ? []
      : [
          {
            title: t('connectivity:reconcile.column.platformStatus'),
            dataIndex: 'platformStatus',
            render: (v: string | null, r: TReconcileRow) => (v ? `${v}${r.platformState ? ` (${r.platformState})` : ''}` : '—'),
          },
        ]),
    ...(view === 'platform_only'
      ? []
      : [
          {
            title: t('connectivity:reconcile.column.productState'),
            dataIndex: 'productState',
            render: (v: TReconcileRow['productState']) => (v ? <Tag>{t(`connectivity:reconcile.productState.${v}`)}</Tag> : '—'),
          },
        ]),
    {
      title: t('connectivity:reconcile.column.syncedAt'),
      dataIndex: 'syncedAt',
      render: (v: string | null) => formatUtc(v, 'YYYY-MM-DD HH:mm'),
      responsive: ['md'],
    },
    ...(ACTIONS[view].length
      ? [
          {
            title: t('connectivity:reconcile.column.actions'),
            key: 'actions',
            render: (_v: unknown, r: TReconcileRow) => <Space size={0}>{ACTIONS[view].map((a) => actionButton(r, a))}</Space>,
          },
        ]
      : []),
  ];

  return (
    <>
      <Input.Search
        allowClear
        placeholder={t('connectivity:reconcile.search')}
        aria-label={t('connectivity:reconcile.search')}
        onSearch={(v) => {
          setKeyword(v.trim() || undefined);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        style={{ maxWidth: 280, marginBottom: 12 }}
      />
      <PagedTable<TReconcileRow>
        rowKey={(r) => `${r.iccid}:${r.deviceId ?? ''}`}
        columns={columns}
        list={list}
        page={page}
        setPage={setPage}
        scroll={{ x: 'max-content' }}
        empty={t('connectivity:reconcile.empty')}
        data-testid={`reconcile-${view}`}
      />
      <Modal
        open={!!importing}
        title={t('connectivity:reconcile.importTitle', { iccid: importing?.iccid })}
        okText={t('connectivity:reconcile.action.import')}
        cancelText={t('common:action.cancel')}
        okButtonProps={{ disabled: !companyId, 'data-testid': 'reconcile-import-ok' } as never}
        onCancel={() => setImporting(null)}
        onOk={() => {
          if (importing && companyId) void run(importing, 'import', { companyId }).then(() => setImporting(null));
        }}
        confirmLoading={resolve.isPending}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('connectivity:reconcile.importCompany')} extra={t('connectivity:reconcile.confirm.import', { iccid: importing?.iccid })}>
            <CompanySelect value={companyId} onChange={setCompanyId} ariaLabel={t('connectivity:reconcile.importCompany')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
