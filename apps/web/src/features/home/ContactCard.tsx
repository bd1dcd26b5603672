import { ClockCircleOutlined, GlobalOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import type { TSupportContact } from '@rrp/contracts';
import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatHours } from '../platform';

/** The support contact, as the overview carries it (the same setting the customer-service widget reads). */
export function ContactCard({ contact }: { contact: TSupportContact }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" title={t('home:contact.title')} className="home-card" data-testid="home-contact">
      <Space orientation="vertical" size={8}>
        <Typography.Text>
          <PhoneOutlined /> {t('home:contact.phone')}
          {t('common:colon')}
          <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone || '—'}</a>
        </Typography.Text>
        <Typography.Text>
          <MailOutlined /> {t('home:contact.email')}
          {t('common:colon')}
          <a href={`mailto:${contact.email}`}>{contact.email || '—'}</a>
        </Typography.Text>
        {contact.officialSite && (
          <Typography.Text>
            <GlobalOutlined /> {t('home:contact.officialSite')}
            {t('common:colon')}
            <a href={contact.officialSite} target="_blank" rel="noopener noreferrer">
              {contact.officialSite.replace(/^https:\/\//, '')}
            </a>
          </Typography.Text>
        )}
        <Typography.Text type="secondary">
          <ClockCircleOutlined /> {t('home:contact.hours')}
          {t('common:colon')}
          {formatHours(contact.hours, t)}
        </Typography.Text>
      </Space>
    </Card>
  );
}
