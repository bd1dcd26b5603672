import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import type { Row } from '../../../db/row.js';
import { AppError } from '../../../plugins/errors.js';
import { type Actor, recordAudit } from '../../audit/index.js';
import { queueSync } from '../sync/queue.js';
import { auditTarget } from './write.js';

/** Starts a sync of the account now; the built-in network and a disabled account are not synced. */
export async function syncNow(database: Database, actor: Actor, id: string): Promise<{ queued: boolean }> {
  return database.db.transaction(async (tx) => {
    const [account] = await database.rows<Row<'connectivity_accounts', 'kind' | 'name' | 'state'>>(
      sql`SELECT kind, name, state FROM connectivity_accounts WHERE id = ${id}`,
      tx,
    );
    if (!account) throw new AppError(40001);
    if (account.kind === 'simulated') throw new AppError(40003);
    if (account.state === 'disabled') throw new AppError(40005);
    await queueSync(database, id, tx);
    await recordAudit(database, tx, actor, { action: 'connectivity.sync', ...auditTarget(id, account.name) });
    return { queued: true };
  });
}
