import {
  ALARM_LIMITS,
  type AlarmPeriod,
  type AlarmScope,
  type Locale,
  type TAlarmSetting,
  type TAlarmSettingSave,
  type TPoolWarning,
  type TPoolWarningUpdate,
} from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { As, Count, Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { billedBy } from '../../db/subtree.js';
import { t } from '../../i18n/index.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { payerOf } from '../licenses/index.js';
import { ALARM_EVALUATE_JOB } from './evaluate.js';

type Ctx = { scope: TenantScope; actor: Actor };
const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);

// ---- data pool warning policy

/**
 * The payer's pool by the overview's rule (modules/account dataPool; not imported, as the
 * overview imports this module): granted MB (positive ledger rows), used MB (all rolled-up
 * usage of the companies it pays for), both to 2 decimals.
 */
async function payerPool(database: Database, payer: { id: string; path: string }): Promise<{ totalMb: number; usedMb: number }> {
  const [r] = await database.rows<Nullable<As<'data_pool_ledger', { total: 'delta_mb' }> & As<'device_usage_daily', { used: 'bytes' }>>>(sql`
    SELECT (SELECT sum(delta_mb) FILTER (WHERE delta_mb > 0) FROM data_pool_ledger WHERE company_id = ${payer.id}) AS total,
           (SELECT sum(bytes) FROM device_usage_daily WHERE company_id IN ${billedBy(payer)}) AS used`);
  return { totalMb: Number(r?.total ?? 0), usedMb: Math.round((Number(r?.used ?? 0) / 1048576) * 100) / 100 };
}

/** The policy of the caller's pool: its payer's (editable only by the payer itself). */
export async function poolWarning(database: Database, companyId: string): Promise<TPoolWarning> {
  const payer = await payerOf(database, companyId);
  const [[row], pool] = await Promise.all([
    database.rows<Row<'companies', 'name'> & Nullable<Row<'pool_warnings', 'warning_mb' | 'alarm_mb' | 'updated_at'>>>(
      sql`SELECT c.name, w.warning_mb, w.alarm_mb, w.updated_at FROM companies c LEFT JOIN pool_warnings w ON w.company_id = c.id WHERE c.id = ${payer.id}`,
    ),
    payerPool(database, payer),
  ]);
  return {
    warningValue: row.warning_mb,
    alarmValue: row.alarm_mb,
    payerCompanyName: row.name,
    editable: payer.id === companyId,
    dataTotalMb: pool.totalMb,
    dataRemainingMb: Math.round((pool.totalMb - pool.usedMb) * 100) / 100,
    updatedAt: iso(row.updated_at),
  };
}

/** Sets the policy; a company billed by its parent cannot (32003). Audited with old and new values. */
/**
 * A changed policy or setting is evaluated within seconds, not at the next minute: an extra
 * evaluation job is queued in the same transaction (evaluations are idempotent).
 */
async function evaluateSoon(database: Database, tx: Tx): Promise<void> {
  await database.rows(sql`INSERT INTO jobs (name, max_attempts) VALUES (${ALARM_EVALUATE_JOB}, 1)`, tx);
}

export async function updatePoolWarning(database: Database, ctx: Ctx, body: TPoolWarningUpdate): Promise<TPoolWarning> {
  const payer = await payerOf(database, ctx.scope.companyId);
  if (payer.id !== ctx.scope.companyId) throw new AppError(32003);
  await database.db.transaction(async (tx) => {
    const [before] = await database.rows<Row<'pool_warnings', 'warning_mb' | 'alarm_mb'>>(
      sql`SELECT warning_mb, alarm_mb FROM pool_warnings WHERE ${ctx.scope.owns()} FOR UPDATE`,
      tx,
    );
    await database.rows(
      sql`INSERT INTO pool_warnings (company_id, warning_mb, alarm_mb, updated_by) VALUES (${ctx.scope.companyId}, ${body.warningValue}, ${body.alarmValue}, ${ctx.actor.id})
          ON CONFLICT (company_id) DO UPDATE SET warning_mb = excluded.warning_mb, alarm_mb = excluded.alarm_mb, updated_at = now(), updated_by = excluded.updated_by`,
      tx,
    );
    const [c] = await database.rows<Row<'companies', 'name'>>(sql`SELECT name FROM companies WHERE id = ${ctx.scope.companyId}`, tx);
    await evaluateSoon(database, tx);
    await recordAudit(database, tx, ctx.actor, {
      action: 'alarm.poolWarning',
      companyId: ctx.scope.companyId,
      targetType: 'pool_warning',
      targetId: ctx.scope.companyId,
      targetLabel: c.name,
      changes: changesOf(before ? { warningValue: before.warning_mb, alarmValue: before.alarm_mb } : null, {
        warningValue: body.warningValue,
        alarmValue: body.alarmValue,
      }),
    });
  });
  return poolWarning(database, ctx.scope.companyId);
}

// ---- device alarm settings

type SettingRow = Narrow<
  Row<
    'alarm_settings',
    'id' | 'name' | 'scope' | 'group_id' | 'threshold_type' | 'period' | 'status' | 'emails' | 'threshold_mb' | 'urgent_mb' | 'created_at' | 'updated_at'
  >,
  { scope: AlarmScope; threshold_type: 'device_flow'; period: AlarmPeriod; status: 'on' | 'off' }
> &
  Nullable<As<'device_groups', { group_name: 'name'; group_default: 'is_default' }>>;

const SETTING_SELECT = sql`
  SELECT s.id, s.name, s.scope, s.group_id, g.name AS group_name, g.is_default AS group_default, s.threshold_type, s.period, s.status,
         s.emails, s.threshold_mb::text AS threshold_mb, s.urgent_mb::text AS urgent_mb, s.created_at, s.updated_at
  FROM alarm_settings s LEFT JOIN device_groups g ON g.id = s.group_id`;

/** The default group's stored name is the platform's; it is shown in the reader's language. */
const groupNameOf = (r: Pick<SettingRow, 'group_name' | 'group_default'>, locale: Locale) =>
  r.group_default && r.group_name === t('zh-CN', 'devices.defaultGroup') ? t(locale, 'devices.defaultGroup') : r.group_name;

function settingOf(r: SettingRow, locale: Locale): TAlarmSetting {
  return {
    id: r.id,
    name: r.name,
    scope: r.scope,
    groupId: r.group_id,
    groupName: groupNameOf(r, locale),
    thresholdType: r.threshold_type,
    period: r.period,
    status: r.status,
    emails: r.emails,
    threshold: Number(r.threshold_mb),
    urgentThreshold: Number(r.urgent_mb),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

async function findSetting(database: Database, scope: TenantScope, id: string, tx?: Tx): Promise<SettingRow> {
  const [r] = await database.rows<SettingRow>(sql`${SETTING_SELECT} WHERE s.id = ${id} AND ${scope.owns(sql`s.company_id`)}`, tx);
  if (!r) throw new AppError(32001, { field: 'id' });
  return r;
}

/** A group of the company, or 32002 naming groupId. */
async function checkGroup(database: Database, scope: TenantScope, groupId: string, tx?: Tx): Promise<void> {
  const [g] = await database.rows(sql`SELECT 1 FROM device_groups WHERE id = ${groupId} AND ${scope.owns()}`, tx);
  if (!g) throw new AppError(32002, { field: 'groupId' });
}

export async function listSettings(database: Database, scope: TenantScope, locale: Locale): Promise<{ list: TAlarmSetting[] }> {
  const rows = await database.rows<SettingRow>(sql`${SETTING_SELECT} WHERE ${scope.owns(sql`s.company_id`)} ORDER BY s.created_at DESC, s.id`);
  return { list: rows.map((r) => settingOf(r, locale)) };
}

/** The e-mail list as stored: trimmed addresses joined by a comma (a Chinese comma accepted on input). */
const normalEmails = (s: string) =>
  s
    .split(/[,，]/)
    .map((e) => e.trim())
    .join(',');

const auditView = (r: SettingRow) => ({
  name: r.name,
  scope: r.scope,
  groupId: r.group_id,
  period: r.period,
  status: r.status,
  emails: r.emails,
  threshold: Number(r.threshold_mb),
  urgentThreshold: Number(r.urgent_mb),
});

/**
 * Adds (no id) or changes (id) a setting of the caller's company. The group must be the
 * company's (32002); at most ALARM_LIMITS.settingsMax settings (30017); an unknown or foreign
 * id is 32001. Open alarms keep their level; the next evaluation applies the new values.
 */
export async function saveSetting(database: Database, ctx: Ctx, body: TAlarmSettingSave, mode: 'add' | 'update', locale: Locale): Promise<TAlarmSetting> {
  if (mode === 'update' && !body.id) throw new AppError(32001, { field: 'id' });
  const groupId = body.scope === 'group' ? (body.groupId ?? null) : null;
  const emails = normalEmails(body.emails);
  const id = await database.db.transaction(async (tx) => {
    // one writer of a company's settings at a time, so the count holds
    await database.rows(sql`SELECT id FROM companies WHERE id = ${ctx.scope.companyId} FOR NO KEY UPDATE`, tx);
    const before = mode === 'update' ? await findSetting(database, ctx.scope, body.id as string, tx) : null;
    if (groupId) await checkGroup(database, ctx.scope, groupId, tx);
    if (!before) {
      const [n] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM alarm_settings WHERE ${ctx.scope.owns()}`, tx);
      if (n.n >= ALARM_LIMITS.settingsMax) throw new AppError(30017, { params: { max: ALARM_LIMITS.settingsMax } });
    }
    const [row] = before
      ? await database.rows<Row<'alarm_settings', 'id'>>(
          sql`UPDATE alarm_settings SET name = ${body.name}, scope = ${body.scope}, group_id = ${groupId}, threshold_type = ${body.thresholdType},
                     period = ${body.period}, status = ${body.status}, emails = ${emails}, threshold_mb = ${body.threshold}, urgent_mb = ${body.urgentThreshold},
                     updated_at = now()
              WHERE id = ${before.id} AND ${ctx.scope.owns()} RETURNING id`,
          tx,
        )
      : await database.rows<Row<'alarm_settings', 'id'>>(
          sql`INSERT INTO alarm_settings (company_id, name, scope, group_id, threshold_type, period, status, emails, threshold_mb, urgent_mb)
              VALUES (${ctx.scope.companyId}, ${body.name}, ${body.scope}, ${groupId}, ${body.thresholdType}, ${body.period}, ${body.status}, ${emails},
                      ${body.threshold}, ${body.urgentThreshold})
              RETURNING id`,
          tx,
        );
    const after = await findSetting(database, ctx.scope, row.id, tx);
    await evaluateSoon(database, tx);
    await recordAudit(database, tx, ctx.actor, {
      action: before ? 'alarm.setting.update' : 'alarm.setting.add',
      companyId: ctx.scope.companyId,
      targetType: 'alarm_setting',
      targetId: row.id,
      targetLabel: after.name,
      changes: changesOf(before ? auditView(before) : null, auditView(after)),
    });
    return row.id;
  });
  return settingOf(await findSetting(database, ctx.scope, id), locale);
}

/** Deletes a setting; its open alarms end in the same transaction. */
export async function deleteSetting(database: Database, ctx: Ctx, id: string): Promise<null> {
  await database.db.transaction(async (tx) => {
    const before = await findSetting(database, ctx.scope, id, tx);
    await database.rows(sql`DELETE FROM alarm_settings WHERE id = ${id} AND ${ctx.scope.owns()}`, tx);
    const ended = await database.rows(sql`UPDATE alarms SET ended_at = now() WHERE setting_id = ${id} AND ended_at IS NULL RETURNING id`, tx);
    await recordAudit(database, tx, ctx.actor, {
      action: 'alarm.setting.delete',
      companyId: ctx.scope.companyId,
      targetType: 'alarm_setting',
      targetId: id,
      targetLabel: before.name,
      changes: { ...changesOf(auditView(before), null), endedAlarms: [null, ended.length] },
    });
  });
  return null;
}

/** Period length in days relative to the 7 days measured. */
const SCALE: Record<AlarmPeriod, number> = { day: 1 / 7, week: 1, month: 30 / 7 };

/**
 * The recommended threshold: each device of the scope's usage over the last 7 complete UTC
 * days, scaled to the period; the largest and the average device (MB, two decimals).
 */
export async function recommend(
  database: Database,
  scope: TenantScope,
  body: { scope: AlarmScope; groupId?: string; period: AlarmPeriod },
): Promise<{ devices: number; thresholdMb: number | null; averageMb: number | null }> {
  const groupId = body.scope === 'group' ? body.groupId : undefined;
  if (body.scope === 'group' && !groupId) throw new AppError(28002, { field: 'groupId' });
  if (groupId) await checkGroup(database, scope, groupId);
  const [r] = await database.rows<{ devices: number } & Nullable<As<'device_usage_daily', { largest: 'bytes'; average: 'bytes' }>>>(
    sql`WITH d AS (
          SELECT dv.id, coalesce((SELECT sum(u.bytes) FROM device_usage_daily u WHERE u.device_id = dv.id
                                    AND u.day >= (now() AT TIME ZONE 'UTC')::date - 7 AND u.day < (now() AT TIME ZONE 'UTC')::date), 0) AS bytes
          FROM devices dv WHERE ${scope.owns(sql`dv.company_id`)}${groupId ? sql` AND dv.group_id = ${groupId}` : sql``})
        SELECT count(*)::int AS devices, max(bytes)::text AS largest, avg(bytes)::text AS average FROM d`,
  );
  const mb = (bytes: string | null) => (bytes === null ? null : Math.round((Number(bytes) / 1048576) * SCALE[body.period] * 100) / 100);
  return { devices: r.devices, thresholdMb: mb(r.largest), averageMb: mb(r.average) };
}
