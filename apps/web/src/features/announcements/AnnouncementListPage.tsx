import { Badge, Button, Card, Empty, Pagination, Result, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatUtc } from '../../lib/format';
import { useAnnouncementPage } from './api';

const PAGE_SIZE = 10;

/** Announcements, newest first; the page number lives in the URL (?page=). */
export default function AnnouncementListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const pageNum = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const page = useAnnouncementPage(pageNum, PAGE_SIZE);
  const list = page.data?.list ?? [];
  const total = page.data?.total ?? 0;

  return (
    <Card variant="borderless" title={t('announcement:listTitle')} extra={<Typography.Text type="secondary">{t('common:utcNote')}</Typography.Text>}>
      <Spin spinning={page.isFetching}>
        {page.isError && !page.data ? (
          <Result
            status="warning"
            title={t('announcement:listLoadFailed')}
            extra={<Button onClick={() => void page.refetch()}>{t('common:action.retry')}</Button>}
          />
        ) : list.length === 0 && !page.isPending ? (
          <Empty description={t('announcement:empty')} className="list-empty" />
        ) : (
          <ul className="announcement-list">
            {list.map((item) => (
              <li key={item.id} className="announcement-item">
                <div className="announcement-item-main">
                  <div className="announcement-item-title">
                    {!item.read && <Badge status="error" />}
                    <Link to={`/newspaper/detail?id=${encodeURIComponent(item.id)}`} className={item.read ? 'announcement-read' : 'announcement-unread'}>
                      {item.title}
                    </Link>
                    {!item.read && <Tag color="red">{t('announcement:unread')}</Tag>}
                  </div>
                  <Typography.Paragraph ellipsis={{ rows: 2 }} type="secondary" className="announcement-excerpt">
                    {item.content}
                  </Typography.Paragraph>
                </div>
                <Typography.Text type="secondary" className="announcement-item-date">
                  {formatUtc(item.publishedAt, 'YYYY-MM-DD HH:mm')}
                </Typography.Text>
              </li>
            ))}
          </ul>
        )}
      </Spin>
      {total > PAGE_SIZE && (
        <Pagination
          className="list-pagination"
          align="end"
          current={pageNum}
          pageSize={PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={(p) => setParams(p === 1 ? {} : { page: String(p) })}
        />
      )}
    </Card>
  );
}
