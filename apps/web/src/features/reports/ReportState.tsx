import { ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Grey placeholders in the shape of the report's cards while its figures load. */
export function ReportSkeleton({ cards = 4 }: { cards?: number }) {
  const { t } = useTranslation();
  return (
    <div className="report-grid" aria-busy="true" data-testid="report-loading">
      <span className="sr-only">{t('reports:state.loading')}</span>
      {Array.from({ length: cards }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i} variant="borderless" className="report-card">
          <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 5 }} />
        </Card>
      ))}
    </div>
  );
}

/** A report that could not be read, with a retry. */
export function ReportError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Card variant="borderless" className="report-card" data-testid="report-error">
      <Result
        status="warning"
        title={t('reports:state.failed')}
        subTitle={error instanceof Error ? error.message : undefined}
        extra={
          <Button icon={<ReloadOutlined />} onClick={onRetry} loading={retrying} data-testid="report-retry">
            {t('common:action.retry')}
          </Button>
        }
      />
    </Card>
  );
}

/** A report's query: skeleton while it loads, error with retry, else its content. */
export function ReportQuery<T>({ query, cards, children }: { query: UseQueryResult<T>; cards?: number; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <ReportError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <ReportSkeleton cards={cards} />;
}
