import type { ApiBody, AtCardState, TAtCard, TAtLogEntry } from '@rrp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { AtCardState, TAtCard, TAtLogEntry };
export type AtCardListRequest = ApiBody<'POST /rrp/atCard/list'>;
export type AtCommandBody = ApiBody<'POST /rrp/atCard/command'>;

/** A pending AT command answers in seconds: the list and the log ask again this often until it has. */
export const AT_POLL_MS = 3_000;

export const atCardKeys = {
  all: ['atCards'] as const,
  list: (req: AtCardListRequest) => ['atCards', 'list', req] as const,
  log: (imei: string) => ['atCards', 'log', imei] as const,
};

/** One page of the company's SIM slots; polled while a command on a device of the page is pending. */
export function useAtCardList(req: AtCardListRequest) {
  return useQuery({
    queryKey: atCardKeys.list(req),
    queryFn: () => api('POST /rrp/atCard/list', req),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((c) => c.pending) ? AT_POLL_MS : false),
  });
}

/** The AT commands of a device and the module's raw answers; polled while one is pending. */
export function useAtLog(imei: string | null) {
  return useQuery({
    queryKey: atCardKeys.log(imei ?? ''),
    queryFn: () => api('POST /rrp/atCard/log', { imei: imei ?? '' }),
    enabled: !!imei,
    refetchInterval: (q) => (q.state.data?.list.some((e) => e.status === 'pending') ? AT_POLL_MS : false),
  });
}

/** Sends a switch or a sync; the list and the logs then show it pending. */
export function useAtCommand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AtCommandBody) => api('POST /rrp/atCard/command', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: atCardKeys.all }),
  });
}
