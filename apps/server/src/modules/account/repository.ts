import type { TAccountInfo, TCompanyInfo } from '@rrp/contracts';
import { LICENSE, type Locale, localizeRoleName, normalizeLocale, type Permission } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { billedBy } from '../../db/subtree.js';
import type { SessionPreread } from '../../plugins/auth.js';
import { payerOf, stockOf } from '../licenses/index.js';

type AccountRow = Narrow<Row<'users', 'id' | 'name' | 'email' | 'phone' | 'job_title' | 'locale' | 'kind'>, { locale: Locale }> &
  Nullable<
    Narrow<
      As<'companies', { company_id: 'id'; company_name: 'name'; certification: 'certification'; billing: 'billing' }>,
      { certification: TAccountInfo['certification'] }
    >
  > & { role_names: string[] | null };

/**
 * The signed-in person's account: the read behind /account/query. The permissions are not read
 * again: the signed call's session statement has just read them (MemberCaller.permissions).
 * `userId` is a value, or an SQL expression (the session statement's s.user_id).
 */
export const ACCOUNT_QUERY = (userId: string | SQL) => sql`
  SELECT u.id, u.name, u.email, u.phone, u.job_title, u.locale, u.kind, c.id AS company_id, c.name AS company_name, c.certification, c.billing,
         (SELECT array_agg(r.name ORDER BY r.created_at) FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS role_names
  FROM users u LEFT JOIN companies c ON c.id = u.company_id
  WHERE u.id = ${userId}`;

/** /account/query's read, made by the session statement of the call (one round trip). */
export const ACCOUNT_PREREAD: SessionPreread = {
  name: 'account_query',
  value: (userId) => sql`(SELECT to_json(a) FROM (${ACCOUNT_QUERY(userId)}) a)`,
};

/**
 * `permissions`: the caller's effective permission codes, as the session statement read them;
 * `preread`: the account row the session statement read (ACCOUNT_PREREAD), if it did.
 */
export async function findAccount(
  database: Database,
  userId: string,
  locale: Locale,
  permissions: readonly Permission[],
  preread?: unknown,
): Promise<TAccountInfo | null> {
  const r = (preread as AccountRow | null | undefined) ?? (await database.prepared<AccountRow>('account_query', ACCOUNT_QUERY(userId)))[0];
  if (!r) return null;
  const deductionSource = r.billing === 'parent' ? 1 : 0;
  const roleNames = (r.role_names ?? []).map((n) => localizeRoleName(n, locale));
  return {
    userId: r.id,
    name: r.name,
    email: r.email,
    telephone: r.phone ?? '',
    jobTitle: r.job_title,
    roleName: roleNames.join(' / '),
    roleNames,
    companyId: r.company_id ?? '',
    companyName: r.company_name ?? '',
    certification: r.certification ?? 'none',
    deductionSource,
    locale: normalizeLocale(r.locale),
    permissionsList: r.kind === 'member' ? [...permissions] : [],
  };
}

/** The caller's own company. */
export async function findCompanyInfo(database: Database, scope: TenantScope): Promise<TCompanyInfo | null> {
  const [r] = await database.rows<
    Narrow<
      Row<'companies', 'id' | 'name' | 'country' | 'address' | 'certification' | 'billing' | 'created_at'>,
      { certification: TCompanyInfo['certification']; billing: TCompanyInfo['billing'] }
    > &
      Nullable<As<'companies', { parent_name: 'name' }>> & { sub_companies: number; members: number }
  >(sql`
    SELECT c.id, c.name, c.country, c.address, c.certification, c.billing, p.name AS parent_name,
           (SELECT count(*) FROM companies s WHERE s.parent_id = c.id)::int AS sub_companies,
           (SELECT count(*) FROM users m WHERE ${scope.own().owns(sql`m.company_id`)})::int AS members, c.created_at
    FROM companies c LEFT JOIN companies p ON p.id = c.parent_id WHERE c.id = ${scope.companyId}`);
  if (!r) return null;
  return {
    companyId: r.id,
    name: r.name,
    country: r.country,
    address: r.address,
    certification: r.certification,
    billing: r.billing,
    parentName: r.parent_name,
    subCompanies: r.sub_companies,
    members: r.members,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/**
 * The data pool of the company that pays (itself, or the parent it bills to): granted MB (the
 * positive ledger rows) and used MB (all rolled-up usage of the devices it pays for).
 */
export async function dataPool(database: Database, companyId: string): Promise<{ totalMb: number; usedMb: number }> {
  const payer = await payerOf(database, companyId);
  const [r] = await database.rows<Nullable<As<'data_pool_ledger', { total: 'delta_mb' }> & As<'device_usage_daily', { used: 'bytes' }>>>(sql`
    SELECT (SELECT sum(delta_mb) FILTER (WHERE delta_mb > 0) FROM data_pool_ledger WHERE company_id = ${payer.id}) AS total,
           (SELECT sum(bytes) FROM device_usage_daily WHERE company_id IN ${billedBy(payer)}) AS used`);
  return { totalMb: Number(r?.total ?? 0), usedMb: Math.round((Number(r?.used ?? 0) / 1048576) * 100) / 100 };
}

export type DeviceFigures = {
  licenseStock: number;
  licenseExpiring30d: number;
  onlineDevices: number;
  totalDevices: number;
  usageYesterdayMb: number;
  usageMonthMb: number;
};

/**
 * Device figures of the overview, over the company and its sub-companies. Usage is T+1: the
 * rolled-up daily usage of yesterday's UTC day and of the current UTC month up to yesterday.
 */
export async function deviceFigures(database: Database, scope: TenantScope): Promise<DeviceFigures> {
  const payer = await payerOf(database, scope.companyId);
  const [[d], [u], stock] = await Promise.all([
    database.rows<{ total: number; online: number; expiring: number }>(sql`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE online)::int AS online,
             count(*) FILTER (WHERE license_expires_at > now()
                              AND license_expires_at <= now() + ${`${LICENSE.expiryWarningDays} days`}::interval)::int AS expiring
      FROM devices WHERE ${scope.owns()}`),
    database.rows<Nullable<As<'device_usage_daily', { yesterday: 'bytes'; month: 'bytes' }>>>(sql`
      SELECT sum(bytes) FILTER (WHERE day = (now() AT TIME ZONE 'UTC')::date - 1) AS yesterday,
             sum(bytes) FILTER (WHERE day >= date_trunc('month', now() AT TIME ZONE 'UTC')::date
                                AND day <= (now() AT TIME ZONE 'UTC')::date - 1) AS month
      FROM device_usage_daily
      WHERE ${scope.owns()} AND day >= least((now() AT TIME ZONE 'UTC')::date - 1, date_trunc('month', now() AT TIME ZONE 'UTC')::date)`),
    stockOf(database, payer.id),
  ]);
  const toMb = (b: string | null) => Math.round((Number(b ?? 0) / 1048576) * 100) / 100;
  return {
    licenseStock: stock,
    licenseExpiring30d: d.expiring,
    onlineDevices: d.online,
    totalDevices: d.total,
    usageYesterdayMb: toMb(u.yesterday),
    usageMonthMb: toMb(u.month),
  };
}
