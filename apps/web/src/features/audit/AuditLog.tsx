import { ExportOutlined } from '@ant-design/icons';
import type { TAuditEvent } from '@rrp/contracts';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction } from '@rrp/contracts/constants';
import { Button, Card, DatePicker, Form, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import dayjs from '../../lib/dayjs';
import { formatUtc } from '../../lib/format';
import { dayField, FilterBar, idField, oneOfField, PAGE_SIZES, PagedTable, type UrlFields, useListUrl } from '../../lib/list';
import { UserText } from '../../lib/UserText';
import { type AuditFilters, type AuditScope, downloadAudit, useAuditList } from './api';

type Values = { action?: AuditAction; targetType?: string; companyId?: string; days?: [Dayjs | null, Dayjs | null] };

const FIELDS: UrlFields<AuditFilters> = {
  action: oneOfField(AUDIT_ACTIONS),
  targetType: oneOfField(AUDIT_TARGET_TYPES),
  companyId: idField('company'),
  from: dayField(),
  to: dayField(),
  actorId: idField('actor'),
};

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
export function AuditLog({ scope, companies }: { scope: AuditScope; companies?: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const { filters, page, setFilters, setPage } = useListUrl({ fields: FIELDS, pageSizes: PAGE_SIZES, defaultSize: 20 });
  const [exporting, setExporting] = useState(false);
  const list = useAuditList(scope, { ...filters, ...page });
  const values = useMemo<Values>(
    () => ({
      action: filters.action,
      targetType: filters.targetType,
      companyId: filters.companyId,
      days: filters.from || filters.to ? [filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null] : undefined,
    }),
    [filters],
  );

  const apply = (v: Values) =>
    setFilters({
      action: v.action,
      targetType: v.targetType,
      companyId: v.companyId,
      from: v.days?.[0]?.format('YYYY-MM-DD'),
      to: v.days?.[1]?.format('YYYY-MM-DD'),
    });

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await downloadAudit(scope, filters);
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
      <FilterBar<Values> prefix="audit" values={values} onApply={apply} searchText={t('audit:search')} resetText={t('audit:reset')}>
        <Form.Item name="action" label={t('audit:column.action')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            aria-label={t('audit:column.action')}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit:action.${a}`) }))}
          />
        </Form.Item>
        <Form.Item name="targetType" label={t('audit:column.targetType')}>
          <Select allowClear aria-label={t('audit:column.targetType')} options={AUDIT_TARGET_TYPES.map((x) => ({ value: x, label: t(`audit:target.${x}`) }))} />
        </Form.Item>
        {companies && (
          <Form.Item name="companyId" label={t('audit:column.company')}>
            <Select allowClear showSearch optionFilterProp="label" aria-label={t('audit:column.company')} options={companies} />
          </Form.Item>
        )}
        <Form.Item name="days" label={t('audit:column.days')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
      </FilterBar>
      <Typography.Paragraph type="secondary">{t('audit:utc')}</Typography.Paragraph>
      <PagedTable<TAuditEvent>
        rowKey="id"
        columns={columns}
        list={list}
        page={page}
        setPage={setPage}
        scroll={{ x: 'max-content' }}
        loadFailed={t('common:systemError')}
        empty={t('audit:empty')}
        totalText={(n) => t('audit:total', { count: n })}
      />
    </Card>
  );
}
