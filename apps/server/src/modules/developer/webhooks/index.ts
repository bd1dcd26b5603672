export { deliverDue } from './deliver.js';
export { forwardDeviceStatus } from './device-status.js';
export { type WebhookConfig, type WebhookDeps, webhookHandlers, webhookOptionsOf } from './handlers.js';
export { webhookJobs } from './jobs.js';
export { emitWebhookEvent, emitWebhookEvents, outboxCtes, type WebhookEmission } from './outbox.js';
export type { Resolver, WebhookOptions } from './url-policy.js';
