import type { zAcLicenseCount } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.js';
import type { Count } from '../../db/row.js';
import { lockStock, payerOf } from '../licenses/index.js';

type TAcLicenseCount = z.output<typeof zAcLicenseCount>;

/**
 * AC Licenses live in `ac_license_ledger` of the company that pays (an order's delivery writes
 * there, like device Licenses): the stock is the sum of `delta`, an import writes -1 per AC.
 */
export async function acStock(database: Database, payerId: string, tx?: Tx): Promise<number> {
  const [r] = await database.rows<Count>(sql`SELECT coalesce(sum(delta), 0)::int AS n FROM ac_license_ledger WHERE company_id = ${payerId}`, tx);
  return r.n;
}

/** Locks the payer's stocks (the company row, as every stock writer does) and reads its AC Licenses. */
export async function lockAcStock(database: Database, companyId: string, tx: Tx): Promise<{ payerId: string; available: number }> {
  const payer = await payerOf(database, companyId, tx);
  await lockStock(database, payer.id, tx);
  return { payerId: payer.id, available: await acStock(database, payer.id, tx) };
}

/** Uses one AC License per imported AC (the caller holds the stock lock). */
export async function useAcLicenses(database: Database, tx: Tx, u: { payerId: string; count: number; importId: string; userId: string | null }): Promise<void> {
  if (u.count === 0) return;
  await database.rows(
    sql`INSERT INTO ac_license_ledger (company_id, delta, reason, ref, user_id) VALUES (${u.payerId}, ${-u.count}, 'ac_import', ${u.importId}, ${u.userId})`,
    tx,
  );
}

/** The payer's AC Licenses: available now, used by imports, granted in all (bought or given). */
export async function acLicenseCount(database: Database, companyId: string): Promise<TAcLicenseCount> {
  const payer = await payerOf(database, companyId);
  const [r] = await database.rows<TAcLicenseCount>(
    sql`SELECT coalesce(sum(delta), 0)::int AS available,
               coalesce(-sum(delta) FILTER (WHERE reason = 'ac_import'), 0)::int AS used,
               coalesce(sum(delta) FILTER (WHERE delta > 0), 0)::int AS total
        FROM ac_license_ledger WHERE company_id = ${payer.id}`,
  );
  return r;
}
