import { type Locale, localizeRoleName, type MemberState, type TOpsCompanyDetail, type TOpsCompanyRow } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Count, Narrow, Nullable, Row } from '../../db/row.js';
import { billedBy } from '../../db/subtree.js';
import { AppError } from '../../plugins/errors.js';
import { payerOf, stockOf } from '../licenses/index.js';
import { companyCertification } from './certification.js';
import { type CompanyRow, companyTreeOf, iso } from './repository.js';

type DirectoryRow = CompanyRow & Nullable<As<'companies', { parent_name: 'name' }>> & { sub_companies: number; members: number; devices: number };

const DIRECTORY = sql`
  SELECT c.id, c.parent_id, c.path, c.name, c.country, c.address, c.certification, c.billing, c.state, c.created_at,
         p.name AS parent_name,
         (SELECT count(*) FROM companies s WHERE s.parent_id = c.id)::int AS sub_companies,
         (SELECT count(*) FROM users u WHERE u.company_id = c.id AND u.state <> 'deleted')::int AS members,
         (SELECT count(*) FROM devices d WHERE d.company_id = c.id)::int AS devices
  FROM companies c LEFT JOIN companies p ON p.id = c.parent_id`;

async function rowOf(database: Database, r: DirectoryRow): Promise<TOpsCompanyRow> {
  const payer = await payerOf(database, r.id);
  return {
    id: r.id,
    name: r.name,
    country: r.country,
    certification: r.certification,
    billing: r.billing,
    state: r.state,
    parentId: r.parent_id,
    parentName: r.parent_name,
    subCompanies: r.sub_companies,
    members: r.members,
    devices: r.devices,
    licenseStock: await stockOf(database, payer.id),
    createdAt: iso(r.created_at) as string,
  };
}

/** Every customer company, newest first, searched by name. */
export async function listCompanies(
  database: Database,
  q: { keyword?: string; pageNum: number; pageSize: number },
): Promise<{ total: number; list: TOpsCompanyRow[] }> {
  const kw = q.keyword?.trim();
  const where = kw ? sql`WHERE c.name ILIKE ${`%${kw}%`}` : sql``;
  const [rows, [{ n }]] = await Promise.all([
    database.rows<DirectoryRow>(sql`${DIRECTORY} ${where} ORDER BY c.created_at DESC, c.id LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`),
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM companies c ${where}`),
  ]);
  return { total: n, list: await Promise.all(rows.map((r) => rowOf(database, r))) };
}

/** A company in the back office: its row, address and data pool, its tree, members and certification. */
export async function companyDetail(database: Database, id: string, locale: Locale): Promise<TOpsCompanyDetail> {
  const [r] = await database.rows<DirectoryRow>(sql`${DIRECTORY} WHERE c.id = ${id}`);
  if (!r) throw new AppError(21001, { field: 'id' });
  const payer = await payerOf(database, r.id);
  const [row, tree, members, certification, [pool]] = await Promise.all([
    rowOf(database, r),
    companyTreeOf(database, r),
    database.rows<
      Narrow<Row<'users', 'id' | 'name' | 'phone' | 'email' | 'state' | 'description' | 'created_at'>, { state: MemberState }> &
        Nullable<As<'invitations', { invited_at: 'created_at' }>> & { roles: Row<'roles', 'id' | 'name'>[] | null }
    >(sql`
      SELECT u.id, u.name, u.phone, u.email, u.state, u.description, u.created_at,
             (SELECT max(i.created_at) FROM invitations i WHERE i.user_id = u.id AND u.state = 'pending' AND i.used_at IS NULL AND i.revoked_at IS NULL) AS invited_at,
             (SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.created_at) FROM user_roles ur JOIN roles r ON r.id = ur.role_id
               WHERE ur.user_id = u.id) AS roles
      FROM users u WHERE u.company_id = ${r.id} AND u.state <> 'deleted' ORDER BY u.created_at, lower(u.email)`),
    companyCertification(database, r.id),
    database.rows<Nullable<As<'data_pool_ledger', { total: 'delta_mb' }> & As<'device_usage_daily', { used: 'bytes' }>>>(sql`
      SELECT (SELECT sum(delta_mb) FILTER (WHERE delta_mb > 0) FROM data_pool_ledger WHERE company_id = ${payer.id}) AS total,
             (SELECT sum(bytes) FROM device_usage_daily WHERE company_id IN ${billedBy(payer)}) AS used`),
  ]);
  const remaining = Number(pool?.total ?? 0) - Number(pool?.used ?? 0) / 1048576;
  return {
    company: { ...row, address: r.address, dataRemainingMb: Math.round(remaining * 100) / 100 },
    tree,
    members: members.map((m) => ({
      id: m.id,
      name: m.name,
      phone: m.phone ?? '',
      mail: m.email,
      roles: (m.roles ?? []).map((x) => ({ id: x.id, name: localizeRoleName(x.name, locale) })),
      state: m.state,
      description: m.description,
      createdAt: iso(m.created_at) as string,
      invitedAt: iso(m.invited_at),
    })),
    certification,
  };
}
