import { ALARM_LIMITS, type AlarmPeriod, normalizeLocale } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { As, Narrow, Row } from '../../db/row.js';
import { billedBy } from '../../db/subtree.js';
import { type EmailJob, enqueueEmail, enqueueEmails } from '../../mail/outbox.js';
import { emitWebhookEvents } from '../developer/index.js';

export const ALARM_EVALUATE_JOB = 'alarm.evaluate';
export const ALARM_EVALUATE_EVERY_MS = 60_000;

/** Serialises evaluations (advisory lock class; 1 = pool, 2 = devices). */
const LOCK_CLASS = 727_302;

export const alarmNoOf = (n: number | string) => `A${String(n).padStart(6, '0')}`;

/**
 * Every paying company with a policy, and its pool's remaining MB by the overview's rule
 * (modules/account dataPool): granted MB (positive ledger rows) minus the rolled-up usage of the
 * companies it pays for (billedBy, with the payer taken from each row), rounded to 2 decimals.
 */
const POOLS = sql`
  SELECT w.company_id, w.warning_mb, w.alarm_mb, c.name AS company_name,
         round(coalesce((SELECT sum(l.delta_mb) FILTER (WHERE l.delta_mb > 0) FROM data_pool_ledger l WHERE l.company_id = w.company_id), 0)
               - round(coalesce((SELECT sum(u.bytes) FROM device_usage_daily u
                                 WHERE u.company_id IN ${billedBy({ id: sql`c.id`, path: sql`c.path` })}), 0) / 1048576.0, 2), 2) AS remaining
  FROM pool_warnings w JOIN companies c ON c.id = w.company_id
  WHERE c.billing = 'independent' OR c.parent_id IS NULL`;

type PoolEvent = Narrow<Row<'alarms', 'id' | 'alarm_no' | 'company_id' | 'level'>, { level: 'warning' | 'critical' }> &
  As<'companies', { company_name: 'name' }> & { value: number; remaining: string };

/** Members of a company holding the alarm code, with their language. */
async function alarmManagers(database: Database, companyId: string, tx: Tx): Promise<{ email: string; locale: string }[]> {
  return database.rows<Row<'users', 'email' | 'locale'>>(
    sql`SELECT u.email, u.locale FROM users u
        WHERE u.company_id = ${companyId} AND u.kind = 'member' AND u.state = 'enabled'
          AND EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                      WHERE ur.user_id = u.id AND 'SERVICE_SETTING_ALARM_MANAGE' = ANY (r.permissions))
        ORDER BY u.email`,
    tx,
  );
}

/**
 * Pool alarms: ends those whose pool is above the value again (or whose policy no longer
 * applies), opens one per crossed value (ON CONFLICT DO NOTHING on the open key), and mails
 * the payer's alarm managers for the alarms this run inserted.
 */
async function evaluatePools(database: Database, now: string, link: string | undefined): Promise<{ opened: number; ended: number }> {
  return database.db.transaction(async (tx) => {
    await database.rows(sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}::int, 1)`, tx);
    const ended = await database.rows(
      sql`WITH p AS (${POOLS})
          UPDATE alarms a SET ended_at = ${now}::timestamptz
          WHERE a.type = 'pool_flow' AND a.ended_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM p WHERE p.company_id = a.company_id
                              AND ((a.level = 'warning' AND p.remaining <= p.warning_mb) OR (a.level = 'critical' AND p.remaining <= p.alarm_mb)))
          RETURNING a.id`,
      tx,
    );
    const opened = await database.rows<PoolEvent>(
      sql`WITH p AS (${POOLS}),
          c AS (SELECT company_id, company_name, 'warning' AS level, 'pool:' || company_id || ':warning' AS dedupe_key, warning_mb AS value, remaining
                FROM p WHERE remaining <= warning_mb
                UNION ALL
                SELECT company_id, company_name, 'critical', 'pool:' || company_id || ':alarm', alarm_mb, remaining FROM p WHERE remaining <= alarm_mb),
          ins AS (
            INSERT INTO alarms (company_id, type, level, dedupe_key, params, created_at)
            SELECT company_id, 'pool_flow', level, dedupe_key, jsonb_build_object('value', value, 'remainingMb', remaining), ${now}::timestamptz
            FROM c ORDER BY dedupe_key
            ON CONFLICT DO NOTHING
            RETURNING id, alarm_no, company_id, level, params)
          SELECT ins.id, ins.alarm_no::text AS alarm_no, ins.company_id, c.name AS company_name, ins.level,
                 (ins.params->>'value')::int AS value, ins.params->>'remainingMb' AS remaining
          FROM ins JOIN companies c ON c.id = ins.company_id ORDER BY ins.alarm_no`,
      tx,
    );
    for (const a of opened) {
      for (const m of await alarmManagers(database, a.company_id, tx)) {
        await enqueueEmail(database, tx, {
          to: m.email,
          locale: normalizeLocale(m.locale),
          template: {
            kind: 'alarm-pool',
            alarmNo: alarmNoOf(a.alarm_no),
            level: a.level,
            companyName: a.company_name,
            remainingMb: Number(a.remaining),
            value: a.value,
            link,
          },
        });
      }
    }
    await emitWebhookEvents(
      database,
      tx,
      opened.map((a) => ({
        companyId: a.company_id,
        event: 'pool.warning' as const,
        data: { alarmNo: alarmNoOf(a.alarm_no), level: a.level, remainingMb: Number(a.remaining), valueMb: a.value },
      })),
    );
    return { opened: opened.length, ended: ended.length };
  });
}

/** The first UTC day of a setting's current period (`s.period`, `x.today`). */
const WINDOW = sql`(CASE s.period WHEN 'day' THEN x.today WHEN 'week' THEN date_trunc('week', x.today)::date ELSE date_trunc('month', x.today)::date END)`;
const TODAY = (now: string) => sql`(SELECT (${now}::timestamptz AT TIME ZONE 'UTC')::date AS today) x`;

/**
 * Each device of each setting that is on, at or over its threshold in the current window. The
 * window's roll-ups are aggregated once per device for the three possible window starts (today,
 * Monday, the 1st), the devices under the smallest threshold dropped, and the rest joined to their
 * device row and the settings of its company (and group): one pass over the roll-ups instead of
 * one index probe per (setting, device) pair.
 */
const OVER = (now: string): SQL => sql`
  WITH s AS MATERIALIZED (
    SELECT s.id, s.company_id, s.name, s.period, s.scope, s.group_id, s.threshold_mb, s.urgent_mb, ${WINDOW} AS ws
    FROM alarm_settings s, ${TODAY(now)} WHERE s.status = 'on'),
  u AS (
    SELECT u.device_id,
           sum(u.bytes) FILTER (WHERE u.day >= x.today) AS b_day,
           sum(u.bytes) FILTER (WHERE u.day >= date_trunc('week', x.today)::date) AS b_week,
           sum(u.bytes) FILTER (WHERE u.day >= date_trunc('month', x.today)::date) AS b_month
    FROM device_usage_daily u, ${TODAY(now)}
    WHERE u.day >= (SELECT min(ws) FROM s) AND u.day <= x.today AND u.company_id IN (SELECT company_id FROM s)
    GROUP BY u.device_id)
  SELECT s.id AS setting_id, s.company_id, s.name, s.period, s.threshold_mb, s.urgent_mb, s.ws, dv.id AS device_id, dv.imei, v.bytes,
         'dev:' || s.id || ':' || dv.id || ':' || s.ws AS dedupe_key
  FROM u
  JOIN devices dv ON dv.id = u.device_id
  JOIN s ON s.company_id = dv.company_id AND (s.scope = 'all' OR dv.group_id = s.group_id)
  CROSS JOIN LATERAL (SELECT CASE s.period WHEN 'day' THEN u.b_day WHEN 'week' THEN u.b_week ELSE u.b_month END AS bytes) v
  WHERE greatest(u.b_day, u.b_week, u.b_month) >= (SELECT min(threshold_mb) * 1048576 FROM s) AND v.bytes >= s.threshold_mb * 1048576`;

type DeviceEvent = Narrow<
  Row<'alarms', 'id' | 'alarm_no' | 'company_id' | 'setting_id' | 'level' | 'params'>,
  {
    setting_id: string;
    level: 'major' | 'critical';
    params: { setting: string; imei: string; period: AlarmPeriod; usageMb: number; thresholdMb: number; urgentMb: number };
  }
> & { event: 'opened' | 'escalated' };

/**
 * Device alarms: ends the open alarms of a period that is over (or of a setting that is
 * gone; a setting switched off keeps its alarms until its period ends), opens one per device over its threshold in the window ('critical' at once when it is
 * already over the urgent threshold), escalates open 'major' ones over the urgent threshold,
 * and mails the setting's receivers for those events, at most ALARM_LIMITS.mailsPerSettingPerHour
 * per setting and UTC hour.
 */
async function evaluateDevices(
  database: Database,
  now: string,
  link: string | undefined,
): Promise<{ opened: number; escalated: number; ended: number; mailed: number }> {
  return database.db.transaction(async (tx) => {
    await database.rows(sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}::int, 2)`, tx);
    const ended = await database.rows<Narrow<Row<'alarms', 'alarm_no' | 'company_id' | 'imei' | 'level'>, { imei: string }>>(
      sql`UPDATE alarms a SET ended_at = ${now}::timestamptz
          WHERE a.type = 'device_flow' AND a.ended_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM alarm_settings s, ${TODAY(now)} WHERE s.id = a.setting_id AND a.window_start = ${WINDOW})
          RETURNING a.id, a.alarm_no::text AS alarm_no, a.company_id, a.imei, a.level`,
      tx,
    );
    const opened = await database.rows<DeviceEvent>(
      sql`WITH o AS (${OVER(now)})
          INSERT INTO alarms (company_id, type, level, setting_id, device_id, imei, dedupe_key, window_start, params, created_at)
          SELECT company_id, 'device_flow', CASE WHEN bytes >= urgent_mb * 1048576 THEN 'critical' ELSE 'major' END, setting_id, device_id, imei,
                 dedupe_key, ws,
                 jsonb_build_object('setting', name, 'imei', imei, 'period', period, 'usageMb', round(bytes / 1048576.0, 2),
                                    'thresholdMb', threshold_mb, 'urgentMb', urgent_mb),
                 ${now}::timestamptz
          FROM o ORDER BY dedupe_key
          ON CONFLICT DO NOTHING
          RETURNING id, alarm_no::text AS alarm_no, company_id, setting_id, level, params, 'opened' AS event`,
      tx,
    );
    // only the open 'major' alarms of the current windows can escalate: their devices' usage alone
    const escalated = await database.rows<DeviceEvent>(
      sql`WITH o AS (
            SELECT a.id, sum(u.bytes) AS bytes, s.threshold_mb, s.urgent_mb
            FROM alarms a
            JOIN alarm_settings s ON s.id = a.setting_id AND s.status = 'on'
            CROSS JOIN ${TODAY(now)}
            JOIN devices dv ON dv.id = a.device_id AND dv.company_id = s.company_id AND (s.scope = 'all' OR dv.group_id = s.group_id)
            JOIN device_usage_daily u ON u.device_id = a.device_id AND u.day >= a.window_start AND u.day <= x.today
            WHERE a.type = 'device_flow' AND a.ended_at IS NULL AND a.level <> 'critical' AND a.window_start = ${WINDOW}
            GROUP BY a.id, s.threshold_mb, s.urgent_mb
            HAVING sum(u.bytes) >= s.threshold_mb * 1048576 AND sum(u.bytes) >= s.urgent_mb * 1048576)
          UPDATE alarms a SET level = 'critical', escalated_at = ${now}::timestamptz,
                 params = a.params || jsonb_build_object('usageMb', round(o.bytes / 1048576.0, 2), 'thresholdMb', o.threshold_mb, 'urgentMb', o.urgent_mb)
          FROM o
          WHERE a.id = o.id
          RETURNING a.id, a.alarm_no::text AS alarm_no, a.company_id, a.setting_id, a.level, a.params, 'escalated' AS event`,
      tx,
    );
    const mailed = await mailDeviceEvents(database, tx, now, [...opened, ...escalated], link);
    await emitWebhookEvents(database, tx, [
      ...[...opened, ...escalated].map((e) => ({
        companyId: e.company_id,
        event: e.event === 'opened' ? ('alarm.opened' as const) : ('alarm.escalated' as const),
        data: { alarmNo: alarmNoOf(e.alarm_no), level: e.level, ...e.params },
      })),
      ...ended.map((e) => ({
        companyId: e.company_id,
        event: 'alarm.cleared' as const,
        data: { alarmNo: alarmNoOf(e.alarm_no), level: e.level, imei: e.imei },
      })),
    ]);
    return { opened: opened.length, escalated: escalated.length, ended: ended.length, mailed };
  });
}

/** Mails the receivers of each event's setting within the hourly cap; returns the events mailed. */
async function mailDeviceEvents(database: Database, tx: Tx, now: string, events: DeviceEvent[], link: string | undefined): Promise<number> {
  const bySetting = new Map<string, DeviceEvent[]>();
  for (const e of events) bySetting.set(e.setting_id, [...(bySetting.get(e.setting_id) ?? []), e]);
  let mailed = 0;
  const jobs: EmailJob[] = [];
  for (const settingId of [...bySetting.keys()].sort()) {
    const list = (bySetting.get(settingId) ?? []).sort((a, b) => Number(a.alarm_no) - Number(b.alarm_no));
    await database.rows(
      sql`INSERT INTO alarm_mail_log (setting_id, hour, sent) VALUES (${settingId}, date_trunc('hour', ${now}::timestamptz), 0) ON CONFLICT DO NOTHING`,
      tx,
    );
    const [log] = await database.rows<Row<'alarm_mail_log', 'sent'>>(
      sql`SELECT sent FROM alarm_mail_log WHERE setting_id = ${settingId} AND hour = date_trunc('hour', ${now}::timestamptz) FOR UPDATE`,
      tx,
    );
    const granted = Math.max(0, Math.min(list.length, ALARM_LIMITS.mailsPerSettingPerHour - log.sent));
    if (granted === 0) continue;
    await database.rows(
      sql`UPDATE alarm_mail_log SET sent = sent + ${granted} WHERE setting_id = ${settingId} AND hour = date_trunc('hour', ${now}::timestamptz)`,
      tx,
    );
    const [s] = await database.rows<Row<'alarm_settings', 'company_id' | 'emails'>>(
      sql`SELECT company_id, emails FROM alarm_settings WHERE id = ${settingId}`,
      tx,
    );
    const receivers = s.emails
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const members = await database.rows<Row<'users', 'email' | 'locale'>>(
      sql`SELECT lower(email) AS email, locale FROM users WHERE company_id = ${s.company_id} AND state <> 'deleted'
          AND lower(email) IN ${receivers.map((r) => r.toLowerCase())}`,
      tx,
    );
    const localeOf = new Map(members.map((m) => [m.email, normalizeLocale(m.locale)]));
    for (const e of list.slice(0, granted)) {
      for (const to of receivers) {
        jobs.push({
          to,
          locale: localeOf.get(to.toLowerCase()) ?? 'zh-CN',
          template: {
            kind: 'alarm-device',
            event: e.level === 'critical' ? 'escalated' : 'opened',
            alarmNo: alarmNoOf(e.alarm_no),
            level: e.level,
            setting: e.params.setting,
            imei: e.params.imei,
            period: e.params.period,
            usageMb: Number(e.params.usageMb),
            thresholdMb: Number(e.params.thresholdMb),
            urgentMb: Number(e.params.urgentMb),
            link,
          },
        });
      }
      mailed++;
    }
  }
  await enqueueEmails(database, tx, jobs);
  return mailed;
}

export type EvaluateResult = { poolOpened: number; poolEnded: number; opened: number; escalated: number; ended: number; mailed: number };

/**
 * One evaluation of every policy and setting (the `alarm.evaluate` job); `now` for tests. The
 * e-mails link to the alarm list when the console's public address is known.
 */
export async function evaluateAlarms(database: Database, opts: { now?: Date; publicUrl?: string } = {}): Promise<EvaluateResult> {
  const now = (opts.now ?? new Date()).toISOString();
  const link = opts.publicUrl ? `${opts.publicUrl.replace(/\/$/, '')}/alarm-list` : undefined;
  const pools = await evaluatePools(database, now, link);
  const devices = await evaluateDevices(database, now, link);
  return { poolOpened: pools.opened, poolEnded: pools.ended, ...devices };
}
