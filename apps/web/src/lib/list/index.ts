export { FilterBar } from './FilterBar';
export { LoadFailed } from './LoadFailed';
export { PAGE_SIZES, PagedTable } from './PagedTable';
export { QueryTable } from './QueryTable';
export { dayField, flagField, oneOfField, type Page, patternField, textField, type UrlField, type UrlFields } from './urlFields';
export { type ListUrl, useListUrl } from './useListUrl';
