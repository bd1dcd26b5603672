import { PlusOutlined } from '@ant-design/icons';
import type { TOpsAnnouncement } from '@rrp/contracts';
import { App, Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';
import { PAGE_SIZES, PagedTable, useListUrl } from '../../lib/list';
import { AnnouncementForm } from './AnnouncementForm';
import { deleteAnnouncement, publishAnnouncement, useOpsAnnouncementList, useRefreshAnnouncements } from './api';

const NO_FILTERS = {};

/** Announcements written in the back office: drafts and published; write, edit, publish, delete. */
export default function AnnouncementsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshAnnouncements();
  const { page, setPage } = useListUrl({ fields: NO_FILTERS, pageSizes: PAGE_SIZES, defaultSize: 20 });
  const [editing, setEditing] = useState<TOpsAnnouncement | 'new' | null>(null);
  const list = useOpsAnnouncementList(page);
  const en = i18n.language === 'en';

  const act = async (p: Promise<unknown>, done: string) => {
    try {
      await p;
      await refresh();
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
              onConfirm={() => act(publishAnnouncement(r.id), t('ops:ann.published'))}
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
            onConfirm={() => act(deleteAnnouncement(r.id), t('ops:ann.deleted'))}
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
      <PagedTable<TOpsAnnouncement>
        rowKey="id"
        columns={columns}
        list={list}
        page={page}
        setPage={setPage}
        scroll={{ x: 'max-content' }}
        empty={t('ops:ann.empty')}
        totalText={(n) => t('ops:total', { count: n })}
      />
      <AnnouncementForm
        value={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={(saved) => {
          setEditing(null);
          if (saved) void refresh();
        }}
      />
    </Card>
  );
}
