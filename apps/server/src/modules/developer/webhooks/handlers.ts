import type { Database } from '../../../db/client.js';
import { handlers } from '../../../http/handler.js';
import { listCallbackKeys, rotateCallbackKey } from './callback-keys.js';
import { listDeliveries, redeliver, testEndpoint } from './deliveries.js';
import { addEndpoint, deleteEndpoint, listEndpoints, updateEndpoint } from './endpoints.js';
import type { WebhookOptions } from './url-policy.js';

/** The configuration's webhook settings (config.ts). */
export type WebhookConfig = { webhookAllowHttp: boolean; RRP_WEBHOOK_ALLOW_PRIVATE: boolean; publicUrl?: string };

export type WebhookDeps = {
  database: Database;
  /** the settings, unless `options` replaces them (tests) */
  config?: WebhookConfig;
  /** URL rules and delivery settings; with neither these nor config: https only, public addresses only */
  options?: WebhookOptions;
  /** the console's address, for the link in the "endpoint disabled" e-mail (default: config.publicUrl) */
  publicUrl?: string;
};

/** The strictest rules: what applies when a caller passes none. */
const STRICT: WebhookOptions = { allowHttp: false, allowPrivate: false };

/** The webhook settings of the configuration (RRP_WEBHOOK_ALLOW_HTTP, RRP_WEBHOOK_ALLOW_PRIVATE). */
export const webhookOptionsOf = (config: WebhookConfig): WebhookOptions => ({
  allowHttp: config.webhookAllowHttp,
  allowPrivate: config.RRP_WEBHOOK_ALLOW_PRIVATE,
});

/** What delivery runs with, from the deps. */
export const deliverDepsOf = (deps: WebhookDeps) => ({
  database: deps.database,
  options: deps.options ?? (deps.config ? webhookOptionsOf(deps.config) : STRICT),
  publicUrl: deps.publicUrl ?? deps.config?.publicUrl,
});

/** Webhook endpoints, their deliveries, and the callback keys of the caller's company (docs/webhooks.md). */
export const webhookHandlers = (deps: WebhookDeps) => {
  const deliver = deliverDepsOf(deps);
  const { database, options } = deliver;
  return handlers({
    'POST /rrp/developer/webhook/list': ({ scope }) => listEndpoints(database, scope),
    'POST /rrp/developer/webhook/add': ({ scope, actor, body }) => addEndpoint({ database, scope, actor, options }, body),
    'POST /rrp/developer/webhook/update': ({ scope, actor, body }) => updateEndpoint({ database, scope, actor, options }, body),
    'POST /rrp/developer/webhook/delete': ({ scope, actor, body }) => deleteEndpoint({ database, scope, actor, options }, body.id),
    'POST /rrp/developer/webhook/test': ({ scope, actor, body }) => testEndpoint(deliver, { scope, actor, options }, body.id),
    'POST /rrp/developer/webhook/delivery/list': ({ scope, body }) => listDeliveries(database, scope, body),
    'POST /rrp/developer/webhook/delivery/redeliver': ({ scope, actor, body }) => redeliver(database, { scope, actor, options }, body.id),
    'POST /rrp/developer/callbackKey/list': ({ scope }) => listCallbackKeys(database, scope),
    'POST /rrp/developer/callbackKey/rotate': ({ scope, actor }) => rotateCallbackKey(database, { scope, actor }),
  });
};
