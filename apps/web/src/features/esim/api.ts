import type {
  ApiQuery,
  EsimSort,
  EsimState,
  NetworkOperatorCode,
  ProfileState,
  TDeviceOperation,
  TEsimDetail,
  TEsimListRequest,
  TEsimProfile,
  TEsimRow,
} from '@rrp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download } from '../../lib/api';
import type { RequestOptions } from '../../lib/http';

export type { EsimSort, EsimState, NetworkOperatorCode, ProfileState, TDeviceOperation, TEsimDetail, TEsimListRequest, TEsimProfile, TEsimRow };
export type EsimListRequest = Required<Pick<TEsimListRequest, 'pageNum' | 'pageSize' | 'sort'>> & Omit<TEsimListRequest, 'pageNum' | 'pageSize' | 'sort'>;
export type EsimExportQuery = NonNullable<ApiQuery<'GET /rrp/esim/export'>>;
/** A profile command (on one ICCID of the eUICC) or an eSIM-level one. */
export type ProfileCommand = 'enable' | 'disable' | 'delete';
export type EsimCommand = 'activate' | 'pause';

export const esimKeys = {
  all: ['esim'] as const,
  lists: ['esim', 'list'] as const,
  list: (req: EsimListRequest) => ['esim', 'list', req] as const,
  detail: (eid: string) => ['esim', 'detail', eid] as const,
};

/** How often the detail is read again while a command on the eSIM is pending. */
export const PENDING_POLL_MS = 3_000;

/** Whether a command on the eSIM is still running (the row says so, or an operation is pending). */
export const isPending = (d: TEsimDetail | undefined) => !!d && (d.esim.pending || d.operations.some((o) => o.status === 'pending'));

/** One page of the company's eSIMs, filtered and sorted on the server. */
export function useEsimList(req: EsimListRequest) {
  return useQuery({
    queryKey: esimKeys.list(req),
    queryFn: () => api('POST /rrp/esim/list', req),
    placeholderData: keepPreviousData,
    // a row whose command is pending changes when it completes
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.pending) ? PENDING_POLL_MS : false),
  });
}

/** One eSIM with its profiles and operation log; read every 3 s while a command is pending. */
export function useEsimDetail(eid: string | null) {
  return useQuery({
    queryKey: esimKeys.detail(eid ?? ''),
    queryFn: () => api('POST /rrp/esim/detail', { eid: eid ?? '' }),
    enabled: !!eid,
    refetchInterval: (q) => (isPending(q.state.data) ? PENDING_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}

export type CommandVars = { kind: 'profile'; command: ProfileCommand; eid: string; iccid: string } | { kind: 'esim'; command: EsimCommand; eid: string };

/** A command on the eSIM: it is accepted now and completes later, so the detail and the list are read again. */
export function useEsimCommand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: CommandVars) =>
      v.kind === 'profile' ? api(`POST /rrp/esim/profile/${v.command}`, { eid: v.eid, iccid: v.iccid }) : api(`POST /rrp/esim/${v.command}`, { eid: v.eid }),
    onSettled: (_r, _e, v) => {
      void qc.invalidateQueries({ queryKey: esimKeys.detail(v.eid) });
      void qc.invalidateQueries({ queryKey: esimKeys.lists });
    },
  });
}

/** The list as xlsx, with the list's filters (not its page or sort). */
export const downloadEsimList = (query: EsimExportQuery, opts?: RequestOptions) =>
  download('GET /rrp/esim/export', { ...opts, query, fallbackName: 'esim-list.xlsx' });
