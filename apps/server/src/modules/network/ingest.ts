import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { devicesByImei } from '../../db/imei-lookup.js';
import { arr } from './sql-arrays.js';

/** A link measurement sent with a report (docs/monitoring.md); `detectionId` when it answers a detection. */
export type ProbeRow = {
  domain: string;
  packetLoss: number;
  delay: number | null;
  jitter: number | null;
  reachable?: boolean;
  detectionId?: string | null;
};

/** One report as stored: a device's usage since its previous report and its state now. */
export type ReportRow = {
  deviceId: string;
  at: Date;
  bytes: number;
  online: boolean;
  signalLevel?: number | null;
  networkOperator?: string | null;
  networkType?: string | null;
  area?: string | null;
  probes?: ProbeRow[];
};

/** How far from the server's clock a report's time may be. */
export const REPORT_WINDOW = { futureMs: 5 * 60_000, pastMs: 6 * 24 * 3600_000 } as const;

/** A time as toISOString writes it, which PostgreSQL reads as is. */
const UTC_MILLIS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
/**
 * A report's time `at` (read as `t`) for the statement: `at` itself when written as toISOString
 * writes it and naming a real day (Date.parse rolls 30 February over), else rewritten so.
 */
const isoOf = (at: string, t: number) => (UTC_MILLIS.test(at) && new Date(t).getUTCDate() === Number(at.slice(8, 10)) ? at : new Date(t).toISOString());

/** The columns of the device row a batch statement reads with each report, as `was_*` (see persist). */
const WAS = sql.raw(
  'd.company_id, d.online AS was_online, d.signal_level AS was_signal, d.network_operator AS was_operator, d.network_type AS was_type, d.area AS was_area',
);
const WAS_COLUMNS = sql.raw('id, imei, status, company_id, online, signal_level, network_operator, network_type, area');

/** Whether a device's newest report (`l`) differs from the device row's state as read (`was_*`). */
const CHANGED = `(l.online <> l.was_online
          OR l.signal_level IS NOT NULL AND l.signal_level IS DISTINCT FROM l.was_signal
          OR l.network_operator IS NOT NULL AND l.network_operator IS DISTINCT FROM l.was_operator
          OR l.network_type IS NOT NULL AND l.network_type IS DISTINCT FROM l.was_type
          OR l.area IS NOT NULL AND l.area IS DISTINCT FROM l.was_area)`;
const INSERT_REPORTS = `
    ins AS (
      INSERT INTO device_reports (device_id, reported_at, bytes, online, signal_level, network_operator, network_type, area)
      SELECT device_id, at, bytes, online, signal_level, network_operator, network_type, area FROM ok ORDER BY n),`;
const UPDATE_CHANGED = `
    upd AS (
      UPDATE devices d SET online = c.online, signal_level = coalesce(c.signal_level, d.signal_level),
        network_operator = coalesce(c.network_operator, d.network_operator), network_type = coalesce(c.network_type, d.network_type),
        area = coalesce(c.area, d.area)
      FROM (SELECT * FROM cur WHERE changed) c WHERE d.id = c.device_id),`;
/**
 * A stored report of device `device` after (`>`) or at or after (`>=`) `after` (SQL expressions
 * of the outer row): the newest, or with `any` the first found (enough to know one exists, and
 * half the cost: no ordering across partitions). A report is received at most
 * REPORT_WINDOW.futureMs before its own time (later ones are refused), so only partitions received
 * since `after` minus that can hold one: the bounds on received_at let PostgreSQL skip the older
 * and future months. The LIMIT keeps it a probe of the device's index per row, never a join over
 * the table.
 */
export const storedSince = (device: string, after: string, op: '>' | '>=', which: 'newest' | 'any' = 'newest') =>
  `SELECT r.reported_at AS at FROM device_reports r
        WHERE r.device_id = ${device} AND r.reported_at ${op} ${after}
          AND r.received_at >= ${after} - interval '${REPORT_WINDOW.futureMs / 1000} seconds' AND r.received_at <= statement_timestamp()
        ${which === 'newest' ? 'ORDER BY r.reported_at DESC ' : ''}LIMIT 1`;
/**
 * The writing part of a batch statement, over a CTE `ok` of the reports to write (device_id, at,
 * bytes, online, signal_level, network_operator, network_type, area, n = the position in the
 * batch, and the device row as the statement read it: company_id and the `was_*` state of WAS):
 * the rows into device_reports and, for each device's newest report in the batch (the last one
 * sent among equal times), only where its state differs from the device row's and no stored
 * report of the device is newer, an update of that row. Most reports repeat the state, and a row
 * of devices has many indexes; nothing else is written per report (a device's last report time
 * is its newest row in device_reports). Each report that changes a device's online state writes
 * a status event (at the report's time), also when the change and its reversal are both in this
 * batch: each report is compared with the one before it in the batch, the first with the device
 * as it was before this statement. Reports older than the device's newest stored report write
 * none. (Batches of one device are expected one after another; two at once may each read the
 * state the other is replacing.)
 */
const persist = (oneReportPerDevice: boolean) =>
  sql.raw(
    oneReportPerDevice
      ? // one report per device: only a report that changes the state looks for a newer one
        `${INSERT_REPORTS}
    cur AS (
      SELECT l.*, true AS changed FROM ok l LEFT JOIN LATERAL (${storedSince('l.device_id', 'l.at', '>', 'any')}) newer ON true
      WHERE ${CHANGED} AND newer.at IS NULL),
    ${UPDATE_CHANGED}
    status_events AS (
      INSERT INTO device_status_events (device_id, company_id, at, online)
      SELECT device_id, company_id, at, online FROM cur WHERE online <> was_online)`
      : `${INSERT_REPORTS}
    l AS (
      SELECT DISTINCT ON (device_id) * FROM ok ORDER BY device_id, at DESC, n DESC),
    stored AS (
      SELECT f.device_id, s.at AS was_at FROM (SELECT device_id, min(at) AS at FROM ok GROUP BY device_id) f
      LEFT JOIN LATERAL (${storedSince('f.device_id', 'f.at', '>=')}) s ON true),
    cur AS (
      SELECT l.*, s.was_at, ${CHANGED} AS changed FROM l JOIN stored s ON s.device_id = l.device_id
      WHERE s.was_at IS NULL OR l.at >= s.was_at),
    ${UPDATE_CHANGED}
    status_events AS (
      INSERT INTO device_status_events (device_id, company_id, at, online)
      SELECT s.device_id, c.company_id, s.at, s.online
      FROM (SELECT device_id, at, online, lag(online) OVER (PARTITION BY device_id ORDER BY at, n) AS prev FROM ok) s JOIN cur c ON c.device_id = s.device_id
      WHERE (c.was_at IS NULL OR s.at >= c.was_at) AND s.online <> coalesce(s.prev, c.was_online))`,
  );
const PERSIST = { single: persist(true), several: persist(false) };
/** The statement variant for a batch: one report per device needs no ordering within a device. */
const persistFor = (ids: readonly string[]) => (new Set(ids).size === ids.length ? 'single' : 'several');

/** The state columns of a batch as unnest arguments, in PERSIST's order after `at`. */
const stateArrays = (
  reports: {
    bytes: number;
    online: boolean;
    signalLevel?: number | null;
    networkOperator?: string | null;
    networkType?: string | null;
    area?: string | null;
  }[],
) =>
  sql`${arr(
    reports.map((r) => r.bytes),
    'bigint',
  )}, ${arr(
    reports.map((r) => r.online),
    'boolean',
  )}, ${arr(
    reports.map((r) => r.signalLevel),
    'int',
  )}, ${arr(
    reports.map((r) => r.networkOperator),
    'text',
  )}, ${arr(
    reports.map((r) => r.networkType),
    'text',
  )}, ${arr(
    reports.map((r) => r.area),
    'text',
  )}`;

/**
 * Writes a batch of reports of known devices in one statement (see persist). One statement is
 * atomic on its own, so outside a transaction it needs no BEGIN/COMMIT round trips. The
 * in-process fleet and the simulator come through here; the device API through
 * ingestCompanyReports.
 */
export async function writeReports(database: Database, reports: ReportRow[], tx?: Tx): Promise<void> {
  if (reports.length === 0) return;
  const variant = persistFor(reports.map((r) => r.deviceId));
  const query = sql`
    WITH ok AS (
      SELECT v.*, ${WAS} FROM unnest(${arr(
        reports.map((r) => r.deviceId),
        'uuid',
      )}, ${arr(
        reports.map((r) => r.at.toISOString()),
        'timestamptz',
      )}, ${stateArrays(reports)}) WITH ORDINALITY AS v(device_id, at, bytes, online, signal_level, network_operator, network_type, area, n)
      JOIN devices d ON d.id = v.device_id),
    ${PERSIST[variant]}
    SELECT 1`;
  if (tx) await database.rows(query, tx);
  else await database.prepared(`network_write_reports_${variant}`, query);
  await writeProbes(
    database,
    reports.flatMap((r) => (r.probes ?? []).map((p) => ({ ...p, deviceId: r.deviceId, at: r.at }))),
    tx,
  );
}

/**
 * Stores the probes of accepted reports in one statement and moves each device's last probe
 * time forward. Probes that answer a detection are stored as already evaluated: only a
 * strategy's own probes count towards its consecutive failures (modules/monitoring).
 */
async function writeProbes(database: Database, probes: (ProbeRow & { deviceId: string; at: Date })[], tx?: Tx): Promise<void> {
  if (probes.length === 0) return;
  await database.rows(
    sql`WITH v AS (
          SELECT * FROM unnest(${arr(
            probes.map((p) => p.deviceId),
            'uuid',
          )}, ${arr(
            probes.map((p) => p.at.toISOString()),
            'timestamptz',
          )}, ${arr(
            probes.map((p) => p.domain),
            'text',
          )}, ${arr(
            probes.map((p) => p.packetLoss),
            'real',
          )}, ${arr(
            probes.map((p) => p.delay),
            'int',
          )}, ${arr(
            probes.map((p) => p.jitter),
            'int',
          )}, ${arr(
            probes.map((p) => p.reachable ?? true),
            'boolean',
          )}, ${arr(
            probes.map((p) => p.detectionId ?? null),
            'uuid',
          )}) AS v(device_id, at, domain, packet_loss, delay_ms, jitter_ms, reachable, detection_id)),
        ins AS (
          INSERT INTO device_probes (device_id, measured_at, domain, packet_loss, delay_ms, jitter_ms, reachable, detection_id, evaluated)
          SELECT device_id, at, domain, packet_loss, delay_ms, jitter_ms, reachable, detection_id, detection_id IS NOT NULL FROM v)
        UPDATE devices d SET last_probe_at = l.at
        FROM (SELECT device_id, max(at) AS at FROM v WHERE detection_id IS NULL GROUP BY device_id) l
        WHERE d.id = l.device_id AND (d.last_probe_at IS NULL OR d.last_probe_at < l.at)`,
    tx,
  );
}

/** A report as a device or gateway sends it to the device API. */
export type IncomingReport = {
  imei: string;
  at: string;
  bytes: number;
  online: boolean;
  signalLevel?: number;
  networkOperator?: string;
  networkType?: string;
  area?: string;
  probes?: ProbeRow[];
};

export type Refusal = { index: number; imei: string; reason: 'unknown_imei' | 'inactive' | 'bad_time' };

/**
 * Reports of one company's devices: those for IMEIs the company does not hold (unknown_imei, the
 * same answer whether or not another company holds it), for devices without service (inactive:
 * in stock or service expired) or with a time outside the accepted window (bad_time) are refused
 * and never written; the rest are written in one batch.
 */
export async function ingestCompanyReports(
  database: Database,
  companyId: string,
  reports: IncomingReport[],
  now = Date.now(),
): Promise<{ accepted: number; refused: Refusal[] }> {
  if (reports.length === 0) return { accepted: 0, refused: [] };
  // A time outside the window goes as NULL: the statement writes only reports with a time, of
  // the company's devices in service, and names the others with their reason (all parts read the
  // same snapshot), so the refusals are exactly the reports it did not write. Each report is one
  // probe of the unique IMEI index (devicesByImei).
  const times = reports.map((r) => {
    const t = Date.parse(r.at);
    if (!(t <= now + REPORT_WINDOW.futureMs && t >= now - REPORT_WINDOW.pastMs)) return null;
    return isoOf(r.at, t);
  });
  const variant = persistFor(reports.map((r) => r.imei));
  const withProbes = reports.some((r) => r.probes?.length);
  // Each report is one row of `found`, with its device's id, status and state where the company
  // holds the IMEI; the answer names only the refused reports (and, when the batch carries
  // probes, the accepted ones' device ids), usually nothing.
  const rows = await database.prepared<{ n: number; id: string | null; reason: Refusal['reason'] | null }>(
    `network_ingest_reports_${variant}`,
    sql`
    WITH v AS (
      SELECT * FROM unnest(${arr(
        reports.map((r) => r.imei),
        'text',
      )}, ${arr(times, 'timestamptz')}, ${stateArrays(reports)}) WITH ORDINALITY AS v(imei, at, bytes, online, signal_level, network_operator, network_type, area, n)),
    found AS MATERIALIZED (
      SELECT wanted.*, d.id, d.status, ${WAS}
      FROM ${devicesByImei(sql`SELECT * FROM v`, WAS_COLUMNS, { keepUnknownUnless: sql`d.company_id = ${companyId}` })}),
    ok AS (
      SELECT id AS device_id, at, bytes, online, signal_level, network_operator, network_type, area, n,
             company_id, was_online, was_signal, was_operator, was_type, was_area
      FROM found WHERE id IS NOT NULL AND at IS NOT NULL AND status NOT IN ('in_stock', 'service_expired')),
    ${PERSIST[variant]}
    SELECT n::int AS n, id,
           CASE WHEN id IS NULL THEN 'unknown_imei' WHEN status IN ('in_stock', 'service_expired') THEN 'inactive' WHEN at IS NULL THEN 'bad_time' END AS reason
    FROM found WHERE id IS NULL OR status IN ('in_stock', 'service_expired') OR at IS NULL OR ${withProbes}::boolean
    ORDER BY n`,
  );
  const refused: Refusal[] = [];
  const probes: (ProbeRow & { deviceId: string; at: Date })[] = [];
  for (const row of rows) {
    const index = Number(row.n) - 1;
    const r = reports[index];
    if (row.reason) refused.push({ index, imei: r.imei, reason: row.reason });
    else if (row.id && r.probes?.length) for (const p of r.probes) probes.push({ ...p, deviceId: row.id, at: new Date(times[index] as string) });
  }
  await writeProbes(database, probes);
  return { accepted: reports.length - refused.length, refused };
}
