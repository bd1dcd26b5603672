import { LICENSE, type TLicenseCount } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { Count, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { billedBy, payerStatement } from '../../db/subtree.js';
import { AppError } from '../../plugins/errors.js';

/** The payer's id as a scalar subquery, for statements that write to its ledgers. */
export const payerIdOf = (companyId: SQL) => sql`(${payerStatement(companyId, sql`p.id`)})`;

export async function payerOf(database: Database, companyId: string, tx?: Tx): Promise<{ id: string; path: string }> {
  const [p] = await database.rows<Row<'companies', 'id' | 'path'>>(payerStatement(companyId, sql`p.id, p.path`), tx);
  if (!p) throw new AppError(21001);
  return p;
}

/**
 * Serialises every writer of a payer's stock: the company row lock, held to the end of the
 * transaction. NO KEY UPDATE excludes the other stock writers exactly like FOR UPDATE, but not
 * the key-share locks that inserts referencing the company take (devices, ledger rows), so a
 * migration into the company cannot deadlock with a renewal.
 */
export async function lockStock(database: Database, payerId: string, tx: Tx): Promise<void> {
  await database.rows(sql`SELECT id FROM companies WHERE id = ${payerId} FOR NO KEY UPDATE`, tx);
}

export async function stockOf(database: Database, payerId: string, tx?: Tx): Promise<number> {
  const [r] = await database.rows<Count>(sql`SELECT coalesce(sum(delta), 0)::int AS n FROM license_ledger WHERE company_id = ${payerId}`, tx);
  return r.n;
}

/** Auto-renew devices whose License ends within the current UTC month and has not ended yet. */
export async function reservedOf(database: Database, payer: { id: string; path: string }, tx?: Tx): Promise<number> {
  const [r] = await database.rows<Count>(
    sql`SELECT count(*)::int AS n FROM devices
        WHERE company_id IN ${billedBy(payer)} AND auto_renew AND status <> 'service_expired'
          AND license_expires_at > now()
          AND license_expires_at < (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC'`,
    tx,
  );
  return r.n;
}

/** The stock of the company that pays, and the Licenses in use among the devices the scope reaches. */
export async function licenseCount(database: Database, scope: TenantScope): Promise<TLicenseCount> {
  const payer = await payerOf(database, scope.companyId);
  const [stock, reserved, [u]] = await Promise.all([
    stockOf(database, payer.id),
    reservedOf(database, payer),
    database.rows<{ in_use: number; expiring: number }>(sql`
      SELECT count(*) FILTER (WHERE license_expires_at > now())::int AS in_use,
             count(*) FILTER (WHERE license_expires_at > now()
                               AND license_expires_at <= now() + ${`${LICENSE.expiryWarningDays} days`}::interval)::int AS expiring
      FROM devices WHERE ${scope.owns()}`),
  ]);
  return { stock, inUse: u.in_use, expiring30d: u.expiring, reserved, importable: Math.max(0, stock - reserved) };
}

/**
 * Uses one License per device (the caller holds the stock lock): ledger rows, and 100 MB per
 * License added to the payer's data pool.
 */
export async function useLicenses(
  database: Database,
  tx: Tx,
  u: { payerId: string; deviceIds: string[]; reason: 'import' | 'renewal' | 'auto_renewal'; userId: string | null; ref?: string },
): Promise<void> {
  if (u.deviceIds.length === 0) return;
  await database.rows(
    sql`INSERT INTO license_ledger (company_id, delta, reason, device_id, ref, user_id)
        SELECT ${u.payerId}, -1, ${u.reason}, d, ${u.ref ?? null}, ${u.userId} FROM unnest(${`{${u.deviceIds.join(',')}}`}::uuid[]) AS d`,
    tx,
  );
  await database.rows(
    sql`INSERT INTO data_pool_ledger (company_id, delta_mb, reason, ref)
        VALUES (${u.payerId}, ${u.deviceIds.length * LICENSE.dataMb}, 'license', ${u.ref ?? u.reason})`,
    tx,
  );
}

export async function grantLicenses(database: Database, tx: Tx, companyId: string, n: number, reason: string, ref?: string): Promise<void> {
  await lockStock(database, companyId, tx);
  await database.rows(sql`INSERT INTO license_ledger (company_id, delta, reason, ref) VALUES (${companyId}, ${n}, ${reason}, ${ref ?? null})`, tx);
}

/** The new expiry of a renewal: a year from the current expiry when it is in the future, else from now. */
export const renewedExpiry = sql`greatest(coalesce(license_expires_at, now()), now()) + ${`${LICENSE.years} years`}::interval`;

/** The status a device returns to when its service comes back: the one it had before expiring. */
export const statusAfterRenewal = (deviceIdCol: SQL) => sql`CASE WHEN status = 'service_expired' THEN coalesce(
  (SELECT o.detail->>'from' FROM device_operations o WHERE o.device_id = ${deviceIdCol} AND o.action = 'expire' ORDER BY o.id DESC LIMIT 1),
  'physical_card') ELSE status END`;
