import type { TAnnouncementBrief } from '@rrp/contracts';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatUtc } from '../../lib/format';

/** An announcement's date line and body (plain text, line breaks kept). */
export function AnnouncementContent({ item }: { item: TAnnouncementBrief }) {
  const { t } = useTranslation();
  return (
    <div className="announcement-content">
      <Typography.Text type="secondary">{t('announcement:publishedAt', { time: formatUtc(item.publishedAt, 'YYYY-MM-DD HH:mm') })}</Typography.Text>
      <Typography.Paragraph className="announcement-body">{item.content}</Typography.Paragraph>
    </div>
  );
}
