import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The 500 view; works outside the router (used by error boundaries). */
export default function ServerErrorView({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="500"
      title="500"
      subTitle={t('errors:500.subTitle')}
      extra={
        <Space>
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('errors:action.reload')}
          </Button>
          {onRetry && <Button onClick={onRetry}>{t('errors:action.retry')}</Button>}
          <Button href="/home">{t('errors:action.home')}</Button>
        </Space>
      }
    />
  );
}
