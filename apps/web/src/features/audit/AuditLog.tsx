import { ExportOutlined } from '@ant-design/icons';
import type { ApiBody, TAuditEvent } from '@rrp/contracts';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@rrp/contracts/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api, download } from '../../lib/api';
import { formatUtc } from '../../lib/format';
import { UserText } from '../../lib/UserText';

type Filters = Omit<ApiBody<'POST /rrp/audit/list'>, 'pageNum' | 'pageSize'>;
type Scope = 'customer' | 'platform';

const show = (v: unknown): string => (v === null || v === undefined || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** What an event changed, field by field: before → after. */
export function Changes({ changes }: { changes: TAuditEvent['changes'] }) {
  const entries = Object.entries(changes);
  if (entries.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div className="audit-changes">
      {entries.map(([k, [a, b]]) => (
        <div key={k} translate="no">
          <Typography.Text code>{k}</Typography.Text>{' '}
          <Typography.Text delete type="secondary">
            {show(a)}
          </Typography.Text>{' '}
          → <Typography.Text>{show(b)}</Typography.Text>
        </div>
      ))}
    </div>
  );
}

/**
 * The audit log with its filters and xlsx export: a customer's company and sub-companies
 * (`customer`), or every company in the back office (`platform`).
 */
export function AuditLog({ scope, companies }: { scope: Scope; companies?: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ action?: string; targetType?: string; companyId?: string; days?: [Dayjs, Dayjs] }>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [exporting, setExporting] = useState(false);
  const body = { ...filters, ...page };
  const list = useQuery({
    queryKey: ['audit', scope, body],
    queryFn: () => (scope === 'customer' ? api('POST /rrp/audit/list', body) : api('POST /ops/audit/list', body)),
    placeholderData: keepPreviousData,
  });

  const apply = (v: { action?: string; targetType?: string; companyId?: string; days?: [Dayjs, Dayjs] }) => {
    setFilters({
      action: v.action as Filters['action'],
      targetType: v.targetType,
      companyId: v.companyId,
      from: v.days?.[0]?.format('YYYY-MM-DD'),
      to: v.days?.[1]?.format('YYYY-MM-DD'),
    });
    setPage({ ...page, pageNum: 1 });
  };

  const exportXlsx = async () => {
    setExporting(true);
    const query = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as Record<string, string>;
    try {
      if (scope === 'customer') await download('GET /rrp/audit/export', { query: query as never, fallbackName: 'audit.xlsx' });
      else await download('GET /ops/audit/export', { query: query as never, fallbackName: 'audit.xlsx' });
    } catch {
      /* shown by the http client */
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<TAuditEvent> = [
    { title: t('audit:column.at'), dataIndex: 'at', render: (v: string) => formatUtc(v), width: 170 },
    {
      title: t('audit:column.actor'),
      dataIndex: 'actorName',
      render: (name: string, r) =>
        r.actorKind === 'staff' ? (
          <Trans i18nKey="audit:actor.staff" values={{ name }} components={{ name: <UserText /> }} />
        ) : r.actorKind === 'system' ? (
          t('audit:actor.system')
        ) : (
          <UserText>{name}</UserText>
        ),
    },
    { title: t('audit:column.company'), dataIndex: 'companyName', render: (v: string | null) => (v ? <UserText>{v}</UserText> : '—'), responsive: ['md'] },
    { title: t('audit:column.action'), dataIndex: 'action', render: (a: string) => <Tag>{t(`audit:action.${a}`, { defaultValue: a })}</Tag> },
    {
      title: t('audit:column.target'),
      dataIndex: 'targetLabel',
      render: (label: string | null, r) => (
        <span style={{ wordBreak: 'break-all' }}>
          {t(`audit:target.${r.targetType}`, { defaultValue: r.targetType })}
          {label ? (
            <>
              {t('common:colon')}
              <UserText>{label}</UserText>
            </>
          ) : null}
        </span>
      ),
    },
    { title: t('audit:column.changes'), dataIndex: 'changes', render: (c: TAuditEvent['changes']) => <Changes changes={c} /> },
    { title: t('audit:column.address'), dataIndex: 'address', render: (v: string | null) => v ?? '—', responsive: ['xl'] },
  ];

  return (
    <Card
      variant="borderless"
      title={t('audit:title')}
      extra={
        <Button icon={<ExportOutlined />} onClick={() => void exportXlsx()} loading={exporting} data-testid="audit-export">
          {t('audit:export')}
        </Button>
      }
    >
      <Form form={form} layout="inline" onFinish={apply} style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="action" label={t('audit:column.action')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 180 }}
            aria-label={t('audit:column.action')}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit:action.${a}`) }))}
          />
        </Form.Item>
        <Form.Item name="targetType" label={t('audit:column.targetType')}>
          <Select
            allowClear
            style={{ minWidth: 140 }}
            aria-label={t('audit:column.targetType')}
            options={AUDIT_TARGET_TYPES.map((x) => ({ value: x, label: t(`audit:target.${x}`) }))}
          />
        </Form.Item>
        {companies && (
          <Form.Item name="companyId" label={t('audit:column.company')}>
            <Select allowClear showSearch optionFilterProp="label" style={{ minWidth: 180 }} aria-label={t('audit:column.company')} options={companies} />
          </Form.Item>
        )}
        <Form.Item name="days" label={t('audit:column.days')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="audit-search">
            {t('audit:search')}
          </Button>
          <Button onClick={() => (form.resetFields(), setFilters({}), setPage({ ...page, pageNum: 1 }))}>{t('audit:reset')}</Button>
        </Space>
      </Form>
      <Typography.Paragraph type="secondary">{t('audit:utc')}</Typography.Paragraph>
      <Table<TAuditEvent>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? t('common:systemError') : t('audit:empty') }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => t('audit:total', { count: n }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
    </Card>
  );
}
