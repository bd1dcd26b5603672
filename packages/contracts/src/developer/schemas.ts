import { z } from 'zod';
import { field } from '../core/labels.js';
import { zId, zPage, zPageNum, zPageSize } from '../core/paging.js';
import { PERMISSIONS } from '../shared/permissions.js';
import { API_KEY_STATES, DEVELOPER_LIMITS as L, WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS } from './constants.js';

// ---- device key

export const zDeviceKey = z.object({
  keyId: z.string(),
  /** the secret devices sign reports with (shown to members of the developer area) */
  secret: z.string(),
  protocol: z.string(),
  createdAt: z.string(),
  /** the key replaced by the last rotation, still accepted until validUntil */
  previous: z.object({ keyId: z.string(), validUntil: z.string() }).nullable(),
});
export type TDeviceKey = z.infer<typeof zDeviceKey>;

// ---- API keys

/** An IPv4 or IPv6 address, or a CIDR block of either. */
export const zIpOrCidr = z
  .string()
  .trim()
  .max(50)
  .refine(
    (v) => {
      const [addr, bits, extra] = v.split('/');
      if (extra !== undefined) return false;
      const v4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(addr);
      const v6 = !v4 && /^[0-9a-f:]+$/i.test(addr) && addr.includes(':');
      if (!v4 && !v6) return false;
      if (bits === undefined) return true;
      return /^\d{1,3}$/.test(bits) && Number(bits) <= (v4 ? 32 : 128);
    },
    { message: 'an IP address or CIDR block such as 203.0.113.0/24' },
  );

export const zApiKeyAdd = z.object({
  name: field('名称', 'name', z.string().trim().min(1).max(L.apiKeyNameMax)),
  permissions: field('权限', 'permissions', z.array(z.enum(PERMISSIONS)).min(1)),
  expiresAt: field('过期时间', 'expiry', z.iso.datetime({ offset: true })).optional(),
  ipAllowList: field('IP 白名单', 'IP allow-list', z.array(zIpOrCidr).max(L.ipAllowListMax)).optional(),
});
export type TApiKeyAdd = z.infer<typeof zApiKeyAdd>;
/** The only answer that carries the secret. */
export const zApiKeyCreated = z.object({ keyId: z.string(), secret: z.string() });
export const zApiKey = z.object({
  keyId: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  expiresAt: z.string().nullable(),
  ipAllowList: z.array(z.string()),
  state: z.enum(API_KEY_STATES),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof zApiKey>;
export const zApiKeyList = z.array(zApiKey);
export const zApiKeyRevoke = z.object({ keyId: field('密钥 ID', 'key id', z.string().trim().min(1).max(64)) });

// ---- webhooks

export const zWebhookUrl = field('URL', 'URL', z.string().trim().min(1).max(L.webhookUrlMax).url());
export const zWebhookEvents = field('事件', 'events', z.array(z.enum(WEBHOOK_EVENTS)).min(1));
export const zWebhookAdd = z.object({
  url: zWebhookUrl,
  events: zWebhookEvents,
  description: field('描述', 'description', z.string().trim().max(L.webhookDescriptionMax)).optional(),
});
export const zWebhookUpdate = z.object({
  id: zId('端点', 'endpoint'),
  url: zWebhookUrl.optional(),
  events: zWebhookEvents.optional(),
  description: field('描述', 'description', z.string().trim().max(L.webhookDescriptionMax)).optional(),
  /** re-enabling an endpoint disabled after failures restarts its delivery */
  enabled: field('启用', 'enabled', z.boolean()).optional(),
});
export const zWebhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.string()),
  description: z.string(),
  enabled: z.boolean(),
  /** why the platform disabled it ('failing' after 5 days of failed deliveries), null otherwise */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  /** failing since (the first failed delivery of the current run of failures) */
  failingSince: z.string().nullable(),
});
export type TWebhookEndpoint = z.infer<typeof zWebhookEndpoint>;
/** Add answers the endpoint with its signing secret (`whsec_…`, Standard Webhooks). */
export const zWebhookCreated = zWebhookEndpoint.extend({ secret: z.string() });
export const zWebhookList = z.array(zWebhookEndpoint.extend({ secret: z.string() }));
export const zWebhookId = z.object({ id: zId('端点', 'endpoint') });

export const zDeliveryListRequest = z.object({
  endpointId: zId('端点', 'endpoint').optional(),
  state: field('状态', 'state', z.enum(WEBHOOK_DELIVERY_STATES)).optional(),
  pageNum: zPageNum.default(1),
  pageSize: zPageSize.default(10),
});
export const zWebhookDelivery = z.object({
  id: z.uuid(),
  /** the `webhook-id` (same on every attempt and redelivery) */
  messageId: z.string(),
  endpointId: z.uuid(),
  url: z.string(),
  event: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  /** the receiver's answer (first 1,000 characters) or the network error */
  lastResponse: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  payload: z.string(),
});
export type TWebhookDelivery = z.infer<typeof zWebhookDelivery>;
export const zDeliveryList = zPage(zWebhookDelivery);
export const zDeliveryId = z.object({ id: zId('投递', 'delivery') });

// ---- callback keys

/** The platform's Ed25519 keys that sign the company's callbacks (`v1a` signatures), newest first. */
export const zCallbackKey = z.object({
  keyId: z.string(),
  /** `whpk_` + base64 of the raw 32-byte Ed25519 public key (Standard Webhooks) */
  publicKey: z.string(),
  /** the same key as SPKI PEM */
  publicKeyPem: z.string(),
  state: z.enum(['current', 'previous']),
  createdAt: z.string(),
  /** when a previous key stops signing */
  retiresAt: z.string().nullable(),
});
export type TCallbackKey = z.infer<typeof zCallbackKey>;
export const zCallbackKeyList = z.array(zCallbackKey);
