import { LeftOutlined, RightOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Card, Divider, Result, Skeleton, Space, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AnnouncementContent } from './AnnouncementContent';
import { isNotFound, useAnnouncementDetail, useMarkRead } from './api';

/**
 * A link to a neighbouring announcement, titled once its detail has loaded. Reading the
 * neighbour also fills the cache, so following the link shows it at once.
 */
function NeighbourLink({ id, side }: { id: string | null; side: 'prev' | 'next' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const neighbour = useAnnouncementDetail(id);
  if (!id) return <Typography.Text type="secondary">{t('announcement:none')}</Typography.Text>;
  const title = neighbour.data?.item.title ?? t(side === 'prev' ? 'announcement:previous' : 'announcement:next');
  return (
    <Button
      type="link"
      icon={side === 'prev' ? <LeftOutlined /> : undefined}
      onClick={() => navigate(`/newspaper/detail?id=${encodeURIComponent(id)}`)}
      className="link-btn"
      data-testid={`announcement-${side}`}
    >
      {title} {side === 'next' && <RightOutlined />}
    </Button>
  );
}

/** One announcement with previous/next navigation (/announcement/detail); opening it marks it read. */
export default function AnnouncementDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const detail = useAnnouncementDetail(id);
  const mark = useMarkRead();
  const marked = useRef<string | null>(null);
  const item = detail.data?.item;

  useEffect(() => {
    if (item && !item.read && marked.current !== item.id) {
      marked.current = item.id;
      mark.mutate(item.id);
    }
  }, [item, mark]);

  const back = (
    <Button icon={<UnorderedListOutlined />} onClick={() => navigate('/newspaper/list')}>
      {t('announcement:backToList')}
    </Button>
  );

  if (!id) return <Result status="404" title={t('announcement:notFound')} extra={back} />;
  if (detail.isPending) {
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (detail.isError) {
    if (isNotFound(detail.error)) return <Result status="404" title={t('announcement:notFound')} extra={back} />;
    return (
      <Result
        status="warning"
        title={t('announcement:loadFailed')}
        extra={
          <Space>
            <Button type="primary" onClick={() => void detail.refetch()}>
              {t('common:action.retry')}
            </Button>
            {back}
          </Space>
        }
      />
    );
  }

  const { item: shown, prevId, nextId } = detail.data;
  return (
    <Card variant="borderless" extra={back}>
      <article className="announcement-detail">
        <Typography.Title level={3}>{shown.title}</Typography.Title>
        <AnnouncementContent item={shown} />
      </article>
      <Divider />
      <div className="announcement-nav">
        <Space orientation="vertical" size={4} className="announcement-nav-side">
          <Typography.Text type="secondary">{t('announcement:previous')}</Typography.Text>
          <NeighbourLink id={prevId} side="prev" />
        </Space>
        <Space orientation="vertical" size={4} className="announcement-nav-side announcement-nav-next">
          <Typography.Text type="secondary">{t('announcement:next')}</Typography.Text>
          <NeighbourLink id={nextId} side="next" />
        </Space>
      </div>
    </Card>
  );
}
