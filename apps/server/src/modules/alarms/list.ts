import { ALARM_LIMITS, type AlarmLevel, type AlarmPeriod, type AlarmType, type Locale, type TAlarm, type zAlarmListRequest } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { As, Count, Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { billedBy } from '../../db/subtree.js';
import type { FileReply } from '../../http/handler.js';
import { type MessageKey, t } from '../../i18n/index.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAuditMany } from '../audit/index.js';
import { payerOf } from '../licenses/index.js';
import { alarmNoOf } from './evaluate.js';

type AlarmRow = Narrow<
  Row<
    'alarms',
    | 'id'
    | 'alarm_no'
    | 'type'
    | 'level'
    | 'company_id'
    | 'imei'
    | 'device_id'
    | 'window_start'
    | 'params'
    | 'created_at'
    | 'escalated_at'
    | 'ended_at'
    | 'handled_at'
  >,
  { type: AlarmType; level: AlarmLevel; params: Record<string, string | number> }
> &
  As<'companies', { company_name: 'name'; company_path: 'path' }> &
  Nullable<As<'alarm_settings', { setting_name: 'name' }> & As<'users', { handled_by: 'name' }>>;

const ALARM_SELECT = sql`
  SELECT a.id, a.alarm_no::text AS alarm_no, a.type, a.level, a.company_id, c.name AS company_name, c.path AS company_path, a.imei, a.device_id,
         coalesce(s.name, a.params->>'setting') AS setting_name, a.window_start::text AS window_start, a.params,
         a.created_at, a.escalated_at, a.ended_at, a.handled_at, h.name AS handled_by
  FROM alarms a JOIN companies c ON c.id = a.company_id
  LEFT JOIN alarm_settings s ON s.id = a.setting_id LEFT JOIN users h ON h.id = a.handled_by`;

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

/** The title in the reader's language, from what the alarm recorded when it was raised (or escalated). */
export function alarmTitle(r: Pick<AlarmRow, 'type' | 'level' | 'params'>, locale: Locale): string {
  const p = r.params;
  if (r.type === 'pool_flow') {
    return t(locale, `alarm.title.pool.${r.level === 'critical' ? 'critical' : 'warning'}`, { remainingMb: p.remainingMb, value: p.value });
  }
  if (r.type === 'data_cap') return t(locale, 'alarm.title.cap', { imei: p.imei, usageMb: p.usageMb, capMb: p.capMb });
  return t(locale, `alarm.title.device.${r.level === 'critical' ? 'critical' : 'major'}`, {
    imei: p.imei,
    setting: p.setting,
    usageMb: p.usageMb,
    thresholdMb: p.thresholdMb,
    urgentMb: p.urgentMb,
    period: t(locale, `alarm.period.${p.period as AlarmPeriod}` as MessageKey),
  });
}

function alarmOf(r: AlarmRow, locale: Locale): TAlarm {
  return {
    id: r.id,
    alarmNo: alarmNoOf(r.alarm_no),
    title: alarmTitle(r, locale),
    type: r.type,
    level: r.level,
    state: r.ended_at ? 'ended' : 'open',
    companyId: r.company_id,
    companyName: r.company_name,
    imei: r.imei,
    settingName: r.setting_name,
    createdAt: new Date(r.created_at).toISOString(),
    escalatedAt: iso(r.escalated_at),
    endedAt: iso(r.ended_at),
    handledAt: iso(r.handled_at),
    handledBy: r.handled_by,
    downloadUrl: `/api/v1/rrp/alarm/download?id=${r.id}`,
  };
}

function filters(f: z.output<typeof zAlarmListRequest>): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.type) parts.push(sql`a.type = ${f.type}`);
  if (f.level) parts.push(sql`a.level = ${f.level}`);
  if (f.state) parts.push(f.state === 'open' ? sql`a.ended_at IS NULL` : sql`a.ended_at IS NOT NULL`);
  if (f.handled !== undefined) parts.push(f.handled ? sql`a.handled_at IS NOT NULL` : sql`a.handled_at IS NULL`);
  if (f.imei) parts.push(sql`a.imei LIKE ${`%${f.imei.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (f.from) parts.push(sql`a.created_at >= ${f.from}::date`);
  if (f.to) parts.push(sql`a.created_at < ${f.to}::date + 1`);
  return sql.join(parts, sql` AND `);
}

/** The company's alarms, newest first, and the count of its open unhandled ones. */
export async function listAlarms(
  database: Database,
  scope: TenantScope,
  body: z.output<typeof zAlarmListRequest>,
  locale: Locale,
): Promise<{ total: number; list: TAlarm[]; openUnhandled: number }> {
  const where = sql`${scope.owns(sql`a.company_id`)} AND ${filters(body)}`;
  const [[count], rows, [open]] = await Promise.all([
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM alarms a WHERE ${where}`),
    database.rows<AlarmRow>(
      sql`${ALARM_SELECT} WHERE ${where} ORDER BY a.created_at DESC, a.alarm_no DESC LIMIT ${body.pageSize} OFFSET ${(body.pageNum - 1) * body.pageSize}`,
    ),
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM alarms WHERE ${scope.owns()} AND ended_at IS NULL AND handled_at IS NULL`),
  ]);
  return { total: count.n, list: rows.map((r) => alarmOf(r, locale)), openUnhandled: open.n };
}

/** Marks alarms handled: every id must be the company's (else 32004 and nothing changes); audited per alarm handled now. */
export async function handleAlarms(database: Database, ctx: { scope: TenantScope; actor: Actor }, ids: string[]): Promise<null> {
  const unique = [...new Set(ids)];
  await database.db.transaction(async (tx) => {
    const found = await database.rows<Row<'alarms', 'id'>>(sql`SELECT id FROM alarms WHERE id IN ${unique} AND ${ctx.scope.owns()} ORDER BY id FOR UPDATE`, tx);
    if (found.length !== unique.length) throw new AppError(32004, { field: 'ids' });
    const changed = await database.rows<Row<'alarms', 'id' | 'alarm_no'>>(
      sql`UPDATE alarms SET handled_at = now(), handled_by = ${ctx.actor.id}
          WHERE id IN ${unique} AND ${ctx.scope.owns()} AND handled_at IS NULL RETURNING id, alarm_no::text AS alarm_no`,
      tx,
    );
    await recordAuditMany(
      database,
      tx,
      ctx.actor,
      changed.map((a) => ({
        action: 'alarm.handle' as const,
        companyId: ctx.scope.companyId,
        targetType: 'alarm',
        targetId: a.id,
        targetLabel: alarmNoOf(a.alarm_no),
        changes: { handled: [false, true] },
      })),
    );
  });
  return null;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const mb = (bytes: string | number | null) => Math.round((Number(bytes ?? 0) / 1048576) * 100) / 100;
const groupLabel = (name: string | null, isDefault: boolean | null, locale: Locale) =>
  isDefault && name === t('zh-CN', 'devices.defaultGroup') ? t(locale, 'devices.defaultGroup') : (name ?? '');

/**
 * The devices concerned by an alarm of the company, as xlsx in the reader's language: a device
 * alarm's device with its usage in the alarm's period; a pool alarm's devices drawing on the
 * pool with this month's usage (UTC), largest first, at most ALARM_LIMITS.downloadMaxRows.
 */
export async function alarmFile(database: Database, scope: TenantScope, id: string, locale: Locale): Promise<FileReply> {
  const [a] = await database.rows<AlarmRow>(sql`${ALARM_SELECT} WHERE a.id = ${id} AND ${scope.owns(sql`a.company_id`)}`);
  if (!a) throw new AppError(32004, { field: 'id' });
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t(locale, 'alarm.sheet'));
  const col = (k: string) => t(locale, `alarm.column.${k}` as MessageKey);
  // a data cap alarm records its month as the period and the cap as its thresholds
  if (a.type === 'device_flow' || a.type === 'data_cap') {
    const period = (a.params.period as AlarmPeriod) ?? 'day';
    const step = { day: '1 day', week: '7 days', month: '1 month' }[period];
    const rows = await database.rows<
      Row<'devices', 'imei' | 'name'> & Nullable<As<'device_groups', { group_name: 'name'; group_default: 'is_default' }> & Row<'device_usage_daily', 'bytes'>>
    >(
      sql`SELECT d.imei, d.name, g.name AS group_name, g.is_default AS group_default,
                 (SELECT sum(u.bytes) FROM device_usage_daily u WHERE u.device_id = d.id
                    AND u.day >= ${a.window_start}::date AND u.day < (${a.window_start}::date + ${step}::interval)::date)::text AS bytes
          FROM devices d LEFT JOIN device_groups g ON g.id = d.group_id WHERE d.id = ${a.device_id}`,
    );
    ws.addRow([t(locale, 'devices.column.imei'), col('name'), col('group'), col('windowStart'), col('usageMb'), col('thresholdMb'), col('urgentMb')]);
    for (const r of rows) {
      ws.addRow([
        r.imei,
        r.name,
        groupLabel(r.group_name, r.group_default, locale),
        a.window_start,
        mb(r.bytes),
        Number(a.params.thresholdMb),
        Number(a.params.urgentMb),
      ]);
    }
  } else {
    const rows = await database.rows<
      Row<'devices', 'imei' | 'name'> &
        As<'companies', { company_name: 'name' }> &
        Nullable<As<'device_groups', { group_name: 'name'; group_default: 'is_default' }>> &
        Row<'device_usage_daily', 'bytes'>
    >(
      sql`WITH m AS (
            SELECT u.device_id, sum(u.bytes) AS bytes FROM device_usage_daily u
            WHERE u.company_id IN ${billedBy({ id: a.company_id, path: a.company_path })}
              AND u.day >= date_trunc('month', now() AT TIME ZONE 'UTC')::date GROUP BY u.device_id)
          SELECT d.imei, d.name, c.name AS company_name, g.name AS group_name, g.is_default AS group_default, coalesce(m.bytes, 0)::text AS bytes
          FROM devices d JOIN companies c ON c.id = d.company_id LEFT JOIN device_groups g ON g.id = d.group_id LEFT JOIN m ON m.device_id = d.id
          WHERE d.company_id IN ${billedBy({ id: a.company_id, path: a.company_path })}
          ORDER BY coalesce(m.bytes, 0) DESC, d.imei LIMIT ${ALARM_LIMITS.downloadMaxRows}`,
    );
    ws.addRow([t(locale, 'devices.column.imei'), col('name'), col('company'), col('group'), col('monthUsageMb')]);
    for (const r of rows) ws.addRow([r.imei, r.name, r.company_name, groupLabel(r.group_name, r.group_default, locale), mb(r.bytes)]);
  }
  const body = Buffer.from(await wb.xlsx.writeBuffer());
  return { contentType: XLSX_TYPE, filename: t(locale, 'alarm.file', { alarmNo: alarmNoOf(a.alarm_no) }), body };
}

/**
 * The overview's alarm figures: a data warning while the caller's payer has an open pool alarm;
 * the open, unhandled alarms of the companies the scope reaches.
 */
export async function alarmFigures(database: Database, scope: TenantScope): Promise<{ dataWarning: boolean; openAlarms: number }> {
  const payer = await payerOf(database, scope.companyId);
  const [r] = await database.rows<{ warning: boolean; open: number }>(
    sql`SELECT EXISTS (SELECT 1 FROM alarms WHERE company_id = ${payer.id} AND type = 'pool_flow' AND ended_at IS NULL) AS warning,
               (SELECT count(*)::int FROM alarms WHERE ${scope.owns()} AND ended_at IS NULL AND handled_at IS NULL) AS open`,
  );
  return { dataWarning: r.warning, openAlarms: r.open };
}
