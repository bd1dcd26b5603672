import { BulbOutlined } from '@ant-design/icons';
import { Button, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmPeriod, AlarmScope } from './api';
import { useAlarmRecommendation } from './api';

/**
 * The recommended threshold of spec section 9 (the last 7 days' usage of the scope, scaled to the
 * period), shown next to the threshold with a button that puts it there.
 */
export function RecommendHint({
  scope,
  groupId,
  period,
  onUse,
}: {
  scope?: AlarmScope;
  groupId?: string;
  period?: AlarmPeriod;
  onUse: (thresholdMb: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const complete = !!scope && !!period && (scope === 'all' || !!groupId);
  const req = complete ? { scope, period, ...(scope === 'group' ? { groupId } : {}) } : null;
  const rec = useAlarmRecommendation(req);
  const nf = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });

  let content: ReactNode;
  if (!complete) content = <Typography.Text type="secondary">{t('alarms:recommend.needScope')}</Typography.Text>;
  else if (rec.isPending) content = <Spin size="small" aria-label={t('alarms:recommend.loading')} />;
  else if (rec.isError || !rec.data) content = <Typography.Text type="secondary">{t('alarms:recommend.failed')}</Typography.Text>;
  else if (rec.data.thresholdMb === null)
    content = <Typography.Text type="secondary">{t('alarms:recommend.noUsage', { count: rec.data.devices })}</Typography.Text>;
  else {
    const value = rec.data.thresholdMb;
    content = (
      <Space wrap size={[8, 4]}>
        <Typography.Text data-testid="recommend-value">{t('alarms:recommend.value', { value: nf.format(value), count: rec.data.devices })}</Typography.Text>
        {rec.data.averageMb !== null && (
          <Typography.Text type="secondary">{t('alarms:recommend.average', { value: nf.format(rec.data.averageMb) })}</Typography.Text>
        )}
        <Button size="small" onClick={() => onUse(value)} data-testid="recommend-use">
          {t('alarms:recommend.use')}
        </Button>
      </Space>
    );
  }
  return (
    <div className="alarm-recommend" data-testid="recommend-hint">
      <BulbOutlined aria-hidden className="alarm-recommend-icon" />
      <div>
        <Typography.Text strong>{t('alarms:recommend.title')}</Typography.Text>
        <div>{content}</div>
      </div>
    </div>
  );
}
