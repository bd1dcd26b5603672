import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import { SIMULATED_ACCOUNT_ID } from '../../db/schema/index.js';

/**
 * The account devices imported for a region go on: the oldest active platform account serving the
 * region, else the built-in simulated network. (A platform account's SIMs are then found on it by
 * their IMEI at its next sync.)
 */
export async function importAccountFor(database: Database, region: string, tx?: Tx): Promise<string> {
  const [a] = await database.rows<Row<'connectivity_accounts', 'id'>>(
    sql`SELECT id FROM connectivity_accounts WHERE kind <> 'simulated' AND state <> 'disabled' AND ${region} = ANY(regions) ORDER BY created_at, id LIMIT 1`,
    tx,
  );
  return a?.id ?? SIMULATED_ACCOUNT_ID;
}
