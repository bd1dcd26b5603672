import type { TConnectivityAccount } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import type { As, Count, Nullable, Row } from '../../../db/row.js';
import { AppError } from '../../../plugins/errors.js';

type AccountRow = Row<
  'connectivity_accounts',
  'id' | 'kind' | 'name' | 'base_url' | 'credentials_hint' | 'regions' | 'operators' | 'iccid_prefixes' | 'import_company_id' | 'state' | 'state_message'
> &
  Row<'connectivity_accounts', 'unreachable_since' | 'last_sync_at' | 'last_usage_at'> &
  Nullable<As<'companies', { import_company_name: 'name' }>> & { devices: number; platform_sims: number };

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SELECT = sql`SELECT a.id, a.kind, a.name, a.base_url, a.credentials_hint, a.regions, a.operators, a.iccid_prefixes, a.import_company_id,
    c.name AS import_company_name, a.state, a.state_message,
    ${iso(sql`a.unreachable_since`)} AS unreachable_since, ${iso(sql`a.last_sync_at`)} AS last_sync_at, ${iso(sql`a.last_usage_at`)} AS last_usage_at,
    (SELECT count(*)::int FROM devices d WHERE d.account_id = a.id) AS devices,
    (SELECT count(*)::int FROM platform_sims p WHERE p.account_id = a.id AND p.ignored IS NULL) AS platform_sims
  FROM connectivity_accounts a LEFT JOIN companies c ON c.id = a.import_company_id`;

const toAccount = (r: AccountRow): TConnectivityAccount => ({
  id: r.id,
  kind: r.kind as TConnectivityAccount['kind'],
  name: r.name,
  baseUrl: r.base_url,
  credentialsHint: r.credentials_hint,
  regions: r.regions,
  operators: r.operators,
  iccidPrefixes: r.iccid_prefixes,
  importCompanyId: r.import_company_id,
  importCompanyName: r.import_company_name,
  state: r.state as TConnectivityAccount['state'],
  stateMessage: r.state_message,
  unreachableSince: r.unreachable_since,
  lastSyncAt: r.last_sync_at,
  lastUsageAt: r.last_usage_at,
  devices: Number(r.devices),
  platformSims: Number(r.platform_sims),
});

export type AccountFilter = { kind?: string; state?: string; keyword?: string; pageNum: number; pageSize: number };

/** The accounts, the built-in one first, then by name; a keyword matches the name or the address. */
export async function listAccounts(database: Database, f: AccountFilter): Promise<{ total: number; list: TConnectivityAccount[] }> {
  const like = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`WHERE (${f.kind ?? null}::text IS NULL OR a.kind = ${f.kind ?? null})
    AND (${f.state ?? null}::text IS NULL OR a.state = ${f.state ?? null})
    AND (${like}::text IS NULL OR a.name ILIKE ${like} OR a.base_url ILIKE ${like})`;
  const [rows, [count]] = await Promise.all([
    database.rows<AccountRow>(
      sql`${SELECT} ${where} ORDER BY (a.kind = 'simulated') DESC, a.name, a.id LIMIT ${f.pageSize} OFFSET ${(f.pageNum - 1) * f.pageSize}`,
    ),
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM connectivity_accounts a ${where}`),
  ]);
  return { total: count.n, list: rows.map(toAccount) };
}

/** One account as staff see it (never its credentials); 40001 when there is none. */
export async function accountDetail(database: Database, id: string, tx?: Tx): Promise<TConnectivityAccount> {
  const [row] = await database.rows<AccountRow>(sql`${SELECT} WHERE a.id = ${id}`, tx);
  if (!row) throw new AppError(40001);
  return toAccount(row);
}
