import type { ReconcileView, TReconcileRow } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import type { As, Count, Nullable, Row } from '../../../db/row.js';
import { AppError } from '../../../plugins/errors.js';

type RawRow = Row<'platform_sims', 'iccid'> &
  Nullable<Row<'platform_sims', 'imei' | 'msisdn' | 'synced_at'>> &
  Nullable<As<'platform_sims', { platform_status: 'status' }>> &
  Nullable<As<'devices', { device_id: 'id'; company_id: 'company_id'; suspended: 'suspended' }>> &
  Nullable<As<'companies', { company_name: 'name' }>> &
  Nullable<As<'platform_sims', { platform_state: 'state' }>>;

const SYNCED_AT = sql`to_char(p.synced_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Whether the platform's state (the connector's reading, stored by the sync) means the device should be suspended; null: not compared (suspendedFor). */
const SHOULD_SUSPEND = sql`CASE p.state WHEN 'active' THEN false WHEN 'suspended' THEN true WHEN 'deactivated' THEN true WHEN 'retired' THEN true END`;

/**
 * The rows of one view, as SQL over platform_sims ⨝ devices:
 * - platform_only: SIMs the platform holds that match no device and were not marked removed;
 * - product_only: the account's devices the platform's inventory does not hold;
 * - state_diff: matched pairs whose `suspended` disagrees with the platform's state.
 */
function viewQuery(view: ReconcileView, accountId: string, like: string | null): SQL {
  const match = (iccid: SQL, imei: SQL) => sql`(${like}::text IS NULL OR ${iccid} ILIKE ${like} OR ${imei} ILIKE ${like})`;
  switch (view) {
    case 'platform_only':
      return sql`SELECT p.iccid, NULL::uuid AS device_id, p.imei, NULL::uuid AS company_id, NULL::text AS company_name,
          p.status AS platform_status, p.state AS platform_state, NULL::boolean AS suspended, p.msisdn, ${SYNCED_AT} AS synced_at
        FROM platform_sims p
        WHERE p.account_id = ${accountId} AND p.device_id IS NULL AND p.ignored IS NULL AND ${match(sql`p.iccid`, sql`p.imei`)}`;
    case 'product_only':
      return sql`SELECT coalesce(d.iccid, '') AS iccid, d.id AS device_id, d.imei, d.company_id, c.name AS company_name,
          NULL::text AS platform_status, NULL::text AS platform_state, d.suspended, NULL::text AS msisdn, NULL::text AS synced_at
        FROM devices d JOIN companies c ON c.id = d.company_id
        WHERE d.account_id = ${accountId}
          AND NOT EXISTS (SELECT 1 FROM platform_sims p WHERE p.account_id = ${accountId} AND (p.device_id = d.id OR p.iccid = d.iccid))
          AND ${match(sql`coalesce(d.iccid, '')`, sql`d.imei`)}`;
    case 'state_diff':
      return sql`SELECT p.iccid, d.id AS device_id, d.imei, d.company_id, c.name AS company_name,
          p.status AS platform_status, p.state AS platform_state, d.suspended, p.msisdn, ${SYNCED_AT} AS synced_at
        FROM platform_sims p JOIN devices d ON d.id = p.device_id JOIN companies c ON c.id = d.company_id
        WHERE p.account_id = ${accountId} AND p.ignored IS NULL AND d.suspended <> ${SHOULD_SUSPEND}
          AND ${match(sql`p.iccid`, sql`d.imei`)}`;
  }
}

const toRow = (r: RawRow): TReconcileRow => ({
  iccid: r.iccid,
  deviceId: r.device_id,
  imei: r.imei,
  companyId: r.company_id,
  companyName: r.company_name,
  platformStatus: r.platform_status,
  platformState: r.platform_state,
  productState: r.suspended === null ? null : r.suspended ? 'suspended' : 'active',
  msisdn: r.msisdn,
  syncedAt: r.synced_at,
});

export async function accountKind(database: Database, id: string, tx?: Tx): Promise<Row<'connectivity_accounts', 'kind' | 'name'>> {
  const [a] = await database.rows<Row<'connectivity_accounts', 'kind' | 'name'>>(sql`SELECT kind, name FROM connectivity_accounts WHERE id = ${id}`, tx);
  if (!a) throw new AppError(40001);
  return a;
}

/** One page of a reconciliation view of an account, by ICCID. */
export async function listReconcile(
  database: Database,
  q: { id: string; view: ReconcileView; keyword?: string; pageNum: number; pageSize: number },
): Promise<{ total: number; list: TReconcileRow[] }> {
  await accountKind(database, q.id);
  const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const view = viewQuery(q.view, q.id, like);
  const [rows, [count]] = await Promise.all([
    database.rows<RawRow>(sql`SELECT * FROM (${view}) v ORDER BY v.iccid, v.device_id LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`),
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM (${view}) v`),
  ]);
  return { total: count.n, list: rows.map(toRow) };
}

export { viewQuery };
