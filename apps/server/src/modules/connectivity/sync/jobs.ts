import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import type { Row } from '../../../db/row.js';
import type { JobHandler, JobRow, Periodic } from '../../../jobs/runner.js';
import { loadAccount } from './account.js';
import { type ChangeState, COMMAND_JOB, type CommandJob, runCommand } from './commands.js';
import { queueSync, SYNC_JOB } from './queue.js';
import { type OpenConnector, runSync } from './run.js';

/** How often an active account is synced (inventory changes and usage). */
export const SYNC_EVERY_MS = 5 * 60_000;
const TICK_MS = 60_000;

export type ConnectivityJobDeps = { database: Database; openConnector: OpenConnector | null; owner: string; signal?: AbortSignal };

/** Queues a sync of every active platform account not synced for SYNC_EVERY_MS. */
export async function queueDueSyncs(database: Database): Promise<number> {
  const due = await database.rows<Row<'connectivity_accounts', 'id'>>(
    sql`SELECT id FROM connectivity_accounts
        WHERE kind <> 'simulated' AND state = 'active' AND (last_sync_at IS NULL OR last_sync_at < now() - ${`${SYNC_EVERY_MS} milliseconds`}::interval)`,
  );
  for (const a of due) await queueSync(database, a.id);
  return due.length;
}

/** Jobs of the connectivity module: account syncs (queued on demand and every few minutes) and platform commands. */
export function connectivityJobs(deps: ConnectivityJobDeps): { handlers: Record<string, JobHandler>; periodic: Periodic[] } {
  const { database, openConnector, owner, signal } = deps;
  const handlers: Record<string, JobHandler> = {
    [SYNC_JOB]: async (payload: { accountId: string }, job: JobRow) => {
      // a request made from now on queues another sync
      await database.rows(sql`UPDATE jobs SET unique_key = NULL WHERE id = ${job.id}`);
      if (openConnector) await runSync({ database, openConnector, owner, signal }, payload.accountId);
    },
    [COMMAND_JOB]: async (payload: CommandJob, job: JobRow) => {
      const account = await loadAccount(database, payload.accountId);
      const connector = account && openConnector ? openConnector(account) : null;
      const change: ChangeState = (iccid, to, key) => {
        if (!connector) throw new Error('no connector for the account');
        return connector.changeState(iccid, to, key);
      };
      await runCommand(database, connector ? account : undefined, change, payload, job.attempts >= job.max_attempts);
    },
    'connectivity.tick': async () => {
      await queueDueSyncs(database);
    },
  };
  return { handlers, periodic: [{ name: 'connectivity.tick', everyMs: TICK_MS }] };
}
