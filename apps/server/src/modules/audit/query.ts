import type { AuditActorKind, TAuditEvent } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Count, Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';

/** The filters of the list and the export (both validated by the contract). */
export type AuditFilters = {
  action?: string;
  actorId?: string;
  targetType?: string;
  companyId?: string;
  from?: string;
  to?: string;
};

/** Whose events a reader reaches: a member's company and its sub-companies, or (null) every company. */
export type AuditReach = TenantScope | null;

const DAY_MS = 86_400_000;

/** The start of a UTC day `YYYY-MM-DD` in ms; a day that does not exist answers 28002 naming the field. */
function dayStart(day: string, field: 'from' | 'to'): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) throw new AppError(28002, { field });
  return ms;
}

/**
 * The filters of a reader's query; each statement adds the reader's reach beside them. A company
 * filter outside the reach (or unknown) answers 21001, like any company another tenant owns.
 */
export async function auditWhere(database: Database, reach: AuditReach, f: AuditFilters): Promise<SQL> {
  const parts: SQL[] = [];
  if (f.companyId) {
    const [c] = await database.rows(sql`SELECT 1 FROM companies WHERE id = ${f.companyId} ${reach ? sql`AND id IN ${reach.companyIds()}` : sql``}`);
    if (!c) throw new AppError(21001, { field: 'companyId' });
    parts.push(sql`e.company_id = ${f.companyId}`);
  }
  if (f.action) parts.push(sql`e.action = ${f.action}`);
  if (f.actorId) parts.push(sql`e.actor_id = ${f.actorId}`);
  if (f.targetType) parts.push(sql`e.target_type = ${f.targetType}`);
  const from = f.from ? dayStart(f.from, 'from') : null;
  const to = f.to ? dayStart(f.to, 'to') : null;
  if (from !== null && to !== null && from > to) throw new AppError(30042);
  if (from !== null) parts.push(sql`e.at >= ${new Date(from).toISOString()}::timestamptz`);
  if (to !== null) parts.push(sql`e.at < ${new Date(to + DAY_MS).toISOString()}::timestamptz`);
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

export type EventRow = Narrow<
  Row<
    'audit_events',
    'id' | 'at' | 'actor_kind' | 'actor_id' | 'actor_name' | 'company_id' | 'action' | 'target_type' | 'target_id' | 'target_label' | 'changes' | 'address'
  >,
  { actor_kind: AuditActorKind }
> &
  Nullable<As<'companies', { company_name: 'name' }>> & {
    /** the exact stored time, for keyset paging */
    at_key: string;
  };

export const EVENT_COLUMNS = sql`e.id, e.at, e.at::text AS at_key, e.actor_kind, e.actor_id, e.actor_name, e.company_id, c.name AS company_name,
  e.action, e.target_type, e.target_id, e.target_label, e.changes, e.address`;

export function toEvent(r: EventRow): TAuditEvent {
  const changes = typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes;
  return {
    id: Number(r.id),
    at: iso(r.at) as string,
    actorKind: r.actor_kind,
    actorId: r.actor_id,
    actorName: r.actor_name,
    companyId: r.company_id,
    companyName: r.company_name,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    targetLabel: r.target_label,
    changes: (changes ?? {}) as TAuditEvent['changes'],
    address: r.address,
  };
}

/** A page of events, newest first. */
export async function listAuditEvents(
  database: Database,
  reach: AuditReach,
  f: AuditFilters & { pageNum: number; pageSize: number },
): Promise<{ total: number; list: TAuditEvent[] }> {
  const where = sql`${reach ? reach.owns(sql`e.company_id`) : sql`true`} AND ${await auditWhere(database, reach, f)}`;
  const [c] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM audit_events e WHERE ${where}`);
  const rows = await database.rows<EventRow>(
    sql`SELECT ${EVENT_COLUMNS} FROM audit_events e LEFT JOIN companies c ON c.id = e.company_id
        WHERE ${where} ORDER BY e.at DESC, e.id DESC OFFSET ${(f.pageNum - 1) * f.pageSize} LIMIT ${f.pageSize}`,
  );
  return { total: c.n, list: rows.map(toEvent) };
}

/** Events of the reach matching `where` (auditWhere), newest first in keyset batches, at most `max`, then whether more matched. */
export async function* auditBatches(database: Database, reach: AuditReach, where: SQL, max: number, batch = 1000): AsyncGenerator<EventRow[], boolean> {
  let after: { at: string; id: string } | null = null;
  let sent = 0;
  for (;;) {
    const want = Math.min(batch, max - sent + 1);
    const rows: EventRow[] = await database.rows<EventRow>(
      sql`SELECT ${EVENT_COLUMNS} FROM audit_events e LEFT JOIN companies c ON c.id = e.company_id
          WHERE ${reach ? reach.owns(sql`e.company_id`) : sql`true`} AND ${where} ${after ? sql`AND (e.at, e.id) < (${after.at}::timestamptz, ${after.id}::bigint)` : sql``}
          ORDER BY e.at DESC, e.id DESC LIMIT ${want}`,
    );
    const room = max - sent;
    if (rows.length > room) {
      if (room > 0) yield rows.slice(0, room);
      return true;
    }
    if (rows.length) yield rows;
    sent += rows.length;
    if (rows.length < want) return false;
    const last = rows[rows.length - 1];
    after = { at: last.at_key, id: String(last.id) };
  }
}
