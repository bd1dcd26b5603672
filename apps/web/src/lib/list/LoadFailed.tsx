import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A list that could not be loaded: what failed and a button that asks again. */
export function LoadFailed({ title, retry }: { title?: string; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={title ?? t('common:list.loadFailed')}
      extra={
        <Button onClick={retry} data-testid="list-retry">
          {t('common:action.retry')}
        </Button>
      }
    />
  );
}
