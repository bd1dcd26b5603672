import { type Locale, localizeRoleName, type MemberState, PERMISSIONS, type TMemberDetail, type TMemberRow } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { As, Count, Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';

const iso = (v: string | Date) => new Date(v).toISOString();
const isoOrNull = (v: string | Date | null) => (v === null ? null : iso(v));
const like = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A member of the company as a change reads it (locked), with their roles. */
export type MemberRecord = Narrow<Row<'users', 'id' | 'name' | 'email' | 'phone' | 'state' | 'description' | 'locale'>, { state: MemberState }> & {
  roles: RoleRef[];
};

/** A role of the company as a member change reads it. */
export type RoleRef = Row<'roles', 'id' | 'name' | 'is_super' | 'permissions'>;

/** A member of the company, locked for the change; a deleted one or another company's is not found (30001). */
export async function findMember(database: Database, tx: Tx, scope: TenantScope, id: string): Promise<MemberRecord> {
  const [u] = await database.rows<Omit<MemberRecord, 'roles'>>(
    sql`SELECT id, name, email, phone, state, description, locale FROM users
        WHERE id = ${id} AND ${scope.owns()} AND kind = 'member' AND state <> 'deleted' FOR UPDATE`,
    tx,
  );
  if (!u) throw new AppError(30001, { field: 'id' });
  const roles = await database.rows<RoleRef>(
    sql`SELECT r.id, r.name, r.is_super, r.permissions FROM user_roles ur JOIN roles r ON r.id = ur.role_id
        WHERE ur.user_id = ${id} ORDER BY r.created_at, r.id`,
    tx,
  );
  return { ...u, roles };
}

/** The roles named by a request, all of the caller's company (30006 naming the field otherwise). */
export async function findRoles(database: Database, tx: Tx, scope: TenantScope, roleIds: readonly string[]): Promise<RoleRef[]> {
  const ids = [...new Set(roleIds)];
  const rows = await database.rows<RoleRef>(
    sql`SELECT id, name, is_super, permissions FROM roles WHERE ${scope.owns()} AND id IN (${sql.join(
      ids.map((i) => sql`${i}::uuid`),
      sql`, `,
    )}) ORDER BY created_at, id`,
    tx,
  );
  if (rows.length !== ids.length) throw new AppError(30006, { field: 'roleIds' });
  return rows;
}

/** The codes a set of roles carries. */
export const codesOf = (roles: readonly { permissions: string[] }[]): string[] => [...new Set(roles.flatMap((r) => r.permissions))];

/** How many enabled members hold the company's super administrator role, one member left out. */
export async function otherEnabledSuperAdmins(database: Database, tx: Tx, scope: TenantScope, exceptUserId: string): Promise<number> {
  const [{ n }] = await database.rows<Count>(
    sql`SELECT count(DISTINCT u.id)::int AS n FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
        WHERE ${scope.owns(sql`u.company_id`)} AND u.state = 'enabled' AND r.is_super AND u.id <> ${exceptUserId}`,
    tx,
  );
  return n;
}

/** Members of the company, not deleted (pending invitations count: they hold a place). */
export async function memberCount(database: Database, tx: Tx, scope: TenantScope): Promise<number> {
  const [{ n }] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM users WHERE ${scope.owns()} AND kind = 'member' AND state <> 'deleted'`, tx);
  return n;
}

export async function companyName(database: Database, tx: Tx, companyId: string): Promise<string> {
  const [c] = await database.rows<Row<'companies', 'name'>>(sql`SELECT name FROM companies WHERE id = ${companyId}`, tx);
  return c?.name ?? '';
}

/** The state a pending member's live invitation gives them on acceptance. */
export async function pendingAcceptState(database: Database, tx: Tx, userId: string): Promise<'enabled' | 'disabled'> {
  const [i] = await database.rows<Narrow<Row<'invitations', 'accept_state'>, { accept_state: 'enabled' | 'disabled' }>>(
    sql`SELECT accept_state FROM invitations WHERE user_id = ${userId} ORDER BY created_at DESC, id LIMIT 1`,
    tx,
  );
  return i?.accept_state === 'disabled' ? 'disabled' : 'enabled';
}

type MemberRow = Narrow<
  Row<'users', 'id' | 'name' | 'phone' | 'email' | 'state' | 'description' | 'job_title' | 'created_at' | 'last_sign_in_at'>,
  { state: MemberState }
> &
  Nullable<As<'invitations', { invited_at: 'created_at'; invitation_expires_at: 'expires_at' }>> & {
    roles: Row<'roles', 'id' | 'name' | 'permissions'>[] | string | null;
  };

const COLUMNS = sql`u.id, u.name, u.phone, u.email, u.state, u.description, u.job_title, u.created_at, u.last_sign_in_at,
  (SELECT json_agg(json_build_object('id', r.id, 'name', r.name, 'permissions', r.permissions) ORDER BY r.created_at, r.id)
     FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS roles,
  i.created_at AS invited_at, i.expires_at AS invitation_expires_at`;

/** The live invitation of a pending member (none once accepted). */
const LIVE_INVITATION = sql`LEFT JOIN LATERAL (
    SELECT created_at, expires_at FROM invitations WHERE user_id = u.id AND used_at IS NULL AND revoked_at IS NULL AND u.state = 'pending'
    ORDER BY created_at DESC LIMIT 1) i ON true`;

const rolesOf = (r: MemberRow) =>
  (typeof r.roles === 'string' ? JSON.parse(r.roles) : (r.roles ?? [])) as { id: string; name: string; permissions: string[] }[];

function toRow(r: MemberRow, selfId: string, locale: Locale): TMemberRow {
  return {
    id: r.id,
    name: r.name,
    phone: r.phone ?? '',
    mail: r.email,
    roles: rolesOf(r).map((x) => ({ id: x.id, name: localizeRoleName(x.name, locale) })),
    state: r.state,
    description: r.description,
    isSelf: r.id === selfId,
    createdAt: iso(r.created_at),
    invitedAt: isoOrNull(r.invited_at),
  };
}

export type MemberQuery = { pageNum: number; pageSize: number; name?: string; phone?: string; mail?: string; roleId?: string; state?: MemberState };

/** Members of the company (deleted ones left out), filtered, newest first. */
export async function listMembers(
  database: Database,
  scope: TenantScope,
  selfId: string,
  q: MemberQuery,
  locale: Locale,
): Promise<{ total: number; list: TMemberRow[] }> {
  const where: SQL[] = [scope.owns(sql`u.company_id`), sql`u.kind = 'member'`, sql`u.state <> 'deleted'`];
  if (q.name) where.push(sql`u.name ILIKE ${`%${like(q.name)}%`}`);
  if (q.phone) where.push(sql`u.phone LIKE ${`%${like(q.phone)}%`}`);
  if (q.mail) where.push(sql`u.email ILIKE ${`%${like(q.mail)}%`}`);
  if (q.roleId) where.push(sql`EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id AND ur.role_id = ${q.roleId})`);
  if (q.state) where.push(sql`u.state = ${q.state}`);
  const cond = sql.join(where, sql` AND `);
  const [{ n: total }] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM users u WHERE ${cond}`);
  const rows = await database.rows<MemberRow>(
    sql`SELECT ${COLUMNS} FROM users u ${LIVE_INVITATION} WHERE ${cond}
        ORDER BY u.created_at DESC, u.id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
  );
  return { total, list: rows.map((r) => toRow(r, selfId, locale)) };
}

/** One member of the company with their codes and invitation (30001 for a deleted or foreign one). */
export async function memberDetail(database: Database, scope: TenantScope, selfId: string, id: string, locale: Locale): Promise<TMemberDetail> {
  const [r] = await database.rows<MemberRow>(
    sql`SELECT ${COLUMNS} FROM users u ${LIVE_INVITATION}
        WHERE u.id = ${id} AND ${scope.owns(sql`u.company_id`)} AND u.kind = 'member' AND u.state <> 'deleted'`,
  );
  if (!r) throw new AppError(30001, { field: 'id' });
  const codes = new Set(rolesOf(r).flatMap((x) => x.permissions));
  return {
    ...toRow(r, selfId, locale),
    jobTitle: r.job_title,
    permissions: PERMISSIONS.filter((p) => codes.has(p)),
    lastSignInAt: isoOrNull(r.last_sign_in_at),
    invitationExpiresAt: isoOrNull(r.invitation_expires_at),
  };
}
