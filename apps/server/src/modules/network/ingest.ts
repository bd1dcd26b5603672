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

/**
 * The writing part of a batch statement, over a CTE `ok` of the reports to write (device_id, at,
 * bytes, online, signal_level, network_operator, network_type, area, and n = the position in the batch):
 * the rows into device_reports, and the devices' latest state (each device's newest report in
 * the batch, the last one sent among equal times, when not older than what the device row
 * already shows). Devices are updated in id order, so concurrent batches lock shared devices in
 * the same order. Each report that changes a device's online state writes a status event (at
 * the report's time), also when the change and its reversal are both in this batch: each report
 * is compared with the one before it in the batch, the first with the row as it was before this
 * statement (the self-join `was`). Reports older than what the row already showed write none.
 */
const PERSIST = sql.raw(`
    ins AS (
      INSERT INTO device_reports (device_id, reported_at, bytes, online, signal_level, network_operator, network_type, area)
      SELECT device_id, at, bytes, online, signal_level, network_operator, network_type, area FROM ok),
    l AS (
      SELECT DISTINCT ON (device_id) device_id, at, online, signal_level, network_operator, network_type, area
      FROM ok ORDER BY device_id, at DESC, n DESC),
    upd AS (
      UPDATE devices d SET online = l.online, signal_level = coalesce(l.signal_level, d.signal_level),
        network_operator = coalesce(l.network_operator, d.network_operator), network_type = coalesce(l.network_type, d.network_type),
        area = coalesce(l.area, d.area), last_report_at = l.at
      FROM l JOIN devices was ON was.id = l.device_id
      WHERE d.id = l.device_id AND (d.last_report_at IS NULL OR l.at >= d.last_report_at)
      RETURNING d.id, d.company_id, was.online AS was_online, was.last_report_at AS was_at),
    seq AS (
      SELECT device_id, at, online, lag(online) OVER (PARTITION BY device_id ORDER BY at, n) AS prev FROM ok),
    status_events AS (
      INSERT INTO device_status_events (device_id, company_id, at, online)
      SELECT s.device_id, u.company_id, s.at, s.online FROM seq s JOIN upd u ON u.id = s.device_id
      WHERE (u.was_at IS NULL OR s.at >= u.was_at) AND s.online <> coalesce(s.prev, u.was_online))`);

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
 * Writes a batch of reports of known devices in one statement (see PERSIST). One statement is
 * atomic on its own, so outside a transaction it needs no BEGIN/COMMIT round trips. The
 * in-process fleet and the simulator come through here; the device API through
 * ingestCompanyReports.
 */
export async function writeReports(database: Database, reports: ReportRow[], tx?: Tx): Promise<void> {
  if (reports.length === 0) return;
  const query = sql`
    WITH ok AS (
      SELECT * FROM unnest(${arr(
        reports.map((r) => r.deviceId),
        'uuid',
      )}, ${arr(
        reports.map((r) => r.at.toISOString()),
        'timestamptz',
      )}, ${stateArrays(reports)}) WITH ORDINALITY AS v(device_id, at, bytes, online, signal_level, network_operator, network_type, area, n)),
    ${PERSIST}
    SELECT 1`;
  if (tx) await database.rows(query, tx);
  else await database.prepared('network_write_reports', query);
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
  // the company's devices in service, and answers the company's devices among the IMEIs (all
  // parts read the same snapshot), so the refusals below name exactly the reports it did not
  // write. Each distinct IMEI is one probe of the unique IMEI index (devicesByImei).
  const times = reports.map((r) => {
    const t = new Date(r.at).getTime();
    return Number.isFinite(t) && t <= now + REPORT_WINDOW.futureMs && t >= now - REPORT_WINDOW.pastMs ? new Date(t).toISOString() : null;
  });
  const imeis = reports.map((r) => r.imei);
  const found = await database.prepared<{ id: string; imei: string; status: string }>(
    'network_ingest_reports',
    sql`
    WITH v AS (
      SELECT * FROM unnest(${arr(
        reports.map((r) => r.imei),
        'text',
      )}, ${arr(times, 'timestamptz')}, ${stateArrays(reports)}) WITH ORDINALITY AS v(imei, at, bytes, online, signal_level, network_operator, network_type, area, n)),
    found AS MATERIALIZED (
      SELECT d.id, d.imei, d.status FROM ${devicesByImei(imeis, sql`id, imei, status, company_id`)} WHERE d.company_id = ${companyId}),
    ok AS (
      SELECT f.id AS device_id, v.at, v.bytes, v.online, v.signal_level, v.network_operator, v.network_type, v.area, v.n
      FROM v JOIN found f ON f.imei = v.imei
      WHERE v.at IS NOT NULL AND f.status NOT IN ('in_stock', 'service_expired')),
    ${PERSIST}
    SELECT id, imei, status FROM found`,
  );
  const known = new Map(found.map((d) => [d.imei, d]));
  const refused: Refusal[] = [];
  const probes: (ProbeRow & { deviceId: string; at: Date })[] = [];
  for (const [index, r] of reports.entries()) {
    const device = known.get(r.imei);
    const status = device?.status;
    const reason: Refusal['reason'] | null =
      status === undefined ? 'unknown_imei' : status === 'in_stock' || status === 'service_expired' ? 'inactive' : times[index] === null ? 'bad_time' : null;
    if (reason) refused.push({ index, imei: r.imei, reason });
    else if (device && r.probes?.length) for (const p of r.probes) probes.push({ ...p, deviceId: device.id, at: new Date(times[index] as string) });
  }
  await writeProbes(database, probes);
  return { accepted: reports.length - refused.length, refused };
}
