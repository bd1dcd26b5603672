import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { type Connector, ConnectorError } from '../connector.js';
import { type AccountRow, loadAccount, markFailed, markReachable } from './account.js';
import { syncInventory } from './inventory.js';
import { releaseLease, takeLease } from './lease.js';
import { queueSync } from './queue.js';
import { pullUsage } from './usage.js';

/** Opens the connector of an account (its credentials decrypted); throws when they cannot be read. */
export type OpenConnector = (account: AccountRow) => Connector;

export type SyncDeps = {
  database: Database;
  openConnector: OpenConnector;
  owner: string;
  now?: () => Date;
  /** the process is stopping: the sync stops before its next call (its cursor kept, resumed later) */
  signal?: AbortSignal;
};

/** A sync after failures waits 2^failures seconds, at most five minutes (or what a 429 asked for). */
export const retryDelayMs = (failures: number, retryAfterMs: number | null) => Math.max(retryAfterMs ?? 0, Math.min(2 ** failures * 1000, 5 * 60_000));

class LeaseLost extends Error {}
class Stopping extends Error {}

export type SyncOutcome = 'synced' | 'skipped' | 'lease_lost' | 'stopped' | 'failed';

/**
 * One sync of an account: the lease (one node at a time), the inventory, then usage. A platform
 * failure moves the account's state (auth_failed, or toward unreachable) and, unless the
 * credentials were refused, queues the next attempt with backoff; nothing read before the failure
 * is lost, and the inventory resumes at the page it stopped at.
 */
export async function runSync(deps: SyncDeps, accountId: string): Promise<SyncOutcome> {
  const { database, owner } = deps;
  if (!(await takeLease(database, accountId, owner))) return 'skipped';
  try {
    const account = await loadAccount(database, accountId);
    if (!account) return 'skipped';
    const connector = deps.openConnector(account);
    const renew = async () => {
      if (deps.signal?.aborted) throw new Stopping();
      if (!(await takeLease(database, accountId, owner))) throw new LeaseLost();
    };
    await syncInventory(database, account, connector, { beforePage: renew, now: deps.now });
    await pullUsage(database, account.id, connector, { beforeBatch: renew, now: deps.now });
    await database.rows(sql`UPDATE connectivity_accounts SET last_usage_at = now() WHERE id = ${accountId}`);
    await markReachable(database, accountId);
    return 'synced';
  } catch (e) {
    if (e instanceof LeaseLost) return 'lease_lost';
    if (e instanceof Stopping) return 'stopped';
    if (!(e instanceof ConnectorError)) throw e;
    const after = await markFailed(database, accountId, e);
    if (e.kind !== 'auth' && after.state !== 'disabled') await queueSync(database, accountId, undefined, retryDelayMs(after.failures, e.retryAfterMs));
    return 'failed';
  } finally {
    await releaseLease(database, accountId, owner);
  }
}
