/**
 * Webhook event types (docs/webhooks.md): what happened, to what. `webhook.test` is only sent
 * by "send test event" and needs no subscription.
 */
export const WEBHOOK_EVENTS = [
  'device.online',
  'device.offline',
  'device.suspended',
  'device.unsuspended',
  'device.card_switched',
  'license.expiring',
  'license.expired',
  'license.renewed',
  'import.finished',
  'alarm.opened',
  'alarm.escalated',
  'alarm.cleared',
  'pool.warning',
  'order.paid',
  'order.delivered',
  'invoice.issued',
  'ac.bound',
  'ac.unbound',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATES = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const API_KEY_STATES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

/** The device report API's signing protocol, shown with the device key. */
export const DEVICE_PROTOCOL = 'rrp1-hmac-sha256';

export const DEVELOPER_LIMITS = {
  apiKeyNameMax: 30,
  apiKeysPerCompany: 20,
  ipAllowListMax: 20,
  webhookUrlMax: 500,
  webhookDescriptionMax: 100,
  webhooksPerCompany: 10,
  /** after a device key rotation the previous secret still signs for this long */
  deviceKeyGraceHours: 72,
  /** after a callback key rotation the previous key still signs (alongside the new one) for this long */
  callbackKeyGraceHours: 72,
} as const;

/**
 * Published API limits for calls signed with an API key (docs/api.md): per key per second and
 * per day, and per company per second across its keys. Answered with 429, code 29013,
 * `RateLimit-*` and `Retry-After`.
 */
export const API_RATE_LIMITS = { perKeyPerSecond: 20, perKeyPerDay: 100_000, perCompanyPerSecond: 50 } as const;
