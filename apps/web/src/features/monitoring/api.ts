import type { ApiBody, ApiResult, TStrategy, TStrategyDetail, TStrategyDevice, TStrategySwitch } from '@rrp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { TStrategy, TStrategyDetail, TStrategyDevice, TStrategySwitch };
export type StrategySave = ApiBody<'POST /rrp/strategy/add'>;
export type StrategyListRequest = ApiBody<'POST /rrp/strategy/list'>;
export type StrategyDeviceListRequest = ApiBody<'POST /rrp/strategy/devices/list'>;
export type StrategyDevicesUpdate = ApiBody<'POST /rrp/strategy/devices/update'>;
export type StrategyDevicesResult = ApiResult<'POST /rrp/strategy/devices/update'>;

export const strategyKeys = {
  all: ['strategies'] as const,
  lists: ['strategies', 'list'] as const,
  list: (req: StrategyListRequest) => ['strategies', 'list', req] as const,
  detail: (id: string) => ['strategies', 'detail', id] as const,
  devices: ['strategies', 'devices'] as const,
  deviceList: (req: StrategyDeviceListRequest) => ['strategies', 'devices', req] as const,
};

/** One page of the company's strategies, optionally filtered by name. */
export function useStrategyList(req: StrategyListRequest) {
  return useQuery({ queryKey: strategyKeys.list(req), queryFn: () => api('POST /rrp/strategy/list', req), placeholderData: keepPreviousData });
}

/** A strategy with its latest switches; read only while its drawer is open. */
export function useStrategyDetail(id: string | null) {
  return useQuery({
    queryKey: strategyKeys.detail(id ?? ''),
    queryFn: () => api('POST /rrp/strategy/detail', { id: id ?? '' }),
    enabled: !!id,
  });
}

/** Adds a strategy (no id) or changes one (with its id): the whole strategy is sent either way. */
export function useSaveStrategy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StrategySave) => (body.id ? api('POST /rrp/strategy/update', body) : api('POST /rrp/strategy/add', body)),
    onSuccess: () => void qc.invalidateQueries({ queryKey: strategyKeys.all }),
  });
}

export function useDeleteStrategy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('POST /rrp/strategy/delete', { id }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: strategyKeys.all }),
  });
}

/** Devices of the company (the picker), or only those on one strategy (with strategyId). */
export function useStrategyDevices(req: StrategyDeviceListRequest, enabled = true) {
  return useQuery({
    queryKey: strategyKeys.deviceList(req),
    queryFn: () => api('POST /rrp/strategy/devices/list', req),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Attaches devices to a strategy (moving them off another) or detaches them; every count shown changes. */
export function useUpdateStrategyDevices() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StrategyDevicesUpdate) => api('POST /rrp/strategy/devices/update', body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: strategyKeys.all }),
  });
}
