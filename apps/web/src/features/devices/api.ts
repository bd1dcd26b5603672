import type {
  ApiBody,
  ApiResult,
  DeviceStatus,
  ExportMode,
  SwitchTarget,
  TDeviceDetail,
  TDeviceListRequest,
  TDeviceOperation,
  TDeviceRow,
  TGroup,
  TImportTask,
} from '@rrp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download, upload } from '../../lib/api';
import type { RequestOptions } from '../../lib/http';

export type { DeviceStatus, ExportMode, TDeviceRow, TImportTask };
export type LicenseCount = ApiResult<'POST /rrp/license/query/count'>;
export type ImportLogPage = ApiResult<'POST /rrp/device/import/log/list'>;
export type DeviceListPage = ApiResult<'POST /rrp/device/list'>;
export type DeviceOperation = TDeviceOperation;
export type DeviceDetail = TDeviceDetail;
export type DeviceGroup = TGroup;
export type DeviceAction = 'suspend' | 'unsuspend' | 'switchCard' | 'sync' | 'license/renew';

export const deviceKeys = {
  all: ['devices'] as const,
  license: ['license', 'count'] as const,
  importLog: (pageNum: number, pageSize: number) => ['devices', 'importLog', pageNum, pageSize] as const,
  importTask: (id: string) => ['devices', 'importTask', id] as const,
  list: (req: Partial<TDeviceListRequest>) => ['devices', 'list', req] as const,
  detail: (imei: string) => ['devices', 'detail', imei] as const,
  groups: ['devices', 'groups'] as const,
};

/** How often the list refreshes its online states while the page is visible. */
export const LIST_REFRESH_MS = 15_000;
/** How often a running import task is asked for its progress. */
export const IMPORT_POLL_MS = 1_000;
/** How often the import log refreshes while one of its tasks runs. */
export const IMPORT_LOG_POLL_MS = 3_000;

export function useLicenseCount() {
  return useQuery({ queryKey: deviceKeys.license, queryFn: () => api('POST /rrp/license/query/count') });
}

export function startImport(region: string, file: File, opts?: RequestOptions): Promise<TImportTask> {
  return upload('POST /rrp/device/import', { region }, { file }, opts);
}

export function fetchImportTask(id: string): Promise<TImportTask> {
  return api('POST /rrp/device/import/task', { id });
}

/** The task, polled while it runs. */
export function useImportTask(id: string | null, initial?: TImportTask) {
  return useQuery({
    queryKey: deviceKeys.importTask(id ?? ''),
    queryFn: () => fetchImportTask(id ?? ''),
    enabled: !!id,
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? IMPORT_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}

export function useImportLog(pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: deviceKeys.importLog(pageNum, pageSize),
    queryFn: () => api('POST /rrp/device/import/log/list', { pageNum, pageSize }),
    placeholderData: keepPreviousData,
    // follow running imports until they finish
    refetchInterval: (q) => (q.state.data?.list.some((task) => task.status === 'running') ? IMPORT_LOG_POLL_MS : false),
  });
}

export const downloadTemplate = (opts?: RequestOptions) =>
  download('GET /rrp/device/import/template', { ...opts, fallbackName: 'device-import-template.xlsx' });
export const downloadFailures = (taskId: string) =>
  download('GET /rrp/device/import/failures/:taskId', { params: { taskId }, fallbackName: `import-failures-${taskId}.xlsx` });
export const downloadUsage = (mode: ExportMode, start: string, end: string) =>
  download('GET /rrp/device/export', { query: { mode, start, end }, fallbackName: `device-usage-${start}-${end}.xlsx` });

export function useDeviceList(req: ApiBody<'POST /rrp/device/list'>) {
  return useQuery({
    queryKey: deviceKeys.list(req),
    queryFn: () => api('POST /rrp/device/list', req),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useDeviceDetail(imei: string | null) {
  return useQuery({
    queryKey: deviceKeys.detail(imei ?? ''),
    queryFn: () => api('POST /rrp/device/detail', { imei: imei ?? '' }),
    enabled: !!imei,
  });
}

/** A device command; the list and the detail are refreshed afterwards. */
export function useDeviceCommand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, imei, target }: { action: DeviceAction; imei: string; target?: SwitchTarget }) =>
      action === 'switchCard' ? api('POST /rrp/device/switchCard', { imei, target }) : api(`POST /rrp/device/${action}`, { imei }),
    onSettled: () => void qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export function useAutoRenew() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'POST /rrp/device/autoRenew'>) => api('POST /rrp/device/autoRenew', body),
    onSettled: () => void qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export function useMigrate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ imeis, companyId }: { imeis: string[]; companyId: string }) =>
      api('POST /rrp/device/migrate', { imeis: imeis.join('\n'), companyId }, { silent: true }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export function useGroups() {
  return useQuery({ queryKey: deviceKeys.groups, queryFn: () => api('POST /rrp/device/group/list'), select: (data) => data.list });
}

type GroupAction = 'add' | 'rename' | 'delete' | 'move';

export function useGroupMutation<A extends GroupAction>(action: A) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<`POST /rrp/device/group/${A}`>) => api(`POST /rrp/device/group/${action}` as `POST /rrp/device/group/${A}`, body as never),
    onSuccess: () => void qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export type DataCapTarget = { imeis: string[] } | { groupId: string };

/** Sets or removes (capMb null) the monthly hard data cap of devices or of a group. */
export function useDataCap() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DataCapTarget & { capMb: number | null }) => api('POST /rrp/dataCap/update', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
