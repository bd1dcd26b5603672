import type { TCompanyDashboard } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { payerOf, stockOf } from '../licenses/index.js';
import { companyInScope } from './repository.js';

const toMb = (bytes: string | number | null) => Math.round((Number(bytes ?? 0) / 1048576) * 100) / 100;

/**
 * One company of the caller's tree, its own figures (not its sub-companies'): devices and how
 * many are online, the License stock it draws on (its own, or its payer's when billed by its
 * parent) and its devices' Licenses in use, this UTC month's usage, members and sub-companies.
 */
export async function companyDashboard(database: Database, scope: TenantScope, id: string): Promise<TCompanyDashboard> {
  const c = await companyInScope(database, scope, id);
  const payer = await payerOf(database, c.id);
  const [[d], [u], [m], [p], stock] = await Promise.all([
    database.rows<{ devices: number; online: number; in_use: number }>(sql`
      SELECT count(*)::int AS devices, count(*) FILTER (WHERE online)::int AS online,
             count(*) FILTER (WHERE license_expires_at > now())::int AS in_use
      FROM devices WHERE company_id = ${c.id} AND ${scope.owns()}`),
    database.rows<Nullable<As<'device_usage_daily', { month: 'bytes' }>>>(sql`
      SELECT sum(bytes) AS month FROM device_usage_daily
      WHERE company_id = ${c.id} AND ${scope.owns()} AND day >= date_trunc('month', now() AT TIME ZONE 'UTC')::date`),
    database.rows<{ members: number; subs: number }>(sql`
      SELECT (SELECT count(*) FROM users WHERE company_id = ${c.id} AND ${scope.owns()} AND state <> 'deleted')::int AS members,
             (SELECT count(*) FROM companies WHERE parent_id = ${c.id})::int AS subs`),
    database.rows<Row<'companies', 'name'>>(sql`SELECT name FROM companies WHERE id = ${payer.id}`),
    stockOf(database, payer.id),
  ]);
  return {
    id: c.id,
    name: c.name,
    devices: d.devices,
    online: d.online,
    licenseStock: stock,
    licensesInUse: d.in_use,
    usageMonthMb: toMb(u.month),
    members: m.members,
    subCompanies: m.subs,
    billing: c.billing,
    payerName: p.name,
  };
}
