import type {
  AlarmLevel,
  AlarmPeriod,
  AlarmScope,
  AlarmSettingStatus,
  AlarmState,
  AlarmType,
  ApiBody,
  ApiResult,
  TAlarm,
  TAlarmSetting,
  TPoolWarning,
} from '@rrp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, download } from '../../lib/api';

export type { AlarmLevel, AlarmPeriod, AlarmScope, AlarmSettingStatus, AlarmState, AlarmType, TAlarm, TAlarmSetting, TPoolWarning };
export type PoolWarningUpdate = ApiBody<'POST /rrp/poolWarning/update'>;
export type AlarmSettingSave = ApiBody<'POST /rrp/alarmSetting/add'>;
export type AlarmRecommendRequest = ApiBody<'POST /rrp/alarmSetting/recommend'>;
export type AlarmRecommendation = ApiResult<'POST /rrp/alarmSetting/recommend'>;
export type AlarmListRequest = ApiBody<'POST /rrp/alarm/list'>;

export const alarmKeys = {
  pool: ['alarms', 'pool'] as const,
  settings: ['alarms', 'settings'] as const,
  recommend: (req: AlarmRecommendRequest) => ['alarms', 'recommend', req] as const,
  alarms: ['alarms', 'list'] as const,
  list: (req: AlarmListRequest) => ['alarms', 'list', req] as const,
};

/** The data pool warning policy and the pool it watches (the payer's pool for a company billed by its parent). */
export function usePoolWarning() {
  return useQuery({ queryKey: alarmKeys.pool, queryFn: () => api('POST /rrp/poolWarning/query') });
}

export function useUpdatePoolWarning() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PoolWarningUpdate) => api('POST /rrp/poolWarning/update', body),
    onSuccess: (saved) => qc.setQueryData(alarmKeys.pool, saved),
  });
}

/** The company's device alarm settings. */
export function useAlarmSettings() {
  return useQuery({ queryKey: alarmKeys.settings, queryFn: () => api('POST /rrp/alarmSetting/list'), select: (d) => d.list });
}

/** Adds a setting (no id) or changes one (with its id): the whole setting is sent either way. */
export function useSaveAlarmSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AlarmSettingSave) => (body.id ? api('POST /rrp/alarmSetting/update', body) : api('POST /rrp/alarmSetting/add', body)),
    onSuccess: (saved) => {
      qc.setQueryData<{ list: TAlarmSetting[] }>(
        alarmKeys.settings,
        (old) => old && { list: old.list.some((s) => s.id === saved.id) ? old.list.map((s) => (s.id === saved.id ? saved : s)) : [...old.list, saved] },
      );
      void qc.invalidateQueries({ queryKey: alarmKeys.settings });
    },
  });
}

export function useDeleteAlarmSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('POST /rrp/alarmSetting/delete', { id }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: alarmKeys.settings });
      // its open alarms end
      void qc.invalidateQueries({ queryKey: alarmKeys.alarms });
    },
  });
}

/** The recommended threshold of a scope and period (the last 7 days' usage); read only when the scope is complete. */
export function useAlarmRecommendation(req: AlarmRecommendRequest | null) {
  return useQuery({
    queryKey: alarmKeys.recommend(req ?? { scope: 'all', period: 'day' }),
    queryFn: () => api('POST /rrp/alarmSetting/recommend', req ?? { scope: 'all', period: 'day' }, { silent: true }),
    enabled: !!req,
    staleTime: 5 * 60_000,
  });
}

export function useAlarmList(req: AlarmListRequest) {
  return useQuery({ queryKey: alarmKeys.list(req), queryFn: () => api('POST /rrp/alarm/list', req), placeholderData: keepPreviousData });
}

export function useHandleAlarms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api('POST /rrp/alarm/handle', { ids }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: alarmKeys.alarms }),
  });
}

/** The alarm's id as its download path names it (`/api/v1/rrp/alarm/download?id=…`), else the alarm's own. */
export function downloadIdOf(alarm: Pick<TAlarm, 'id' | 'downloadUrl'>): string {
  const q = alarm.downloadUrl.indexOf('?');
  const id = q >= 0 ? new URLSearchParams(alarm.downloadUrl.slice(q + 1)).get('id') : null;
  return id || alarm.id;
}

/** The devices concerned by an alarm (xlsx), a signed GET saved under the name the server gives. */
export const downloadAlarm = (alarm: Pick<TAlarm, 'id' | 'alarmNo' | 'downloadUrl'>) =>
  download('GET /rrp/alarm/download', { query: { id: downloadIdOf(alarm) }, fallbackName: `alarm-${alarm.alarmNo}.xlsx` });
