import { LeftOutlined, RightOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Card, Divider, Empty, Result, Skeleton, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AnnouncementContent } from './AnnouncementContent';
import { useLocatedAnnouncement, useMarkRead } from './api';

/** One announcement with previous/next navigation; opening it marks it read. */
export default function AnnouncementDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const located = useLocatedAnnouncement(id);
  const mark = useMarkRead();
  const marked = useRef<string | null>(null);
  const item = located.data?.item;

  useEffect(() => {
    if (item && !item.read && marked.current !== item.id) {
      marked.current = item.id;
      mark.mutate(item.id);
    }
  }, [item, mark]);

  const open = (target: string) => navigate(`/newspaper/detail?id=${encodeURIComponent(target)}`);
  const back = (
    <Button icon={<UnorderedListOutlined />} onClick={() => navigate('/newspaper/list')}>
      {t('announcement:backToList')}
    </Button>
  );

  if (!id) return <Result status="404" title={t('announcement:notFound')} extra={back} />;
  if (located.isPending) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (located.isError) return <Result status="warning" title={t('announcement:loadFailed')} extra={back} />;
  if (!located.data) return <Result status="404" title={t('announcement:notFound')} extra={back} />;

  const { prev, next } = located.data;
  return (
    <Card variant="borderless" extra={back}>
      {item ? (
        <article className="announcement-detail">
          <Typography.Title level={3}>{item.title}</Typography.Title>
          <AnnouncementContent item={item} />
        </article>
      ) : (
        <Empty />
      )}
      <Divider />
      <div className="announcement-nav">
        <Space orientation="vertical" size={4} className="announcement-nav-side">
          <Typography.Text type="secondary">{t('announcement:previous')}</Typography.Text>
          {prev ? (
            <Button type="link" icon={<LeftOutlined />} onClick={() => open(prev.id)} className="link-btn" data-testid="announcement-prev">
              {prev.title}
            </Button>
          ) : (
            <Typography.Text type="secondary">{t('announcement:none')}</Typography.Text>
          )}
        </Space>
        <Space orientation="vertical" size={4} className="announcement-nav-side announcement-nav-next">
          <Typography.Text type="secondary">{t('announcement:next')}</Typography.Text>
          {next ? (
            <Button type="link" onClick={() => open(next.id)} className="link-btn" data-testid="announcement-next">
              {next.title} <RightOutlined />
            </Button>
          ) : (
            <Typography.Text type="secondary">{t('announcement:none')}</Typography.Text>
          )}
        </Space>
      </div>
    </Card>
  );
}
