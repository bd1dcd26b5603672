import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './LoadFailed';

const rowsOf = <T,>(data: readonly T[] | { list: readonly T[] } | undefined): readonly T[] => (data === undefined ? [] : 'list' in data ? data.list : data);

type Props<T> = Omit<TableProps<T>, 'dataSource' | 'loading'> & {
  /** the query answering every row at once (as an array, or as `{ list }`) */
  list: UseQueryResult<readonly T[] | { list: readonly T[] }>;
  /** the title of the failure view (with a retry button) shown when the first load fails */
  loadFailed?: string;
  /** what an empty list shows once loaded */
  empty?: ReactNode;
};

/**
 * A list read whole (keys, webhooks, roles): the failure view with retry, loading while it comes,
 * the empty state once loaded. Paging, if any, happens in the browser.
 */
export function QueryTable<T extends object>({ list, loadFailed, empty, locale, pagination = false, ...table }: Props<T>) {
  const { t } = useTranslation();
  if (list.isError && !list.data) return <LoadFailed title={loadFailed} retry={() => void list.refetch()} />;
  return (
    <Table<T>
      size="middle"
      {...table}
      pagination={pagination}
      dataSource={rowsOf(list.data)}
      loading={list.isPending}
      locale={{ ...locale, emptyText: list.isPending ? ' ' : (empty ?? <Empty description={t('common:list.empty')} />) }}
    />
  );
}
