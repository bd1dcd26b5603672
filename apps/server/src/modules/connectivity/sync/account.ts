import type { ProviderKind } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import type { Narrow, Row } from '../../../db/row.js';
import type { ConnectorError } from '../connector.js';

export type AccountRow = Narrow<
  Row<'connectivity_accounts', 'id' | 'kind' | 'name' | 'base_url' | 'credentials' | 'regions' | 'import_company_id' | 'state' | 'failures' | 'sync_cursor'>,
  { kind: ProviderKind; sync_cursor: SyncCursor | null }
>;

/**
 * Where the account's inventory sync stands: SIMs modified since `since` (all when null), page
 * `page` next; `running` until its last page is read, so a sync cut short resumes at that page.
 */
export type SyncCursor = { since: string | null; page: number; startedAt: string; running: boolean };

/** Consecutive failed calls before an account counts as unreachable (the circuit opens). */
export const BREAKER_THRESHOLD = 3;

export async function loadAccount(database: Database, id: string, tx?: Tx): Promise<AccountRow | undefined> {
  const [a] = await database.rows<AccountRow>(
    sql`SELECT id, kind, name, base_url, credentials, regions, import_company_id, state, failures, sync_cursor
        FROM connectivity_accounts WHERE id = ${id}`,
    tx,
  );
  return a;
}

/** A call succeeded: the circuit closes and an unreachable account is active again. */
export async function markReachable(database: Database, id: string): Promise<void> {
  await database.rows(
    sql`UPDATE connectivity_accounts SET failures = 0, unreachable_since = NULL, state_message = NULL,
               state = CASE WHEN state = 'unreachable' THEN 'active' ELSE state END, updated_at = now()
        WHERE id = ${id} AND (failures <> 0 OR state = 'unreachable')`,
  );
}

/**
 * A call failed. Refused credentials put the account in `auth_failed` (nothing retries until
 * staff fix them); other failures count, and from BREAKER_THRESHOLD on the account is
 * `unreachable` since the first of them. Answers the account's state and failure count after.
 */
export async function markFailed(database: Database, id: string, err: ConnectorError): Promise<{ state: string; failures: number }> {
  const message = `${err.platformCode ? `[${err.platformCode}] ` : ''}${err.platformMessage}`.slice(0, 500);
  const [a] = await database.rows<Row<'connectivity_accounts', 'state' | 'failures'>>(
    err.kind === 'auth'
      ? sql`UPDATE connectivity_accounts SET state = CASE WHEN state = 'disabled' THEN state ELSE 'auth_failed' END, state_message = ${message}, updated_at = now()
            WHERE id = ${id} RETURNING state, failures`
      : sql`UPDATE connectivity_accounts SET failures = failures + 1, state_message = ${message},
                   unreachable_since = CASE WHEN failures + 1 >= ${BREAKER_THRESHOLD} THEN coalesce(unreachable_since, now()) ELSE unreachable_since END,
                   state = CASE WHEN state = 'active' AND failures + 1 >= ${BREAKER_THRESHOLD} THEN 'unreachable' ELSE state END, updated_at = now()
            WHERE id = ${id} RETURNING state, failures`,
  );
  return a ?? { state: 'disabled', failures: 0 };
}
