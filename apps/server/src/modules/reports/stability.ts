import { OFFLINE_LENGTH_CLASSES, REPORT_LIMITS, type TStabilityReport } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Count, Narrow, Row } from '../../db/row.js';
import type { ReportCompany } from './company.js';
import { deviceUsage } from './usage.js';
import { type Bucket, inTimes, perBucket, type ReportWindow, timeBucket, timeKey, windowFields } from './window.js';

type LeastStable = Row<'devices', 'imei' | 'name'> & { ratio: number | null; episodes: number; longest: number; switches: number };
type ZeroUsage = Row<'devices', 'imei' | 'name'> & { total: number };

/** Devices in service: the ones expected to use data. */
const ACTIVE = sql`('physical_card', 'esim', 'seed_card')`;

/**
 * The company's offline episodes in the window: an episode starts when a device goes offline
 * (a status event, or the window's start for a device already offline then) and ends with its
 * next online event, or at the window's end. Repeated events of the same state are one state.
 */
const episodes = (companyId: string, w: ReportWindow): SQL => sql`
  ev AS (
    SELECT device_id, at, online FROM device_status_events
    WHERE company_id = ${companyId} AND ${inTimes(w, sql`at`)}
    UNION ALL
    SELECT device_id, ${w.fromTs}::timestamptz, false FROM (
      SELECT DISTINCT ON (device_id) device_id, online FROM device_status_events
      WHERE company_id = ${companyId} AND at < ${w.fromTs}::timestamptz ORDER BY device_id, at DESC) p
    WHERE NOT p.online),
  ch AS (SELECT device_id, at, online, lag(online) OVER (PARTITION BY device_id ORDER BY at, online) AS prev FROM ev),
  k AS (SELECT device_id, at, online, lead(at) OVER (PARTITION BY device_id ORDER BY at, online) AS next FROM ch WHERE prev IS DISTINCT FROM online),
  ep AS (
    SELECT device_id, (extract(epoch FROM coalesce(next, ${w.toTs}::timestamptz) - at) / 60)::bigint AS minutes
    FROM k WHERE NOT online)`;

/** An episode's length class (OFFLINE_LENGTH_CLASSES), by its lower bounds. */
const LENGTH_CLASS = sql.raw(
  `(CASE ${[...OFFLINE_LENGTH_CLASSES]
    .reverse()
    .map((c) => `WHEN minutes >= ${c.fromMin} THEN '${c.key}'`)
    .join(' ')} END)`,
);

/** Why a card was switched: the failure reason of a failed command, else a strategy's or a member's. */
const SWITCH_REASON = sql`CASE WHEN o.status = 'failed' THEN
    CASE WHEN jsonb_typeof(o.detail->'reason') = 'string' THEN o.detail->>'reason' ELSE 'failed' END
  WHEN o.detail->>'strategyId' IS NOT NULL THEN 'strategy' ELSE 'manual' END`;

/**
 * How steadily the company's devices stay connected: the least stable devices (online ratio of
 * their reports, offline episodes, longest episode, card switches), episodes by length, card
 * switches per bucket and by reason, devices by signal level now, and devices in service that
 * used no data in the window.
 */
export async function stabilityReport(database: Database, company: ReportCompany, w: ReportWindow): Promise<TStabilityReport> {
  const switchesOf = sql`FROM device_operations o JOIN devices d ON d.id = o.device_id
    WHERE d.company_id = ${company.id} AND o.action = 'switch_card' AND ${inTimes(w, sql`o.created_at`)}`;
  const [[least], classes, switches, signal] = await Promise.all([
    // the least stable devices and the zero-usage ones share the per-device usage: one statement.
    // Zero usage is a LEFT JOIN, not NOT IN / NOT EXISTS over the CTE: those become a scan of the
    // CTE per device when the planner misjudges its size (seconds to minutes at 50,000 devices).
    database.rows<{ devices: LeastStable[]; zero: ZeroUsage[] }>(
      sql`WITH ${episodes(company.id, w)},
          usage AS (${deviceUsage(company.id, w)}),
          e AS (SELECT device_id, count(*)::int AS n, max(minutes)::int AS longest FROM ep GROUP BY device_id),
          u AS (SELECT device_id, online_reports / reports AS ratio FROM usage WHERE reports > 0),
          s AS (SELECT o.device_id, count(*)::int AS n ${switchesOf} GROUP BY o.device_id),
          ids AS (SELECT device_id FROM u UNION SELECT device_id FROM e UNION SELECT device_id FROM s),
          least AS (
            SELECT row_number() OVER (ORDER BY u.ratio ASC NULLS LAST, coalesce(e.n, 0) DESC, coalesce(e.longest, 0) DESC, coalesce(s.n, 0) DESC, d.imei) AS ord,
                   d.imei, d.name, u.ratio, coalesce(e.n, 0) AS episodes, coalesce(e.longest, 0) AS longest, coalesce(s.n, 0) AS switches
            FROM ids JOIN devices d ON d.id = ids.device_id
            LEFT JOIN u ON u.device_id = ids.device_id LEFT JOIN e ON e.device_id = ids.device_id LEFT JOIN s ON s.device_id = ids.device_id
            ORDER BY ord LIMIT ${REPORT_LIMITS.unstableDevices}),
          zero AS (
            SELECT count(*) OVER ()::int AS total, d.imei, d.name FROM devices d LEFT JOIN usage ON usage.device_id = d.id
            WHERE d.company_id = ${company.id} AND d.status IN ${ACTIVE} AND coalesce(usage.bytes, 0) <= 0
            ORDER BY d.imei LIMIT ${REPORT_LIMITS.zeroUsageSample})
          SELECT (SELECT coalesce(json_agg(least ORDER BY ord), '[]') FROM least) AS devices,
                 (SELECT coalesce(json_agg(zero ORDER BY imei), '[]') FROM zero) AS zero`,
    ),
    database.rows<{ length: string } & Count>(sql`WITH ${episodes(company.id, w)} SELECT ${LENGTH_CLASS} AS length, count(*)::int AS n FROM ep GROUP BY 1`),
    database.rows<Bucket & { reason: string } & Count>(
      sql`SELECT ${timeBucket(w, sql`o.created_at`)} AS bucket, ${SWITCH_REASON} AS reason, count(*)::int AS n ${switchesOf} GROUP BY ${timeKey(w, sql`o.created_at`)}, 2`,
    ),
    database.rows<Narrow<As<'devices', { level: 'signal_level' }>, { level: number }> & Count>(
      sql`SELECT coalesce(signal_level, -1) AS level, count(*)::int AS n FROM devices WHERE company_id = ${company.id} GROUP BY 1 ORDER BY 1`,
    ),
  ]);
  const perBucketSwitches = new Map<string, number>();
  const reasons = new Map<string, number>();
  for (const s of switches) {
    perBucketSwitches.set(s.bucket, (perBucketSwitches.get(s.bucket) ?? 0) + s.n);
    reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + s.n);
  }
  const byClass = new Map(classes.map((c) => [c.length, c.n]));
  return {
    ...windowFields(w, company),
    devices: least.devices.map((d) => ({
      imei: d.imei,
      name: d.name,
      onlineRatio: d.ratio === null ? null : Number(d.ratio),
      offlineEpisodes: d.episodes,
      longestOfflineMinutes: d.longest,
      switches: d.switches,
    })),
    episodesByLength: OFFLINE_LENGTH_CLASSES.map((c) => ({ length: c.key, count: byClass.get(c.key) ?? 0 })),
    switches: perBucket(
      w,
      [...perBucketSwitches].map(([bucket, n]) => ({ bucket, n })),
      (r) => r.n,
      0,
    ),
    switchReasons: [...reasons].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([reason, count]) => ({ reason, count })),
    signal: signal.map((s) => ({ level: s.level, count: s.n })),
    zeroUsage: { count: least.zero[0]?.total ?? 0, devices: least.zero.map((z) => ({ imei: z.imei, name: z.name })) },
  };
}
