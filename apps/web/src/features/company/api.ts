import type { ApiBody } from '@rrp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const companyKeys = { all: ['company'] as const, tree: ['company', 'tree'] as const, options: ['company', 'options'] as const };

export function useCompanyTree() {
  return useQuery({ queryKey: companyKeys.tree, queryFn: () => api('POST /rrp/company/tree') });
}

/** The companies of the caller's tree, for pickers. */
export function useCompanyOptions() {
  return useQuery({ queryKey: companyKeys.options, queryFn: () => api('POST /rrp/company/options') });
}

export function useDashboard(id: string | null) {
  return useQuery({ queryKey: ['company', 'dashboard', id], queryFn: () => api('POST /rrp/company/dashboard', { id: id ?? '' }), enabled: !!id });
}

export function useCompanyChange<K extends 'POST /rrp/company/add' | 'POST /rrp/company/update' | 'POST /rrp/company/state' | 'POST /rrp/company/admin/invite'>(
  key: K,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<K>) => (api as (k: K, b: ApiBody<K>) => Promise<unknown>)(key, body),
    onSettled: () => client.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
