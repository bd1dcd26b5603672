import type { AcImportFailure, AcOperatorCode, AcStatus, ApiBody, ApiResult, TAcImportResult, TAcRecord } from '@rrp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download, upload } from '../../lib/api';
import type { RequestOptions } from '../../lib/http';

export type { AcImportFailure, AcOperatorCode, AcStatus, TAcImportResult, TAcRecord };
export type AcListRequest = ApiBody<'POST /rrp/ac/list'>;
export type AcLicenseCount = ApiResult<'POST /rrp/ac/license/count'>;
/** An AC to bind and the device it is for: an IMEI or an EID, never both. */
export type AcBindBody = { acCode: string } & ({ imei: string } | { eid: string });

/** How often the list is read again while a bound AC's profile is downloading. */
export const DOWNLOAD_POLL_MS = 3_000;

export const acKeys = {
  all: ['ac'] as const,
  list: (req: AcListRequest) => ['ac', 'list', req] as const,
  license: ['ac', 'license'] as const,
};

/** One page of the company's ACs, filtered by status, operator and keyword. */
export function useAcList(req: AcListRequest) {
  return useQuery({
    queryKey: acKeys.list(req),
    queryFn: () => api('POST /rrp/ac/list', req),
    placeholderData: keepPreviousData,
    // a bound AC's profile downloads in seconds: follow it until no AC on the page is under way
    refetchInterval: (q) => (q.state.data?.list.some((r) => r.status === 'ASSIGNED') ? DOWNLOAD_POLL_MS : false),
  });
}

/** The company's AC Licenses: one is consumed by each AC imported. */
export function useAcLicenseCount() {
  return useQuery({ queryKey: acKeys.license, queryFn: () => api('POST /rrp/ac/license/count') });
}

/** Every change of an AC changes the list, and may change the AC License count. */
function useAcMutation<B, R>(call: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void qc.invalidateQueries({ queryKey: acKeys.all }) });
}

export const useBindAc = () => useAcMutation((body: AcBindBody) => api('POST /rrp/ac/bind', body));
export const useUnbindAc = () => useAcMutation((acCode: string) => api('POST /rrp/ac/unbind', { acCode }));
export const useDeleteAc = () => useAcMutation((acCode: string) => api('POST /rrp/ac/delete', { acCode }));

/** Imports the ACs of an xlsx file: the declared count (six digits) and the file, signed as a multipart body. */
export const useImportAcs = () =>
  useAcMutation(({ count, file, opts }: { count: string; file: File; opts?: RequestOptions }) => upload('POST /rrp/ac/import', { count }, { file }, opts));

export const downloadAcTemplate = (opts?: RequestOptions) => download('GET /rrp/ac/import/template', { ...opts, fallbackName: 'ac-import-template.xlsx' });
