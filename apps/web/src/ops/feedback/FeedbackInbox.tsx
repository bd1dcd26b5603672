import type { TOpsFeedbackRow } from '@rrp/contracts';
import { App, Button, Card, Input, Segmented, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { oneOfField, PAGE_SIZES, PagedTable, textField, type UrlFields, useListUrl } from '../../lib/list';

import { useHandleFeedback, useOpsFeedbackList } from './api';

type Show = 'open' | 'handled' | 'all';

const FIELDS: UrlFields<{ show: Show; keyword?: string }> = { show: oneOfField(['open', 'handled', 'all'], 'open'), keyword: textField(50) };

/** Feedback from every company, unhandled first; mark it handled. */
export default function FeedbackInbox() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { filters, page, setFilters, setPage } = useListUrl({ fields: FIELDS, pageSizes: PAGE_SIZES, defaultSize: 20 });
  const { show, keyword } = filters;
  const list = useOpsFeedbackList({ handled: show === 'all' ? undefined : show === 'handled', keyword, ...page });
  const handled = useHandleFeedback();

  const handle = async (id: number) => {
    try {
      await handled.mutateAsync(id);
      void message.success(t('ops:feedback.handledDone'));
    } catch {
      /* shown by the http client */
    }
  };

  const columns: ColumnsType<TOpsFeedbackRow> = [
    { title: t('ops:feedback.at'), dataIndex: 'createdAt', render: (v: string) => formatUtc(v, 'YYYY-MM-DD HH:mm'), width: 150 },
    { title: t('ops:feedback.company'), dataIndex: 'companyName', render: (v: string | null) => v ?? '—' },
    {
      title: t('ops:feedback.member'),
      dataIndex: 'memberName',
      render: (v: string | null, r) => (v ? `${v}${r.memberMail ? ` <${r.memberMail}>` : ''}` : '—'),
      responsive: ['md'],
    },
    { title: t('ops:feedback.source'), dataIndex: 'source', render: (s: string) => <Tag>{t(`ops:feedback.sources.${s}`)}</Tag>, responsive: ['md'] },
    {
      title: t('ops:feedback.text'),
      dataIndex: 'text',
      render: (text: string) => (
        <Typography.Paragraph
          ellipsis={{ rows: 3, expandable: true, symbol: t('ops:more') }}
          style={{ marginBottom: 0, maxWidth: 420, wordBreak: 'break-all' }}
        >
          {text}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('ops:feedback.state'),
      key: 'state',
      render: (_, r) =>
        r.handledAt ? (
          <Tag color="green">{t('ops:feedback.handledBy', { name: r.handledBy ?? '', time: formatUtc(r.handledAt, 'YYYY-MM-DD') })}</Tag>
        ) : (
          <Button size="small" onClick={() => void handle(r.id)} data-testid="ops-feedback-handle">
            {t('ops:feedback.markHandled')}
          </Button>
        ),
    },
  ];

  return (
    <Card variant="borderless" title={t('ops:menu.feedback')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<Show>
          value={show}
          onChange={(v) => setFilters({ ...filters, show: v })}
          options={[
            { value: 'open', label: t('ops:feedback.open') },
            { value: 'handled', label: t('ops:feedback.handled') },
            { value: 'all', label: t('ops:feedback.all') },
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('ops:feedback.search')}
          aria-label={t('ops:feedback.search')}
          defaultValue={keyword}
          onSearch={(v) => setFilters({ ...filters, keyword: v.trim() || undefined })}
          style={{ maxWidth: 280 }}
        />
      </Space>
      <PagedTable<TOpsFeedbackRow>
        rowKey="id"
        columns={columns}
        list={list}
        page={page}
        setPage={setPage}
        scroll={{ x: 'max-content' }}
        empty={t('ops:feedback.empty')}
        totalText={(n) => t('ops:total', { count: n })}
      />
    </Card>
  );
}
