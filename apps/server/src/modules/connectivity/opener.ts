import type { Connector, Credentials } from './connector.js';
import { connectorFor } from './registry.js';
import type { AccountRow } from './sync/account.js';
import type { OpenConnector } from './sync/run.js';

/**
 * Opens accounts' connectors from their stored (encrypted) credentials, keeping one per account
 * while its address and credentials stay the same: a connector holds what must outlive a call
 * (OneLink's token, Control Center's one call in flight).
 */
export function connectorOpener(decrypt: (accountId: string, stored: string) => Credentials, opts: { timeoutMs?: number } = {}): OpenConnector {
  const cache = new Map<string, { version: string; connector: Connector }>();
  return (account: AccountRow) => {
    const version = `${account.base_url}\n${account.credentials}`;
    const known = cache.get(account.id);
    if (known?.version === version) return known.connector;
    const connector = connectorFor(decrypt(account.id, account.credentials), { baseUrl: account.base_url, timeoutMs: opts.timeoutMs });
    cache.set(account.id, { version, connector });
    return connector;
  };
}
