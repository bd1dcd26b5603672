import { sql } from 'drizzle-orm';
import { arr } from '../../db/arrays.js';
import type { Database, Tx } from '../../db/client.js';
import type { As, Nullable, Row } from '../../db/row.js';
import { AREA_REGION_KEYS, NETWORK_OPERATORS } from '../network/index.js';

export const ROLLUP = {
  everyMs: 60_000,
  /** reports per transaction; a backlog is worked off in several transactions per run */
  batch: 50_000,
  maxBatchesPerRun: 20,
  /**
   * Reports younger than this (by received_at) wait for the next run: an id is taken when a row
   * is inserted but the row is visible only at commit, so a slow writer's lower id could appear
   * after a faster writer's higher one; the lag lets every in-flight ingestion commit first.
   */
  lagMs: 10_000,
  /** raw reports kept after roll-up */
  keepDays: 7,
  pruneBatch: 20_000,
} as const;

/**
 * The region of a report's area (`s.area`, as reported: a code or a name of the catalogue,
 * any case, spaces around), NULL when the area is unknown or missing: a CASE built once from
 * the catalogue. Usage from an area whose region differs from the device's home region is roaming.
 */
const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
const AREA_REGION = sql.raw(`(CASE lower(btrim(s.area)) ${AREA_REGION_KEYS.map(([k, region]) => `WHEN ${quote(k)} THEN ${quote(region)}`).join(' ')} END)`);

/** The catalogue code of a report's operator (`s.network_operator`, a name or a code), '' when unknown or missing. */
const OPERATOR_CODE = sql.raw(
  `(CASE lower(btrim(s.network_operator)) ${[
    ...new Map(NETWORK_OPERATORS.flatMap((o) => [[o.name.normalize('NFC').toLowerCase(), o.code] as const, [o.code, o.code] as const])),
  ]
    .map(([k, code]) => `WHEN ${quote(k)} THEN ${quote(code)}`)
    .join(' ')} ELSE '' END)`,
);

const WATERMARK = 'rollup_watermark';
const ROLLED_DAY = 'rollup_day';

export type RollupResult = { reports: number; devices: number; pruned: number; dayChanged: boolean };

const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Yesterday (UTC) and the first day of the current UTC month, for `now`. */
export function usageWindows(now: number): { today: string; yesterday: string; monthStart: string } {
  const today = utcDate(now);
  return { today, yesterday: utcDate(now - 86_400_000), monthStart: `${today.slice(0, 8)}01` };
}

/**
 * Refreshes usage_yesterday and usage_month of the given devices (all devices when ids is
 * undefined). Both are T+1: this month's figure runs from the first of the UTC month to the end
 * of yesterday, so it is 0 on the first day of a month; today's reports count from tomorrow on.
 */
async function refreshUsage(database: Database, tx: Tx, now: number, ids?: string[]): Promise<void> {
  const w = usageWindows(now);
  const from = [w.yesterday, w.monthStart].sort()[0];
  if (ids) {
    if (ids.length === 0) return;
    await database.rows(
      sql`UPDATE devices d SET usage_yesterday = coalesce(u.y, 0), usage_month = coalesce(u.m, 0)
          FROM (SELECT t.id,
                  (SELECT sum(bytes) FROM device_usage_daily x WHERE x.device_id = t.id AND x.day = ${w.yesterday}::date) AS y,
                  (SELECT sum(bytes) FROM device_usage_daily x WHERE x.device_id = t.id AND x.day >= ${w.monthStart}::date AND x.day <= ${w.yesterday}::date) AS m
                FROM unnest(${arr(ids, 'uuid')}) AS t(id)) u
          WHERE d.id = u.id`,
      tx,
    );
    return;
  }
  // A new UTC day: yesterday and this month move for every device. Devices with usage in the
  // windows get their sums; devices left with stale non-zero figures go to zero.
  await database.rows(
    sql`UPDATE devices d SET usage_yesterday = u.y, usage_month = u.m
        FROM (SELECT device_id,
                coalesce(sum(bytes) FILTER (WHERE day = ${w.yesterday}::date), 0) AS y,
                coalesce(sum(bytes) FILTER (WHERE day >= ${w.monthStart}::date AND day <= ${w.yesterday}::date), 0) AS m
              FROM device_usage_daily WHERE day >= ${from}::date GROUP BY device_id) u
        WHERE d.id = u.device_id AND (d.usage_yesterday <> u.y OR d.usage_month <> u.m)`,
    tx,
  );
  await database.rows(
    sql`UPDATE devices d SET usage_yesterday = 0, usage_month = 0
        WHERE (d.usage_yesterday <> 0 OR d.usage_month <> 0)
          AND NOT EXISTS (SELECT 1 FROM device_usage_daily x WHERE x.device_id = d.id AND x.day >= ${from}::date)`,
    tx,
  );
}

/**
 * Rolls raw reports up into device_usage_daily (per device per UTC day of the report's time),
 * taking reports by id above the watermark kept in `meta`. The watermark row is locked FOR
 * UPDATE and moved in the same transaction as the sums, so each report is counted exactly once
 * however many processes run the job. Then refreshes the touched devices' yesterday and month
 * figures (every device's when the UTC day has changed) and prunes old raw reports.
 */
export async function rollup(database: Database, opts: { now?: () => number; lagMs?: number; keepDays?: number } = {}): Promise<RollupResult> {
  const now = opts.now ?? Date.now;
  const lagMs = opts.lagMs ?? ROLLUP.lagMs;
  await database.rows(sql`INSERT INTO meta (key, value) VALUES (${WATERMARK}, '0'), (${ROLLED_DAY}, '') ON CONFLICT (key) DO NOTHING`);
  const result: RollupResult = { reports: 0, devices: 0, pruned: 0, dayChanged: false };
  for (let i = 0; i < ROLLUP.maxBatchesPerRun; i++) {
    const n = await database.db.transaction(async (tx) => {
      const [wm] = await database.rows<Row<'meta', 'value'>>(sql`SELECT value FROM meta WHERE key = ${WATERMARK} FOR UPDATE`, tx);
      const from = wm.value;
      const cutoff = new Date(now() - lagMs).toISOString();
      const [hi] = await database.rows<Nullable<As<'device_reports', { hi: 'id' }>> & { n: string }>(
        sql`SELECT max(id)::text AS hi, count(*)::text AS n FROM (
              SELECT id FROM device_reports WHERE id > ${from}::bigint AND received_at <= ${cutoff}::timestamptz ORDER BY id LIMIT ${ROLLUP.batch}) s`,
        tx,
      );
      const today = utcDate(now());
      const [day] = await database.rows<Row<'meta', 'value'>>(sql`SELECT value FROM meta WHERE key = ${ROLLED_DAY} FOR UPDATE`, tx);
      const dayChanged = day.value !== today;
      if (!hi.hi && !dayChanged) return 0;
      let touched: string[] = [];
      if (hi.hi) {
        // Stop at the first id whose row is still too young, so nothing below the new watermark is left behind.
        const [young] = await database.rows<Nullable<Row<'device_reports', 'id'>>>(
          sql`SELECT min(id)::text AS id FROM device_reports WHERE id > ${from}::bigint AND id <= ${hi.hi}::bigint AND received_at > ${cutoff}::timestamptz`,
          tx,
        );
        const upper = young.id ? String(BigInt(young.id) - 1n) : hi.hi;
        if (BigInt(upper) > BigInt(from)) {
          // Summed per device, day and area first (few areas per device and day), then each
          // area's region is looked up once per group: roaming costs one small extra aggregate.
          // The same sums, per device, go to the enabled profile of each device on its eSIM
          // (docs/esim.md: bytes belong to the profile enabled at roll-up time), in the same statement.
          // The company's bytes by operator, network type and region (the reports' dimensions)
          // go to company_usage_dims_daily in the same statement, and each device's day counts
          // its reports and online reports (the day's online rate, modules/reports). The per-device
          // sums per day (g) also go, added, to each device's month (device_usage_monthly) and each
          // company's day (company_usage_daily): the reports' coarser roll-ups, exact because they
          // move with the watermark in this one statement. Usage added to a day before today
          // (late reports) drops the company's report snapshots (modules/reports/snapshots.ts).
          const rows = await database.rows<Row<'device_usage_daily', 'device_id'>>(
            sql`WITH s AS (
                  SELECT r.device_id, (r.reported_at AT TIME ZONE 'UTC')::date AS day, r.area, r.network_operator, r.network_type,
                         sum(r.bytes) AS bytes, count(*) AS reports, count(*) FILTER (WHERE r.online) AS online_reports
                  FROM device_reports r
                  WHERE r.id > ${from}::bigint AND r.id <= ${upper}::bigint
                  GROUP BY r.device_id, (r.reported_at AT TIME ZONE 'UTC')::date, r.area, r.network_operator, r.network_type),
                dims AS (
                  INSERT INTO company_usage_dims_daily (company_id, day, network_operator, network_type, region, bytes)
                  SELECT d.company_id, s.day, ${OPERATOR_CODE}, coalesce(btrim(s.network_type), ''), coalesce(${AREA_REGION}, ''), sum(s.bytes)
                  FROM s JOIN devices d ON d.id = s.device_id
                  WHERE s.bytes > 0
                  GROUP BY 1, 2, 3, 4, 5
                  ON CONFLICT (company_id, day, network_operator, network_type, region)
                    DO UPDATE SET bytes = company_usage_dims_daily.bytes + excluded.bytes),
                profiles AS (
                  UPDATE esim_profiles p SET usage_bytes = p.usage_bytes + u.bytes
                  FROM (SELECT s.device_id, sum(s.bytes) AS bytes FROM s JOIN devices d ON d.id = s.device_id AND d.status = 'esim'
                        GROUP BY s.device_id) u
                  WHERE p.device_id = u.device_id AND p.state = 'enabled' AND u.bytes > 0),
                g AS (
                  SELECT s.device_id, d.company_id, s.day, sum(s.bytes) AS bytes,
                         coalesce(sum(s.bytes) FILTER (WHERE ${AREA_REGION} <> d.region), 0) AS roaming_bytes,
                         sum(s.reports) AS reports, sum(s.online_reports) AS online_reports
                  FROM s JOIN devices d ON d.id = s.device_id
                  GROUP BY s.device_id, d.company_id, s.day),
                monthly AS (
                  INSERT INTO device_usage_monthly (device_id, company_id, month, bytes, reports, online_reports)
                  SELECT device_id, company_id, date_trunc('month', day)::date, sum(bytes), sum(reports), sum(online_reports)
                  FROM g GROUP BY 1, 2, 3
                  ON CONFLICT (device_id, month) DO UPDATE SET bytes = device_usage_monthly.bytes + excluded.bytes,
                                                              reports = device_usage_monthly.reports + excluded.reports,
                                                              online_reports = device_usage_monthly.online_reports + excluded.online_reports),
                stale AS (
                  DELETE FROM report_snapshots WHERE company_id IN (SELECT company_id FROM g WHERE day < ${today}::date)),
                company AS (
                  INSERT INTO company_usage_daily (company_id, day, bytes, reports, online_reports)
                  SELECT company_id, day, sum(bytes), sum(reports), sum(online_reports) FROM g GROUP BY 1, 2
                  ON CONFLICT (company_id, day) DO UPDATE SET bytes = company_usage_daily.bytes + excluded.bytes,
                                                             reports = company_usage_daily.reports + excluded.reports,
                                                             online_reports = company_usage_daily.online_reports + excluded.online_reports)
                INSERT INTO device_usage_daily (device_id, company_id, day, bytes, roaming_bytes, reports, online_reports)
                SELECT device_id, company_id, day, bytes, roaming_bytes, reports, online_reports FROM g
                ON CONFLICT (device_id, day) DO UPDATE SET bytes = device_usage_daily.bytes + excluded.bytes,
                                                          roaming_bytes = device_usage_daily.roaming_bytes + excluded.roaming_bytes,
                                                          reports = device_usage_daily.reports + excluded.reports,
                                                          online_reports = device_usage_daily.online_reports + excluded.online_reports
                RETURNING device_id`,
            tx,
          );
          touched = [...new Set(rows.map((r) => r.device_id))].sort();
          const [cnt] = await database.rows<{ n: string }>(
            sql`SELECT count(*)::text AS n FROM device_reports WHERE id > ${from}::bigint AND id <= ${upper}::bigint`,
            tx,
          );
          result.reports += Number(cnt.n);
          await database.rows(sql`UPDATE meta SET value = ${upper} WHERE key = ${WATERMARK}`, tx);
        }
      }
      if (dayChanged) {
        await refreshUsage(database, tx, now());
        await database.rows(sql`UPDATE meta SET value = ${today} WHERE key = ${ROLLED_DAY}`, tx);
        result.dayChanged = true;
      } else {
        await refreshUsage(database, tx, now(), touched);
      }
      result.devices += touched.length;
      return touched.length > 0 ? Number(hi.n) : 0;
    });
    if (n < ROLLUP.batch) break;
  }
  const [wm] = await database.rows<Row<'meta', 'value'>>(sql`SELECT value FROM meta WHERE key = ${WATERMARK}`);
  const pruned = await database.rows(
    sql`DELETE FROM device_reports WHERE id IN (
          SELECT id FROM device_reports WHERE id <= ${wm.value}::bigint
            AND received_at < ${new Date(now() - (opts.keepDays ?? ROLLUP.keepDays) * 86_400_000).toISOString()}::timestamptz
          ORDER BY id LIMIT ${ROLLUP.pruneBatch})
        RETURNING id`,
  );
  result.pruned = pruned.length;
  return result;
}
