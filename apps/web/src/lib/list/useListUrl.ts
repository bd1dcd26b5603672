import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type Page, readFilters, readPage, type UrlFields, writeListQuery } from './urlFields';

type Options<F> = {
  fields: UrlFields<F>;
  pageSizes: readonly number[];
  defaultSize?: number;
  /** the prefix of every key of this list (see `listKey`) where another list shares the page's URL */
  prefix?: string;
};

export type ListUrl<F> = {
  filters: F;
  page: Page;
  /** new filters: back to page 1 */
  setFilters: (filters: F) => void;
  setPage: (page: Page) => void;
};

/**
 * A list's filters and page kept in the URL query, so a list can be shared as a link and the
 * back button returns to the previous filters or page. Each change is a new history entry.
 */
export function useListUrl<F extends object>({ fields, pageSizes, defaultSize = pageSizes[0], prefix }: Options<F>): ListUrl<F> {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query text stands for the params object, which changes identity on every render
  const filters = useMemo(() => readFilters(params, fields, prefix), [key, fields, prefix]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  const page = useMemo(() => readPage(params, pageSizes, defaultSize, prefix), [key, pageSizes, defaultSize, prefix]);

  const write = useCallback(
    (nextFilters: F, nextPage: Page) => setParams((p) => writeListQuery(p, fields, nextFilters, nextPage, defaultSize, prefix)),
    [setParams, fields, defaultSize, prefix],
  );
  const setFilters = useCallback((next: F) => write(next, { pageNum: 1, pageSize: page.pageSize }), [write, page.pageSize]);
  const setPage = useCallback((next: Page) => write(filters, next), [write, filters]);
  return { filters, page, setFilters, setPage };
}
