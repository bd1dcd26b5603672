import type { TOpsFeedbackRow } from '@rrp/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { formatUtc } from '../../lib/format';

type Show = 'open' | 'handled' | 'all';

/** Feedback from every company, unhandled first; mark it handled. */
export default function FeedbackInbox() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [show, setShow] = useState<Show>('open');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const body = { handled: show === 'all' ? undefined : show === 'handled', keyword: keyword || undefined, ...page };
  const list = useQuery({ queryKey: ['ops', 'feedback', body], queryFn: () => api('POST /ops/feedback/list', body), placeholderData: keepPreviousData });

  const handle = async (id: number) => {
    try {
      await api('POST /ops/feedback/handle', { id });
      await client.invalidateQueries({ queryKey: ['ops', 'feedback'] });
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
          onChange={(v) => (setShow(v), setPage({ ...page, pageNum: 1 }))}
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
          onSearch={(v) => (setKeyword(v.trim()), setPage({ ...page, pageNum: 1 }))}
          style={{ maxWidth: 280 }}
        />
      </Space>
      <Table<TOpsFeedbackRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? t('common:systemError') : t('ops:feedback.empty') }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (n) => t('ops:total', { count: n }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
    </Card>
  );
}
