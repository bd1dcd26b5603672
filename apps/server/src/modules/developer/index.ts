import { type DeveloperDeps, keyHandlers } from './handlers.js';
import { webhookHandlers } from './webhooks/index.js';

export { apiKeyCredentials } from './api-key-auth.js';
export { apiKeyMasterSecret } from './api-key-secret.js';
export { emitWebhookEvent, emitWebhookEvents, forwardDeviceStatus, outboxCtes, webhookJobs } from './webhooks/index.js';

/** The developer area: device key, API keys, webhooks, callback keys (docs/developer.md). */
export const developerHandlers = (deps: DeveloperDeps) => ({ ...keyHandlers(deps), ...webhookHandlers(deps) });
