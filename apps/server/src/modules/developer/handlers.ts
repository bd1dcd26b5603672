import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { handlers } from '../../http/handler.js';
import { apiKeyMasterSecret } from './api-key-secret.js';
import { addApiKey, listApiKeys, revokeApiKey } from './api-keys.js';
import { queryDeviceKey, rotateDeviceKey } from './device-key.js';

export type DeveloperDeps = { database: Database; config: Config };

/** The device key and API keys of the caller's company (docs/developer.md). */
export const keyHandlers = ({ database, config }: DeveloperDeps) => {
  const apiKeyMaster = apiKeyMasterSecret(config);
  return handlers({
    'POST /rrp/developer/deviceKey/query': ({ scope }) => queryDeviceKey(database, scope),
    'POST /rrp/developer/deviceKey/rotate': ({ scope, actor }) => rotateDeviceKey(database, actor, scope),
    'POST /rrp/developer/apiKey/list': ({ scope }) => listApiKeys(database, scope),
    'POST /rrp/developer/apiKey/add': ({ scope, actor, caller, body }) =>
      addApiKey(database, apiKeyMaster, actor, { userId: caller.userId, scope, permissions: caller.permissions }, body),
    'POST /rrp/developer/apiKey/revoke': ({ scope, actor, body }) => revokeApiKey(database, actor, scope, body.keyId),
  });
};
