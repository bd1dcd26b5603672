import type { ApiBody } from '@rrp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type MemberFilters = ApiBody<'POST /rrp/user/list'>;

export const memberKeys = {
  all: ['members'] as const,
  list: (f: MemberFilters) => ['members', 'list', f] as const,
  detail: (id: string) => ['members', 'detail', id] as const,
};

export function useMembers(filters: MemberFilters) {
  return useQuery({ queryKey: memberKeys.list(filters), queryFn: () => api('POST /rrp/user/list', filters), placeholderData: keepPreviousData });
}

export function useMember(id: string | null) {
  return useQuery({ queryKey: memberKeys.detail(id ?? ''), queryFn: () => api('POST /rrp/user/detail', { id: id ?? '' }), enabled: !!id });
}

/** Every role of the company, for the role pickers (readable with USER_LIST alone). */
export function useRoleOptions() {
  return useQuery({ queryKey: ['roles', 'options'], queryFn: () => api('POST /rrp/role/options') });
}

/** A change to the members: the list and details read again afterwards. */
export function useMemberChange<
  K extends 'POST /rrp/user/add' | 'POST /rrp/user/detail/update' | 'POST /rrp/user/update' | 'POST /rrp/user/delete' | 'POST /rrp/user/reInvite',
>(key: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<K>) => (api as (k: K, b: ApiBody<K>) => Promise<unknown>)(key, body),
    onSettled: () => client.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
