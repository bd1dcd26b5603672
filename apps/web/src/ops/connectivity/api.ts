import type { ApiBody } from '@rrp/contracts';
import { PROVIDER_KINDS } from '@rrp/contracts/constants';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The kinds staff can add: the simulated network is built in, and only once. */
export const ADDABLE_KINDS = PROVIDER_KINDS.filter((k): k is Exclude<(typeof PROVIDER_KINDS)[number], 'simulated'> => k !== 'simulated');

const KEY = ['ops', 'connectivity'] as const;

export type AccountListRequest = ApiBody<'POST /ops/connectivity/list'>;
export type AddRequest = ApiBody<'POST /ops/connectivity/add'>;
export type UpdateRequest = ApiBody<'POST /ops/connectivity/update'>;
export type ResolveRequest = ApiBody<'POST /ops/connectivity/reconcile/resolve'>;

export function useAccountList(body: AccountListRequest) {
  return useQuery({ queryKey: [...KEY, 'list', body], queryFn: () => api('POST /ops/connectivity/list', body), placeholderData: keepPreviousData });
}

export function useAccountDetail(id: string | null) {
  return useQuery({ queryKey: [...KEY, 'detail', id], queryFn: () => api('POST /ops/connectivity/detail', { id: id ?? '' }), enabled: !!id });
}

export function useReconcileList(body: ApiBody<'POST /ops/connectivity/reconcile/list'>, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'reconcile', body],
    queryFn: () => api('POST /ops/connectivity/reconcile/list', body),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A change to the accounts: every connectivity query is read again afterwards. */
function useChange<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

/** Add and update show their errors at the form's fields, not as a toast. */
export const useAddAccount = () => useChange((body: AddRequest) => api('POST /ops/connectivity/add', body, { silent: true }));
export const useUpdateAccount = () => useChange((body: UpdateRequest) => api('POST /ops/connectivity/update', body, { silent: true }));
export const useTestConnection = () => useChange((id: string) => api('POST /ops/connectivity/test', { id }));
export const useSyncNow = () => useChange((id: string) => api('POST /ops/connectivity/sync', { id }));
export const useSetDisabled = () => useChange((v: { id: string; disabled: boolean }) => api('POST /ops/connectivity/disable', v));
export const useResolve = () => useChange((body: ResolveRequest) => api('POST /ops/connectivity/reconcile/resolve', body));
