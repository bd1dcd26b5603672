import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { AUDIT_ACTIONS, AUDIT_EXPORT_MAX_ROWS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType, type Locale } from '@rrp/contracts';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client.js';
import { t } from '../../i18n/index.js';
import { type AuditFilters, type AuditReach, auditBatches, auditWhere, type EventRow } from './query.js';

const isAction = (a: string): a is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(a);
const isTarget = (a: string): a is AuditTargetType => (AUDIT_TARGET_TYPES as readonly string[]).includes(a);

/** An action's label in the reader's language (an action unknown to this version: its code). */
export const actionLabel = (locale: Locale, action: string): string => (isAction(action) ? t(locale, `audit.action.${action}` as const) : action);
export const targetTypeLabel = (locale: Locale, type: string): string => (isTarget(type) ? t(locale, `audit.target.${type}` as const) : type);

function actorLabel(locale: Locale, r: EventRow): string {
  if (r.actor_kind === 'staff') return t(locale, 'audit.actor.staff', { name: r.actor_name });
  if (r.actor_kind === 'system' && !r.actor_name) return t(locale, 'audit.actor.system');
  return r.actor_name;
}

const show = (v: unknown): string => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** `field: before → after`, one per line. */
export function changesText(changes: unknown): string {
  const c = (typeof changes === 'string' ? JSON.parse(changes) : changes) as Record<string, [unknown, unknown]> | null;
  return Object.entries(c ?? {})
    .map(([k, [a, b]]) => `${k}: ${show(a)} → ${show(b)}`)
    .join('\n');
}

const utc = (v: string | Date) => new Date(v).toISOString().replace('T', ' ').slice(0, 19);

/**
 * Checks the filters (so a refused request answers a JSON error, not a broken file), then
 * streams the workbook: events newest first in keyset batches, each row committed as it is
 * written, at most AUDIT_EXPORT_MAX_ROWS; a last line says when more matched.
 */
export async function auditXlsx(
  database: Database,
  reach: AuditReach,
  filters: AuditFilters,
  locale: Locale,
  log: (err: unknown) => void,
  max = AUDIT_EXPORT_MAX_ROWS,
): Promise<PassThrough> {
  const where = await auditWhere(database, reach, filters);
  const out = new PassThrough();
  (async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const ws = wb.addWorksheet(t(locale, 'audit.sheet'));
    const columns = ['at', 'company', 'actor', 'action', 'targetType', 'target', 'changes', 'address'] as const;
    ws.addRow(columns.map((c) => t(locale, `audit.column.${c}` as const))).commit();
    const batches = auditBatches(database, reach, where, max);
    let truncated = false;
    for (;;) {
      const next = await batches.next();
      if (next.done) {
        truncated = next.value;
        break;
      }
      for (const r of next.value) {
        ws.addRow([
          utc(r.at),
          r.company_name,
          actorLabel(locale, r),
          actionLabel(locale, r.action),
          targetTypeLabel(locale, r.target_type),
          r.target_label ?? r.target_id,
          changesText(r.changes) || null,
          r.address,
        ]).commit();
      }
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    if (truncated) ws.addRow([t(locale, 'audit.truncated', { max })]).commit();
    ws.commit();
    await wb.commit();
  })().catch((err) => {
    log(err);
    out.destroy(new Error('export failed'));
  });
  return out;
}
