/**
 * The SQL shared by the report batch statements (ingest.ts): the device state each report is
 * compared with, and the part that writes the reports and the changed device rows.
 */
import { sql } from 'drizzle-orm';
import { arr } from '../../db/arrays.js';

/** How far from the server's clock a report's time may be. */
export const REPORT_WINDOW = { futureMs: 5 * 60_000, pastMs: 6 * 24 * 3600_000 } as const;

/** The columns of the device row a batch statement reads with each report, as `was_*` (see persist). */
export const WAS = sql.raw(
  'd.company_id, d.online AS was_online, d.signal_level AS was_signal, d.network_operator AS was_operator, d.network_type AS was_type, d.area AS was_area',
);
export const WAS_COLUMNS = sql.raw('id, imei, status, company_id, online, signal_level, network_operator, network_type, area');

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
export const PERSIST = { single: persist(true), several: persist(false) };
/** The statement variant for a batch: one report per device needs no ordering within a device. */
export const persistFor = (ids: readonly string[]) => (new Set(ids).size === ids.length ? 'single' : 'several');

/** What a report says beside its device and time: its usage since the previous report and the state now. */
export type ReportState = {
  bytes: number;
  online: boolean;
  signalLevel?: number | null;
  networkOperator?: string | null;
  networkType?: string | null;
  area?: string | null;
};

/** The state columns of a batch as unnest arguments, in PERSIST's order after `at`. */
export const stateArrays = (reports: ReportState[]) =>
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
