import type { TAccountOverview } from '@rrp/contracts';
import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../lib/access';
import './banners.css';

/**
 * The data-warning and open-alarm banners of the overview; each links to its page (the pool
 * warning policy, the alarm list) when the member may open it.
 */
export function HomeBanners({ data }: { data: TAccountOverview }) {
  const { t } = useTranslation();
  const canOpen = useCan('SERVICE_SETTING_ALARM_MANAGE');
  if (!data.dataWarning && data.openAlarms <= 0) return null;
  return (
    <Space orientation="vertical" size={12} className="full-width">
      {data.dataWarning && (
        <Alert
          type="warning"
          showIcon
          title={t('home:banner.dataWarningTitle')}
          description={t('home:banner.dataWarning')}
          action={
            canOpen && (
              <Link to="/alarm-settings" className="home-banner-link" data-testid="banner-data-warning-link">
                {t('home:banner.dataWarningLink')}
              </Link>
            )
          }
          data-testid="banner-data-warning"
        />
      )}
      {data.openAlarms > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('home:banner.alarmTitle')}
          description={t('home:banner.alarm', { count: data.openAlarms })}
          action={
            canOpen && (
              <Link to="/alarm-list" className="home-banner-link" data-testid="banner-alarm-link">
                {t('home:banner.alarmLink')}
              </Link>
            )
          }
          data-testid="banner-alarm"
        />
      )}
    </Space>
  );
}
