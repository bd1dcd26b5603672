import { LICENSE, type TLicenseLedgerRow } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { textArray } from '../../db/arrays.js';
import type { Database } from '../../db/client.js';
import { deviceIdsByImei } from '../../db/imei-lookup.js';
import type { As, Count, Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { payerOf } from './repository.js';

// id cast to int: a ledger's ids stay far below 2^31
type LedgerRow = Narrow<Row<'license_ledger', 'delta' | 'reason'>, { reason: TLicenseLedgerRow['reason'] }> &
  Nullable<Row<'license_ledger', 'ref'>> &
  As<'license_ledger', { at: 'created_at' }> &
  Nullable<Row<'devices', 'imei'> & As<'users', { user_name: 'name' }>> & { id: number; balance: number };

/**
 * The paying company's License history, newest first, with the stock after each change (a
 * running sum over the whole ledger, so a filtered page still shows true balances). A
 * sub-company billed by its parent reads the parent's ledger, but the device, member and order
 * of a change are named only when they are in the caller's scope: a sibling's IMEIs, members
 * and orders stay theirs.
 */
export async function licenseLedger(
  database: Database,
  scope: TenantScope,
  q: { reason?: TLicenseLedgerRow['reason']; from?: string; to?: string; pageNum: number; pageSize: number },
): Promise<{ total: number; list: TLicenseLedgerRow[] }> {
  const payer = await payerOf(database, scope.companyId);
  const parts: SQL[] = [sql`true`];
  if (q.reason) parts.push(sql`l.reason = ${q.reason}`);
  if (q.from) parts.push(sql`l.created_at >= ${q.from}::date`);
  if (q.to) parts.push(sql`l.created_at < ${q.to}::date + 1`);
  const where = sql.join(parts, sql` AND `);
  const ledger = sql`(SELECT id, created_at, delta, reason, device_id, ref, user_id, sum(delta) OVER (ORDER BY id)::int AS balance
                      FROM license_ledger WHERE company_id = ${payer.id}) l`;
  const [rows, [count]] = await Promise.all([
    database.rows<LedgerRow>(sql`
      SELECT l.id::int AS id, l.created_at AS at, l.delta, l.reason, l.balance,
             CASE WHEN ${scope.owns(sql`d.company_id`)} THEN d.imei END AS imei,
             CASE WHEN ${scope.owns(sql`u.company_id`)} THEN u.name END AS user_name,
             CASE WHEN o.id IS NULL OR ${scope.owns(sql`o.company_id`)} THEN l.ref END AS ref
      FROM ${ledger} LEFT JOIN devices d ON d.id = l.device_id LEFT JOIN users u ON u.id = l.user_id
        LEFT JOIN orders o ON l.reason = 'purchase' AND o.order_no = l.ref
      WHERE ${where} ORDER BY l.id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`),
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM license_ledger l WHERE l.company_id = ${payer.id} AND ${where}`),
  ]);
  return {
    total: count.n,
    list: rows.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      delta: r.delta,
      reason: r.reason,
      imei: r.imei,
      orderNo: r.reason === 'purchase' ? r.ref : null,
      userName: r.user_name,
      balance: r.balance,
    })),
  };
}

/** Devices whose License ends within 30 days, soonest first. */
export async function expiringDevices(database: Database, scope: TenantScope, q: { pageNum: number; pageSize: number }) {
  const where = sql`${scope.owns(sql`d.company_id`)} AND d.license_expires_at > now()
                    AND d.license_expires_at <= now() + ${`${LICENSE.expiryWarningDays} days`}::interval`;
  const [rows, [count]] = await Promise.all([
    database.rows<
      Narrow<Row<'devices', 'id' | 'imei' | 'name' | 'license_expires_at' | 'auto_renew'>, { license_expires_at: string }> &
        As<'companies', { company_name: 'name' }>
    >(sql`
      SELECT d.id, d.imei, d.name, c.name AS company_name, d.license_expires_at, d.auto_renew
      FROM devices d JOIN companies c ON c.id = d.company_id
      WHERE ${where} ORDER BY d.license_expires_at, d.id LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`),
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM devices d WHERE ${where}`),
  ]);
  return {
    total: count.n,
    list: rows.map((r) => ({
      id: r.id,
      imei: r.imei,
      name: r.name,
      companyName: r.company_name,
      licenseExpiresAt: new Date(r.license_expires_at).toISOString(),
      autoRenew: r.auto_renew,
    })),
  };
}

/**
 * Auto-renewal for listed devices (all must be within reach, or nothing changes: 23009) or for
 * every device the scope reaches, in one statement, with one audit event.
 */
export async function setAutoRenewBulk(
  database: Database,
  ctx: { scope: TenantScope; actor: Actor },
  b: { imeis?: string[]; all?: boolean; autoRenew: boolean },
): Promise<{ updated: number }> {
  return database.db.transaction(async (tx) => {
    let target: SQL = ctx.scope.owns();
    if (b.imeis) {
      const imeis = [...new Set(b.imeis)];
      const found = await database.rows<Row<'devices', 'id' | 'imei'>>(
        sql`SELECT id, imei FROM devices WHERE id = ANY(${textArray(await deviceIdsByImei(database, imeis, tx))}::uuid[]) AND ${ctx.scope.owns()}`,
        tx,
      );
      const known = new Set(found.map((r) => r.imei));
      const foreign = imeis.filter((i) => !known.has(i));
      if (foreign.length) throw new AppError(23009, { detail: foreign.join(', ') });
      target = sql`${target} AND id = ANY(${textArray(found.map((r) => r.id))}::uuid[])`;
    }
    const changed = await database.rows<Row<'devices', 'imei'>>(
      sql`UPDATE devices SET auto_renew = ${b.autoRenew}, updated_at = now() WHERE ${target} AND auto_renew <> ${b.autoRenew} RETURNING imei`,
      tx,
    );
    await recordAudit(database, tx, ctx.actor, {
      action: 'license.autoRenew',
      companyId: ctx.scope.companyId,
      targetType: 'device',
      targetLabel: b.all ? '*' : (b.imeis ?? []).slice(0, 10).join(', '),
      changes: { autoRenew: [!b.autoRenew, b.autoRenew], devices: [null, changed.length] },
    });
    return { updated: changed.length };
  });
}
