export { FilterBar } from './FilterBar';
export { LoadFailed } from './LoadFailed';
export { PAGE_SIZES, PagedTable } from './PagedTable';
export { QueryTable } from './QueryTable';
export { RowsTable } from './RowsTable';
export {
  anyFilter,
  dayField,
  flagField,
  idField,
  listKey,
  oneOfField,
  type Page,
  patternField,
  readFilters,
  readPage,
  textField,
  type UrlField,
  type UrlFields,
  writeListQuery,
} from './urlFields';
export { type ListUrl, useListUrl } from './useListUrl';
