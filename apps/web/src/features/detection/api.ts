import type { DetectionState, TDetection } from '@rrp/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { TDetection };

export const detectionKeys = {
  all: ['detection'] as const,
  one: (id: string) => ['detection', 'one', id] as const,
  list: (imei: string) => ['detection', 'list', imei] as const,
};

/** How often a running detection is asked for its state. */
export const DETECTION_POLL_MS = 2_000;

/** A detection still on its way: the command is out, or the device has not reported yet. */
export const isRunning = (state: DetectionState) => state === 'detecting' || state === 'waiting';

export function useStartDetection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { imei: string; domain: string }) => api('POST /rrp/detection/start', body),
    onSuccess: (d) => {
      qc.setQueryData(detectionKeys.one(d.id), d);
      void qc.invalidateQueries({ queryKey: detectionKeys.list(d.imei) });
    },
  });
}

/** One detection, polled while it runs; the device's history is refreshed once it ends. */
export function useDetection(id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: detectionKeys.one(id ?? ''),
    queryFn: async () => {
      const d = await api('POST /rrp/detection/result', { id: id ?? '' });
      if (!isRunning(d.state)) void qc.invalidateQueries({ queryKey: detectionKeys.list(d.imei) });
      return d;
    },
    enabled: !!id,
    refetchInterval: (q) => (q.state.data && isRunning(q.state.data.state) ? DETECTION_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}

export function useDetectionList(imei: string | null) {
  return useQuery({
    queryKey: detectionKeys.list(imei ?? ''),
    queryFn: () => api('POST /rrp/detection/list', { imei: imei ?? '' }),
    enabled: !!imei,
    select: (data) => data.list,
  });
}
