import { ClockCircleOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import type { TAccountOverview } from '@rrp/contracts';
import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function ContactCard({ contact }: { contact: TAccountOverview['contact'] }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" title={t('home:contact.title')} className="home-card">
      <Space orientation="vertical" size={8}>
        <Typography.Text>
          <PhoneOutlined /> {t('home:contact.phone')}
          {t('common:colon')}
          <a href={`tel:${contact.phone}`}>{contact.phone || '—'}</a>
        </Typography.Text>
        <Typography.Text>
          <MailOutlined /> {t('home:contact.email')}
          {t('common:colon')}
          <a href={`mailto:${contact.email}`}>{contact.email || '—'}</a>
        </Typography.Text>
        <Typography.Text type="secondary">
          <ClockCircleOutlined /> {t('home:contact.hours')}
          {t('common:colon')}
          {contact.hours || '—'}
        </Typography.Text>
      </Space>
    </Card>
  );
}
