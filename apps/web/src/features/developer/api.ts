import type { TApiKey, TCallbackKey, TDeviceKey, TWebhookDelivery, TWebhookEndpoint, WebhookDeliveryState, WebhookEvent } from '@rrp/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { RequestOptions } from '../../lib/http';

export type { TApiKey, TCallbackKey, TDeviceKey, TWebhookDelivery, TWebhookEndpoint, WebhookDeliveryState, WebhookEvent };
export type TWebhookWithSecret = TWebhookEndpoint & { secret: string };
export type ApiKeyInput = { name: string; permissions: string[]; expiresAt?: string; ipAllowList?: string[] };
export type WebhookInput = { url: string; events: WebhookEvent[]; description?: string };
export type DeliveryFilter = { endpointId?: string; state?: WebhookDeliveryState; pageNum: number; pageSize: number };

export const developerKeys = {
  all: ['developer'] as const,
  deviceKey: ['developer', 'deviceKey'] as const,
  apiKeys: ['developer', 'apiKeys'] as const,
  webhooks: ['developer', 'webhooks'] as const,
  deliveries: ['developer', 'deliveries'] as const,
  delivery: (f: DeliveryFilter) => ['developer', 'deliveries', f] as const,
  callbackKeys: ['developer', 'callbackKeys'] as const,
};

export const useDeviceKey = () => useQuery({ queryKey: developerKeys.deviceKey, queryFn: () => api('POST /rrp/developer/deviceKey/query', {}) });
export const useApiKeys = () => useQuery({ queryKey: developerKeys.apiKeys, queryFn: () => api('POST /rrp/developer/apiKey/list', {}) });
export const useWebhooks = () => useQuery({ queryKey: developerKeys.webhooks, queryFn: () => api('POST /rrp/developer/webhook/list', {}) });
export const useCallbackKeys = () => useQuery({ queryKey: developerKeys.callbackKeys, queryFn: () => api('POST /rrp/developer/callbackKey/list', {}) });

/** Deliveries, newest first; read again every 5 s while one is still pending or being retried. */
export function useDeliveries(f: DeliveryFilter) {
  return useQuery({
    queryKey: developerKeys.delivery(f),
    queryFn: () => api('POST /rrp/developer/webhook/delivery/list', f),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((d) => d.state === 'pending') ? 5_000 : false),
  });
}

/** A mutation that refreshes the developer area's reads when it succeeds. */
function useDeveloperMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.all }) });
}

export const useRotateDeviceKey = () => useDeveloperMutation(() => api('POST /rrp/developer/deviceKey/rotate', {}));
export const useAddApiKey = () =>
  useDeveloperMutation(({ input, opts }: { input: ApiKeyInput; opts?: RequestOptions }) =>
    api('POST /rrp/developer/apiKey/add', input as Parameters<typeof api<'POST /rrp/developer/apiKey/add'>>[1], opts),
  );
export const useRevokeApiKey = () => useDeveloperMutation((keyId: string) => api('POST /rrp/developer/apiKey/revoke', { keyId }));
export const useAddWebhook = () =>
  useDeveloperMutation(({ input, opts }: { input: WebhookInput; opts?: RequestOptions }) => api('POST /rrp/developer/webhook/add', input, opts));
export const useUpdateWebhook = () =>
  useDeveloperMutation(({ input, opts }: { input: Partial<WebhookInput> & { id: string; enabled?: boolean }; opts?: RequestOptions }) =>
    api('POST /rrp/developer/webhook/update', input, opts),
  );
export const useDeleteWebhook = () => useDeveloperMutation((id: string) => api('POST /rrp/developer/webhook/delete', { id }));
export const useTestWebhook = () => useDeveloperMutation((id: string) => api('POST /rrp/developer/webhook/test', { id }));
export const useRedeliver = () => useDeveloperMutation((id: string) => api('POST /rrp/developer/webhook/delivery/redeliver', { id }));
export const useRotateCallbackKey = () => useDeveloperMutation(() => api('POST /rrp/developer/callbackKey/rotate', {}));
