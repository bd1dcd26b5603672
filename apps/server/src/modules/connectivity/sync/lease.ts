import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import type { Row } from '../../../db/row.js';

/** How long a node holds an account's sync without renewing it; a node killed mid-sync is taken over after this. */
export const LEASE_MS = 60_000;

/**
 * Takes (or renews) the account's sync lease for `owner`: one node syncs an account at a time on
 * a cluster. Only an active or unreachable account is synced.
 */
export async function takeLease(database: Database, accountId: string, owner: string): Promise<boolean> {
  const rows = await database.rows<Row<'connectivity_accounts', 'id'>>(
    sql`UPDATE connectivity_accounts SET lease_owner = ${owner}, lease_until = now() + ${`${LEASE_MS} milliseconds`}::interval
        WHERE id = ${accountId} AND kind <> 'simulated' AND state IN ('active', 'unreachable')
          AND (lease_until IS NULL OR lease_until < now() OR lease_owner = ${owner})
        RETURNING id`,
  );
  return rows.length === 1;
}

export async function releaseLease(database: Database, accountId: string, owner: string): Promise<void> {
  await database.rows(sql`UPDATE connectivity_accounts SET lease_owner = NULL, lease_until = NULL WHERE id = ${accountId} AND lease_owner = ${owner}`);
}
