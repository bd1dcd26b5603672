import { sql } from 'drizzle-orm';
import { arr } from '../../db/arrays.js';
import type { Database, Tx } from '../../db/client.js';
import { devicesByImei } from '../../db/imei-lookup.js';
import type { Col, Nullable, Row } from '../../db/row.js';
import { PERSIST, persistFor, REPORT_WINDOW, type ReportState, stateArrays, WAS, WAS_COLUMNS } from './report-statement.js';

/**
 * A link measurement sent with a report (docs/monitoring.md), stored as a row of device_probes
 * (writeProbes); `detectionId` when it answers a detection.
 */
export type ProbeRow = {
  domain: Col<'device_probes', 'domain'>;
  packetLoss: Col<'device_probes', 'packet_loss'>;
  delay: Col<'device_probes', 'delay_ms'>;
  jitter: Col<'device_probes', 'jitter_ms'>;
  reachable?: Col<'device_probes', 'reachable'>;
  detectionId?: Col<'device_probes', 'detection_id'>;
};

/** One report as stored: a device's usage since its previous report and its state now. */
export type ReportRow = ReportState & { deviceId: string; at: Date; probes?: ProbeRow[] };

/** A time as toISOString writes it, which PostgreSQL reads as is. */
const UTC_MILLIS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
/**
 * A report's time `at` (read as `t`) for the statement: `at` itself when written as toISOString
 * writes it and naming a real day (Date.parse rolls 30 February over), else rewritten so.
 */
const isoOf = (at: string, t: number) => (UTC_MILLIS.test(at) && new Date(t).getUTCDate() === Number(at.slice(8, 10)) ? at : new Date(t).toISOString());

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
  const rows = await database.prepared<{ n: number; reason: Refusal['reason'] | null } & Nullable<Row<'devices', 'id'>>>(
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
