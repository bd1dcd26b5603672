import type { AuditAction, AuditActorKind } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';

/** Who made a change, and from where. */
export type Actor = {
  kind: AuditActorKind;
  id: string | null;
  name: string;
  /** the actor's own company (members), null for staff and the platform */
  companyId: string | null;
  address: string | null;
  requestId: string | null;
};

/** Changed fields: [before, after]. */
export type Changes = Record<string, [unknown, unknown]>;

export type AuditEntry = {
  action: AuditAction;
  /** the company whose data changed (its audit log shows the event) */
  companyId: string | null;
  targetType: string;
  targetId?: string | null;
  /** a readable name of the target at the time (a member's name, an IMEI) */
  targetLabel?: string | null;
  changes?: Changes;
};

/** What a secret field records instead of its value. */
export const HIDDEN = '***';

/**
 * The fields that differ between two versions of a record. Secret fields (passwords) appear
 * as changed, never with their values.
 */
export function changesOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null, secret: readonly string[] = []): Changes {
  const out: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    const a = before?.[k] ?? null;
    const b = after?.[k] ?? null;
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    out[k] = secret.includes(k) ? [HIDDEN, HIDDEN] : [a, b];
  }
  return out;
}

/**
 * Writes an audit event in the transaction of the change it records: both commit, or neither.
 * Events are append-only (a trigger refuses UPDATE and DELETE).
 */
export async function recordAudit(database: Database, tx: Tx, actor: Actor, e: AuditEntry): Promise<void> {
  await database.rows(
    sql`INSERT INTO audit_events (actor_kind, actor_id, actor_name, company_id, action, target_type, target_id, target_label, changes, address, request_id)
        VALUES (${actor.kind}, ${actor.id}, ${actor.name}, ${e.companyId}, ${e.action}, ${e.targetType}, ${e.targetId ?? null}, ${e.targetLabel ?? null},
                ${JSON.stringify(e.changes ?? {})}::jsonb, ${actor.address}, ${actor.requestId})`,
    tx,
  );
}

/** Several events of one change (a batch of devices), in one statement. */
export async function recordAuditMany(database: Database, tx: Tx, actor: Actor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await database.rows(
    sql`INSERT INTO audit_events (actor_kind, actor_id, actor_name, company_id, action, target_type, target_id, target_label, changes, address, request_id)
        SELECT ${actor.kind}, ${actor.id}::uuid, ${actor.name}, e.company_id::uuid, e.action, e.target_type, e.target_id, e.target_label, e.changes,
               ${actor.address}, ${actor.requestId}
        FROM jsonb_to_recordset(${JSON.stringify(
          entries.map((e) => ({
            company_id: e.companyId,
            action: e.action,
            target_type: e.targetType,
            target_id: e.targetId ?? null,
            target_label: e.targetLabel ?? null,
            changes: e.changes ?? {},
          })),
        )}::jsonb) AS e(company_id text, action text, target_type text, target_id text, target_label text, changes jsonb)`,
    tx,
  );
}
