import type { TAccountOverview } from '@rrp/contracts';
import { Card, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDataText } from '../../lib/format';

/** Remaining data of the pool against its total, as a progress bar. */
export function DataPoolCard({ data }: { data: TAccountOverview }) {
  const { t, i18n } = useTranslation();
  const percent = data.dataTotalMb > 0 ? Math.max(0, Math.min(100, (data.dataRemainingMb / data.dataTotalMb) * 100)) : 0;
  const status = data.dataWarning ? 'exception' : 'normal';
  return (
    <Card variant="borderless" title={t('home:data.title')} className="home-card">
      <Space orientation="vertical" size={12} className="full-width">
        <div className="data-figures">
          <Typography.Text className="data-remaining">{formatDataText(data.dataRemainingMb, i18n.language)}</Typography.Text>
          <Typography.Text type="secondary">{t('home:data.ofTotal', { total: formatDataText(data.dataTotalMb, i18n.language) })}</Typography.Text>
        </div>
        <Progress
          aria-label={t('home:data.title')}
          percent={Number(percent.toFixed(1))}
          status={status}
          strokeColor={data.dataWarning ? undefined : { from: '#4096ff', to: '#36cfc9' }}
        />
        <Typography.Text type="secondary">{t('home:data.note')}</Typography.Text>
      </Space>
    </Card>
  );
}
