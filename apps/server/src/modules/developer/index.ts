import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';

const todo = () => {
  throw new Error('not built yet');
};

/** The developer area: device key, API keys, webhooks, callback keys (docs/developer.md). */
export const developerHandlers = (_deps: { database: Database }) =>
  handlers({
    'POST /rrp/developer/deviceKey/query': todo,
    'POST /rrp/developer/deviceKey/rotate': todo,
    'POST /rrp/developer/apiKey/list': todo,
    'POST /rrp/developer/apiKey/add': todo,
    'POST /rrp/developer/apiKey/revoke': todo,
    'POST /rrp/developer/webhook/list': todo,
    'POST /rrp/developer/webhook/add': todo,
    'POST /rrp/developer/webhook/update': todo,
    'POST /rrp/developer/webhook/delete': todo,
    'POST /rrp/developer/webhook/test': todo,
    'POST /rrp/developer/webhook/delivery/list': todo,
    'POST /rrp/developer/webhook/delivery/redeliver': todo,
    'POST /rrp/developer/callbackKey/list': todo,
    'POST /rrp/developer/callbackKey/rotate': todo,
  });
