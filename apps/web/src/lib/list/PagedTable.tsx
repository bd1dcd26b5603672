import type { UseQueryResult } from '@tanstack/react-query';
import { Empty, Table, type TablePaginationConfig, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './LoadFailed';
import type { Page } from './urlFields';

/** The page sizes a list offers unless it says otherwise. */
export const PAGE_SIZES = [10, 20, 50] as const;

type Props<T> = Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> & {
  /** the list query: a page of rows and the total */
  list: UseQueryResult<{ total: number; list: T[] }>;
  page: Page;
  setPage: (page: Page) => void;
  pageSizes?: readonly number[];
  /** what the pager says of the total (default: "N in total") */
  totalText?: (total: number) => string;
  /** the title of the failure view (with a retry button) shown when the first load fails */
  loadFailed?: string;
  /** what an empty list shows once loaded */
  empty?: ReactNode;
  /** the pager's look where a list differs (no size changer, hidden on a single page, small) */
  pager?: Pick<TablePaginationConfig, 'showSizeChanger' | 'hideOnSinglePage' | 'size'>;
};

/**
 * A server-paged list: the failure view with retry, loading while the first page or a new page
 * comes, the empty state once loaded, and a pager that goes back to page 1 when the size changes.
 */
export function PagedTable<T extends object>({ list, page, setPage, pageSizes = PAGE_SIZES, totalText, loadFailed, empty, pager, locale, ...table }: Props<T>) {
  const { t } = useTranslation();
  if (list.isError && !list.data) {
    return <LoadFailed title={loadFailed} retry={() => void list.refetch()} />;
  }
  return (
    <Table<T>
      size="middle"
      {...table}
      dataSource={list.data?.list ?? []}
      loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
      locale={{ ...locale, emptyText: list.isPending ? ' ' : (empty ?? <Empty description={t('common:list.empty')} />) }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: list.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: pageSizes.map(String),
        showTotal: totalText ?? ((total) => t('common:list.total', { count: total })),
        onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize !== page.pageSize ? 1 : pageNum, pageSize }),
        ...pager,
      }}
    />
  );
}
