import type {
  ApiBody,
  ReportFrequency,
  ReportKind,
  ReportPeriod,
  TCoverReport,
  TDeviceStatusReport,
  TFlowReport,
  TReportSubscription,
  TStabilityReport,
} from '@rrp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download } from '../../lib/api';
import type { RequestOptions } from '../../lib/http';

export type { ReportFrequency, ReportKind, ReportPeriod, TCoverReport, TDeviceStatusReport, TFlowReport, TReportSubscription, TStabilityReport };

/** What every report is asked for: a period and, optionally, one of the caller's sub-companies. */
export type ReportRequest = { period: ReportPeriod; companyId?: string };
export type SubscriptionAdd = ApiBody<'POST /rrp/report/subscription/add'>;

export type ReportOf = { flow: TFlowReport; device: TDeviceStatusReport; stability: TStabilityReport; cover: TCoverReport };

const PATHS = {
  flow: 'POST /rrp/report/flow',
  device: 'POST /rrp/report/device',
  stability: 'POST /rrp/report/stability',
  cover: 'POST /rrp/report/cover',
} as const satisfies Record<ReportKind, string>;

export const reportKeys = {
  all: ['reports'] as const,
  report: (kind: ReportKind, req: ReportRequest) => ['reports', kind, req.period, req.companyId ?? ''] as const,
  subscriptions: ['reports', 'subscriptions'] as const,
};

/** The request body: no companyId when the caller's own company is meant. */
export const reportBody = (req: ReportRequest): ReportRequest => (req.companyId ? { period: req.period, companyId: req.companyId } : { period: req.period });

type ReportCall = (key: (typeof PATHS)[ReportKind], body: ReportRequest, opts: RequestOptions) => Promise<unknown>;

/**
 * One report. Its failure is shown in place (with a retry) rather than as a toast: the overview
 * asks three reports at once and one message per card says more than three toasts.
 */
export function useReport<K extends ReportKind>(kind: K, req: ReportRequest, enabled = true) {
  return useQuery({
    queryKey: reportKeys.report(kind, req),
    queryFn: ({ signal }) => (api as ReportCall)(PATHS[kind], reportBody(req), { silent: true, signal }) as Promise<ReportOf[K]>,
    enabled,
  });
}

/** One report's figures as xlsx (a signed download, saved under the name the server gives). */
export const downloadReport = (report: ReportKind, req: ReportRequest) =>
  download('GET /rrp/report/export', { query: { report, ...reportBody(req) }, fallbackName: `report-${report}-${req.period}.xlsx` });

export function useSubscriptions(enabled: boolean) {
  return useQuery({ queryKey: reportKeys.subscriptions, queryFn: () => api('POST /rrp/report/subscription/list', {}), enabled });
}

export function useAddSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SubscriptionAdd) => api('POST /rrp/report/subscription/add', body),
    onSettled: () => qc.invalidateQueries({ queryKey: reportKeys.subscriptions }),
  });
}

export function useDeleteSubscription() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('POST /rrp/report/subscription/delete', { id }),
    onSettled: () => qc.invalidateQueries({ queryKey: reportKeys.subscriptions }),
  });
}
