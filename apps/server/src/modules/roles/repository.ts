import { type Locale, localizeRoleName, PERMISSIONS, SAMPLE_ROLES, type TRoleDetail, type TRoleRow } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { textArray } from '../../db/arrays.js';
import type { Database, Tx } from '../../db/client.js';
import type { Count, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';

export type RoleRecord = Row<'roles', 'id' | 'company_id' | 'name' | 'permissions' | 'is_super'>;

const iso = (v: string | Date) => new Date(v).toISOString();
const like = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Sample roles are created in one statement's time: their order comes from SAMPLE_ROLES. */
const SAMPLE_ORDER = SAMPLE_ROLES.flatMap((r) => [r.zh, r.en]);
const ordered = (codes: readonly string[]) => PERMISSIONS.filter((p) => codes.includes(p));

/** Members counted as holding a role: every member not deleted, pending invitations included. */
const LIVE_HOLDERS = sql`SELECT ur.role_id, u.id, u.name, u.created_at FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.state <> 'deleted'`;

/**
 * Two role names that people would take for the same name: equal ignoring case, or labels of
 * the same sample role in either language ("管理员" and "Administrator").
 */
export function roleNameKey(name: string): string {
  const sample = SAMPLE_ROLES.find((r) => r.zh === name || r.en === name);
  return sample ? `sample:${sample.key}` : name.trim().toLowerCase();
}

/** A role of the company, locked for the change that reads it; another company's id is not found (30006). */
export async function findRole(database: Database, tx: Tx, scope: TenantScope, id: string): Promise<RoleRecord> {
  const [r] = await database.rows<RoleRecord>(
    sql`SELECT id, company_id, name, permissions, is_super FROM roles WHERE id = ${id} AND ${scope.owns()} FOR UPDATE`,
    tx,
  );
  if (!r) throw new AppError(30006, { field: 'id' });
  return r;
}

/** Refuses a name another role of the company already has (30007), the role itself aside. */
export async function assertNameFree(database: Database, tx: Tx, scope: TenantScope, name: string, exceptId: string | null): Promise<void> {
  const rows = await database.rows<Row<'roles', 'id' | 'name'>>(sql`SELECT id, name FROM roles WHERE ${scope.owns()}`, tx);
  const key = roleNameKey(name);
  if (rows.some((r) => r.id !== exceptId && roleNameKey(r.name) === key)) throw new AppError(30007, { field: 'name' });
}

type RoleRow = Row<'roles', 'id' | 'name' | 'permissions' | 'created_at' | 'is_super'> & { member_count: number };

const toRow = (r: RoleRow, locale: Locale): TRoleRow => ({
  id: r.id,
  name: localizeRoleName(r.name, locale),
  permissions: ordered(r.permissions),
  createdAt: iso(r.created_at),
  memberCount: r.member_count,
  isSuper: r.is_super,
});

const ROLE_COLUMNS = sql`r.id, r.name, r.permissions, r.created_at, r.is_super,
  (SELECT count(*) FROM (${LIVE_HOLDERS}) h WHERE h.role_id = r.id)::int AS member_count`;

/** The company's roles, the super administrator's first, then by creation. */
export async function listRoles(
  database: Database,
  scope: TenantScope,
  q: { pageNum: number; pageSize: number; name?: string },
  locale: Locale,
): Promise<{ total: number; list: TRoleRow[] }> {
  const where: SQL[] = [scope.owns(sql`r.company_id`)];
  if (q.name) {
    // a sample role is found by its label in either language
    const needle = q.name.toLowerCase();
    const samples = SAMPLE_ROLES.filter((s) => s.zh.toLowerCase().includes(needle) || s.en.toLowerCase().includes(needle)).flatMap((s) => [s.zh, s.en]);
    const bySample = samples.length
      ? sql` OR r.name IN (${sql.join(
          samples.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql``;
    where.push(sql`(r.name ILIKE ${`%${like(q.name)}%`}${bySample})`);
  }
  const cond = sql.join(where, sql` AND `);
  const [{ n: total }] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM roles r WHERE ${cond}`);
  const rows = await database.rows<RoleRow>(
    sql`SELECT ${ROLE_COLUMNS} FROM roles r WHERE ${cond}
        ORDER BY r.is_super DESC, r.created_at, array_position(${textArray(SAMPLE_ORDER)}::text[], r.name), r.id LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
  );
  return { total, list: rows.map((r) => toRow(r, locale)) };
}

/** Every role of the company, named in the reader's language, the super administrator's first. */
export async function roleOptions(database: Database, scope: TenantScope, locale: Locale): Promise<{ list: { id: string; name: string; isSuper: boolean }[] }> {
  const rows = await database.rows<Row<'roles', 'id' | 'name' | 'is_super'>>(
    sql`SELECT r.id, r.name, r.is_super FROM roles r WHERE ${scope.owns(sql`r.company_id`)}
        ORDER BY r.is_super DESC, r.created_at, array_position(${textArray(SAMPLE_ORDER)}::text[], r.name), r.id`,
  );
  return { list: rows.map((r) => ({ id: r.id, name: localizeRoleName(r.name, locale), isSuper: r.is_super })) };
}

/** One role of the company and the members holding it (30006 for another company's role). */
export async function roleDetail(database: Database, scope: TenantScope, id: string, locale: Locale): Promise<TRoleDetail> {
  const [r] = await database.rows<RoleRow>(sql`SELECT ${ROLE_COLUMNS} FROM roles r WHERE r.id = ${id} AND ${scope.owns(sql`r.company_id`)}`);
  if (!r) throw new AppError(30006, { field: 'id' });
  const members = await database.rows<Row<'users', 'id' | 'name'>>(
    sql`SELECT h.id, h.name FROM (${LIVE_HOLDERS}) h WHERE h.role_id = ${id} ORDER BY h.created_at, h.id`,
  );
  return { ...toRow(r, locale), members };
}

/** The names of the members holding a role (not deleted), oldest first. */
export async function holdersOf(database: Database, tx: Tx, roleId: string): Promise<string[]> {
  const rows = await database.rows<Row<'users', 'name'>>(
    sql`SELECT h.name FROM (${LIVE_HOLDERS}) h WHERE h.role_id = ${roleId} ORDER BY h.created_at, h.id`,
    tx,
  );
  return rows.map((r) => r.name);
}

/**
 * Serialises the changes of one company's members and roles (names unique in the company, the
 * last super administrator): concurrent changes wait for each other. NO KEY UPDATE does not
 * block inserts elsewhere that merely reference the company.
 */
export async function lockCompany(database: Database, tx: Tx, companyId: string): Promise<void> {
  await database.rows(sql`SELECT 1 FROM companies WHERE id = ${companyId} FOR NO KEY UPDATE`, tx);
}
