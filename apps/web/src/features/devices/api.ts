import type { DeviceStatus, TDeviceListRequest, TDeviceRow, TImportTask } from '@rrp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { download, post, type RequestOptions, upload } from '../../lib/http';

export type { DeviceStatus, TDeviceRow, TImportTask };

export type LicenseCount = { stock: number; inUse: number; expiring30d: number; reserved: number; importable: number };
export type ImportLogPage = { total: number; list: TImportTask[] };
export type DeviceListPage = { total: number; list: TDeviceRow[]; nextCursor: string | null };
export type DeviceOperation = {
  id: number;
  action: string;
  status: 'pending' | 'done' | 'failed';
  operator: string | null;
  detail: unknown;
  createdAt: string;
  finishedAt: string | null;
};
export type DeviceDetail = {
  device: TDeviceRow;
  operations: DeviceOperation[];
  usageDaily: { day: string; mb: number }[];
  usageMonthly: { month: string; mb: number }[];
  switchAvailableAt: string | null;
};
export type DeviceGroup = { id: string; name: string; isDefault: boolean; deviceCount: number; createdAt: string };
export type ExportMode = 'day' | 'month' | 'custom';
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
  return useQuery({ queryKey: deviceKeys.license, queryFn: () => post<LicenseCount>('/license/query/count', {}) });
}

export function startImport(region: string, file: File): Promise<TImportTask> {
  const form = new FormData();
  form.append('region', region);
  form.append('file', file, file.name);
  return upload<TImportTask>('/device/import', form);
}

export function fetchImportTask(id: string): Promise<TImportTask> {
  return post<TImportTask>('/device/import/task', { id });
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
    queryFn: () => post<ImportLogPage>('/device/import/log/list', { pageNum, pageSize }),
    placeholderData: keepPreviousData,
    // follow running imports until they finish
    refetchInterval: (q) => (q.state.data?.list.some((task) => task.status === 'running') ? IMPORT_LOG_POLL_MS : false),
  });
}

export const downloadTemplate = (opts?: RequestOptions) => download('/device/import/template', { ...opts, fallbackName: 'device-import-template.xlsx' });
export const downloadFailures = (taskId: string) =>
  download(`/device/import/failures/${encodeURIComponent(taskId)}`, { fallbackName: `import-failures-${taskId}.xlsx` });
export const downloadUsage = (mode: ExportMode, start: string, end: string) =>
  download('/device/export', { query: { mode, start, end }, fallbackName: `device-usage-${start}-${end}.xlsx` });

export function useDeviceList(req: Partial<TDeviceListRequest>) {
  return useQuery({
    queryKey: deviceKeys.list(req),
    queryFn: () => post<DeviceListPage>('/device/list', req),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useDeviceDetail(imei: string | null) {
  return useQuery({
    queryKey: deviceKeys.detail(imei ?? ''),
    queryFn: () => post<DeviceDetail>('/device/detail', { imei }),
    enabled: !!imei,
  });
}

/** A device command; the list and the detail are refreshed afterwards. */
export function useDeviceCommand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, imei }: { action: DeviceAction; imei: string }) => post<unknown>(`/device/${action}`, { imei }),
    onSettled: () => void qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export function useAutoRenew() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ imei, autoRenew }: { imei: string; autoRenew: boolean }) => post<unknown>('/device/autoRenew', { imei, autoRenew }),
    onSettled: () => void qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export function useMigrate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ imeis, companyId }: { imeis: string[]; companyId: string }) =>
      post<unknown>('/device/migrate', { imeis: imeis.join('\n'), companyId }, { silent: true }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

export function useGroups() {
  return useQuery({ queryKey: deviceKeys.groups, queryFn: () => post<DeviceGroup[] | { list: DeviceGroup[] }>('/device/group/list', {}), select: groupsOf });
}

/** The group list answer is an array (or a page of one); both are accepted. */
export function groupsOf(data: DeviceGroup[] | { list: DeviceGroup[] }): DeviceGroup[] {
  return Array.isArray(data) ? data : (data?.list ?? []);
}

export function useGroupMutation<V>(path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: V) => post<unknown>(`/device/group/${path}`, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
