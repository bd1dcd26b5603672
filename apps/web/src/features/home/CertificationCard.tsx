import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { TAccountOverview } from '@rrp/contracts';
import { Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/access';
import { CertificationTag } from '../account/CertificationTag';

export function CertificationCard({ status }: { status: TAccountOverview['certification'] }) {
  const { t } = useTranslation();
  const canOpen = useCan('ACCOUNT_INFO');
  const action = status === 'none' || status === 'rejected' ? 'start' : 'view';
  return (
    <Card variant="borderless" title={t('home:cert.title')} className="home-card">
      <Space orientation="vertical" size={8}>
        <Space>
          <SafetyCertificateOutlined className={status === 'verified' ? 'cert-icon-ok' : 'cert-icon'} />
          <CertificationTag status={status} />
        </Space>
        <Typography.Text type="secondary">{t(`home:cert.hint.${status}`)}</Typography.Text>
        {canOpen && (
          <Link to="/account#certification" data-testid="home-cert-link">
            {t(`home:cert.${action}`)}
          </Link>
        )}
      </Space>
    </Card>
  );
}
