import type { ApiBody } from '@rrp/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type OpsCompanyListRequest = ApiBody<'POST /ops/company/list'>;

/** Customer companies, searched by name, a page at a time. */
export function useOpsCompanyList(body: OpsCompanyListRequest) {
  return useQuery({ queryKey: ['ops', 'companies', body], queryFn: () => api('POST /ops/company/list', body), placeholderData: keepPreviousData });
}

/** The companies an announcement may be addressed to, searched by name (first 50). */
export function useCompanyPicker(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['ops', 'companies', 'picker', search],
    queryFn: () => api('POST /ops/company/list', { keyword: search || undefined, pageNum: 1, pageSize: 50 }),
    enabled,
  });
}

export function useOpsCompanyDetail(id: string | null) {
  return useQuery({ queryKey: ['ops', 'company', id], queryFn: () => api('POST /ops/company/detail', { id: id ?? '' }), enabled: !!id });
}
