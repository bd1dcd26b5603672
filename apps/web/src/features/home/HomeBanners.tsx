import type { TAccountOverview } from '@rrp/contracts';
import { Alert, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The data-warning and open-alarm banners of the overview. */
export function HomeBanners({ data }: { data: TAccountOverview }) {
  const { t } = useTranslation();
  if (!data.dataWarning && data.openAlarms <= 0) return null;
  return (
    <Space orientation="vertical" size={12} className="full-width">
      {data.dataWarning && (
        <Alert type="warning" showIcon title={t('home:banner.dataWarningTitle')} description={t('home:banner.dataWarning')} data-testid="banner-data-warning" />
      )}
      {data.openAlarms > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('home:banner.alarmTitle')}
          description={t('home:banner.alarm', { count: data.openAlarms })}
          data-testid="banner-alarm"
        />
      )}
    </Space>
  );
}
