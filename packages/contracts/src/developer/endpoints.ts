import { memberEndpoint } from '../core/endpoint.js';
import { zEmpty, zNull } from '../core/paging.js';
import {
  zApiKeyAdd,
  zApiKeyCreated,
  zApiKeyList,
  zApiKeyRevoke,
  zCallbackKeyList,
  zDeliveryId,
  zDeliveryList,
  zDeliveryListRequest,
  zDeviceKey,
  zWebhookAdd,
  zWebhookCreated,
  zWebhookDelivery,
  zWebhookEndpoint,
  zWebhookId,
  zWebhookList,
  zWebhookUpdate,
} from './schemas.js';

/** The developer area belongs to the caller's own company (a sub-company has its own keys). */
const dev = { permission: 'DEVELOPER_MANAGEMENT', scope: 'company' } as const;

export const developerEndpoints = {
  'POST /rrp/developer/deviceKey/query': memberEndpoint({
    ...dev,
    summary: 'The company’s device key (created on first need) and its protocol',
    body: zEmpty,
    response: zDeviceKey,
  }),
  'POST /rrp/developer/deviceKey/rotate': memberEndpoint({
    ...dev,
    summary: 'A new device key; the previous one keeps signing for the grace period',
    body: zEmpty,
    response: zDeviceKey,
    audit: 'developer.deviceKey.rotate',
  }),
  'POST /rrp/developer/apiKey/list': memberEndpoint({ ...dev, summary: 'The company’s API keys (never their secrets)', body: zEmpty, response: zApiKeyList }),
  'POST /rrp/developer/apiKey/add': memberEndpoint({
    ...dev,
    summary: 'Create an API key carrying some of the creator’s codes; the only answer with its secret',
    body: zApiKeyAdd,
    response: zApiKeyCreated,
    audit: 'developer.apiKey.add',
  }),
  'POST /rrp/developer/apiKey/revoke': memberEndpoint({
    ...dev,
    summary: 'Revoke an API key at once',
    body: zApiKeyRevoke,
    response: zNull,
    audit: 'developer.apiKey.revoke',
  }),
  'POST /rrp/developer/webhook/list': memberEndpoint({ ...dev, summary: 'The company’s webhook endpoints', body: zEmpty, response: zWebhookList }),
  'POST /rrp/developer/webhook/add': memberEndpoint({
    ...dev,
    summary: 'Add a webhook endpoint; answers it with its signing secret',
    body: zWebhookAdd,
    response: zWebhookCreated,
    audit: 'developer.webhook.add',
  }),
  'POST /rrp/developer/webhook/update': memberEndpoint({
    ...dev,
    summary: 'Change an endpoint’s URL, events, description, or enable it again',
    body: zWebhookUpdate,
    response: zWebhookEndpoint,
    audit: 'developer.webhook.update',
  }),
  'POST /rrp/developer/webhook/delete': memberEndpoint({
    ...dev,
    summary: 'Delete an endpoint (its pending deliveries stop)',
    body: zWebhookId,
    response: zNull,
    audit: 'developer.webhook.delete',
  }),
  'POST /rrp/developer/webhook/test': memberEndpoint({
    ...dev,
    summary: 'Send a webhook.test event to an endpoint now',
    body: zWebhookId,
    response: zWebhookDelivery,
    audit: 'developer.webhook.test',
  }),
  'POST /rrp/developer/webhook/delivery/list': memberEndpoint({
    ...dev,
    summary: 'Deliveries, newest first, with status and response',
    body: zDeliveryListRequest,
    response: zDeliveryList,
  }),
  'POST /rrp/developer/webhook/delivery/redeliver': memberEndpoint({
    ...dev,
    summary: 'Deliver a message again (same webhook-id)',
    body: zDeliveryId,
    response: zWebhookDelivery,
    audit: 'developer.webhook.redeliver',
  }),
  'POST /rrp/developer/callbackKey/list': memberEndpoint({
    ...dev,
    summary: 'The public keys that verify the company’s callbacks',
    body: zEmpty,
    response: zCallbackKeyList,
  }),
  'POST /rrp/developer/callbackKey/rotate': memberEndpoint({
    ...dev,
    summary: 'A new callback signing key; the previous one keeps signing alongside for the grace period',
    body: zEmpty,
    response: zCallbackKeyList,
    audit: 'developer.callbackKey.rotate',
  }),
} as const;
