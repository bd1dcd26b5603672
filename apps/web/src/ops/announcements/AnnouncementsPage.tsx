import { PlusOutlined } from '@ant-design/icons';
import type { TOpsAnnouncement } from '@rrp/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { formatUtc } from '../../lib/format';
import { AnnouncementForm } from './AnnouncementForm';

/** Announcements written in the back office: drafts and published; write, edit, publish, delete. */
export default function AnnouncementsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [editing, setEditing] = useState<TOpsAnnouncement | 'new' | null>(null);
  const list = useQuery({
    queryKey: ['ops', 'announcements', page],
    queryFn: () => api('POST /ops/announcement/list', page),
    placeholderData: keepPreviousData,
  });
  const en = i18n.language === 'en';

  const act = async (p: Promise<unknown>, done: string) => {
    try {
      await p;
      await client.invalidateQueries({ queryKey: ['ops', 'announcements'] });
      void message.success(done);
    } catch {
      /* shown by the http client */
    }
  };

  const columns: ColumnsType<TOpsAnnouncement> = [
    {
      title: t('ops:ann.title'),
      key: 'title',
      render: (_, r) => <Typography.Text style={{ wordBreak: 'break-all' }}>{en ? r.titleEn : r.titleZh}</Typography.Text>,
    },
    {
      title: t('ops:ann.audience'),
      dataIndex: 'audience',
      render: (a: string, r) => (a === 'all' ? t('ops:ann.toAll') : t('ops:ann.toCompanies', { count: r.companies.length })),
      responsive: ['md'],
    },
    {
      title: t('ops:ann.state'),
      dataIndex: 'publishedAt',
      render: (v: string | null) =>
        v ? <Tag color="green">{t('ops:ann.publishedAt', { time: formatUtc(v, 'YYYY-MM-DD HH:mm') })}</Tag> : <Tag>{t('ops:ann.draft')}</Tag>,
    },
    { title: t('ops:ann.reads'), dataIndex: 'reads', responsive: ['lg'] },
    {
      title: t('ops:actions'),
      key: 'actions',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {t('ops:edit')}
          </Button>
          {!r.publishedAt && (
            <Popconfirm
              title={t('ops:ann.publishConfirm')}
              onConfirm={() => act(api('POST /ops/announcement/publish', { id: r.id }), t('ops:ann.published'))}
              okText={t('common:action.ok')}
              cancelText={t('common:action.cancel')}
            >
              <Button type="link" size="small" data-testid="ops-ann-publish">
                {t('ops:ann.publish')}
              </Button>
            </Popconfirm>
          )}
          <Popconfirm
            title={t('ops:ann.deleteConfirm')}
            onConfirm={() => act(api('POST /ops/announcement/delete', { id: r.id }), t('ops:ann.deleted'))}
            okText={t('common:action.ok')}
            okButtonProps={{ danger: true }}
            cancelText={t('common:action.cancel')}
          >
            <Button type="link" size="small" danger>
              {t('ops:delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      variant="borderless"
      title={t('ops:menu.announcements')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="ops-ann-add">
          {t('ops:ann.add')}
        </Button>
      }
    >
      <Table<TOpsAnnouncement>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: list.isError ? t('common:systemError') : t('ops:ann.empty') }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (n) => t('ops:total', { count: n }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
      />
      <AnnouncementForm
        value={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={(saved) => {
          setEditing(null);
          if (saved) void client.invalidateQueries({ queryKey: ['ops', 'announcements'] });
        }}
      />
    </Card>
  );
}
