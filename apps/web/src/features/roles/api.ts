import type { ApiBody } from '@rrp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const roleKeys = { all: ['roles'] as const, tree: ['roles', 'tree'] as const };

export function useRoles(page: { pageNum: number; pageSize: number }) {
  return useQuery({ queryKey: ['roles', 'list', page], queryFn: () => api('POST /rrp/role/list', page), placeholderData: keepPreviousData });
}

export function usePermissionTree() {
  return useQuery({ queryKey: roleKeys.tree, queryFn: () => api('POST /rrp/role/permissionTree') });
}

export function useRoleChange<K extends 'POST /rrp/role/add' | 'POST /rrp/role/update' | 'POST /rrp/role/delete'>(key: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<K>) => (api as (k: K, b: ApiBody<K>) => Promise<unknown>)(key, body),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: roleKeys.all }), client.invalidateQueries({ queryKey: ['members'] })]),
  });
}
