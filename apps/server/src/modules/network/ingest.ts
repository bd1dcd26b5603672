import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { arr } from './sql-arrays.js';

/** One report as stored: a device's usage since its previous report and its state now. */
export type ReportRow = {
  deviceId: string;
  at: Date;
  bytes: number;
  online: boolean;
  signalLevel?: number | null;
  operator?: string | null;
  networkType?: string | null;
  area?: string | null;
};

/** How far from the server's clock a report's time may be. */
export const REPORT_WINDOW = { futureMs: 5 * 60_000, pastMs: 6 * 24 * 3600_000 } as const;

/**
 * Writes a batch of reports: one multi-row INSERT into device_reports, and one UPDATE of the
 * devices' latest state (each device's newest report in the batch, when newer than what the
 * device row already shows). The device API and the in-process fleet both come through here.
 */
export async function writeReports(database: Database, reports: ReportRow[], tx?: Tx): Promise<void> {
  if (reports.length === 0) return;
  const run = async (t: Tx) => {
    await database.rows(
      sql`INSERT INTO device_reports (device_id, reported_at, bytes, online, signal_level, operator, network_type, area)
          SELECT * FROM unnest(${arr(
            reports.map((r) => r.deviceId),
            'uuid',
          )}, ${arr(
            reports.map((r) => r.at.toISOString()),
            'timestamptz',
          )}, ${arr(
            reports.map((r) => r.bytes),
            'bigint',
          )}, ${arr(
            reports.map((r) => r.online),
            'boolean',
          )}, ${arr(
            reports.map((r) => r.signalLevel),
            'int',
          )}, ${arr(
            reports.map((r) => r.operator),
            'text',
          )}, ${arr(
            reports.map((r) => r.networkType),
            'text',
          )}, ${arr(
            reports.map((r) => r.area),
            'text',
          )})`,
      t,
    );
    // The newest report of each device in this batch.
    const latest = new Map<string, ReportRow>();
    for (const r of reports) {
      const cur = latest.get(r.deviceId);
      if (!cur || r.at >= cur.at) latest.set(r.deviceId, r);
    }
    // In id order, so concurrent batches lock shared devices in the same order.
    const l = [...latest.values()].sort((a, b) => (a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : 0));
    await database.rows(
      sql`UPDATE devices d SET online = v.online, signal_level = coalesce(v.signal_level, d.signal_level),
            operator = coalesce(v.operator, d.operator), network_type = coalesce(v.network_type, d.network_type),
            area = coalesce(v.area, d.area), last_report_at = v.at
          FROM unnest(${arr(
            l.map((r) => r.deviceId),
            'uuid',
          )}, ${arr(
            l.map((r) => r.at.toISOString()),
            'timestamptz',
          )}, ${arr(
            l.map((r) => r.online),
            'boolean',
          )}, ${arr(
            l.map((r) => r.signalLevel),
            'int',
          )}, ${arr(
            l.map((r) => r.operator),
            'text',
          )}, ${arr(
            l.map((r) => r.networkType),
            'text',
          )}, ${arr(
            l.map((r) => r.area),
            'text',
          )}) AS v(id, at, online, signal_level, operator, network_type, area)
          WHERE d.id = v.id AND (d.last_report_at IS NULL OR v.at >= d.last_report_at)`,
      t,
    );
  };
  if (tx) await run(tx);
  else await database.db.transaction(run);
}

/** A report as a device or gateway sends it to the device API. */
export type IncomingReport = {
  imei: string;
  at: string;
  bytes: number;
  online: boolean;
  signalLevel?: number;
  operator?: string;
  networkType?: string;
  area?: string;
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
  const imeis = [...new Set(reports.map((r) => r.imei))];
  const known = new Map<string, { id: string; status: string }>();
  if (imeis.length > 0) {
    const rows = await database.rows<{ id: string; imei: string; status: string }>(
      sql`SELECT id, imei, status FROM devices WHERE company_id = ${companyId} AND imei = ANY(${arr(imeis, 'text')})`,
    );
    for (const r of rows) known.set(r.imei, r);
  }
  const refused: Refusal[] = [];
  const rows: ReportRow[] = [];
  for (const [index, r] of reports.entries()) {
    const d = known.get(r.imei);
    const at = new Date(r.at);
    const t = at.getTime();
    const reason: Refusal['reason'] | null = !d
      ? 'unknown_imei'
      : d.status === 'in_stock' || d.status === 'service_expired'
        ? 'inactive'
        : !Number.isFinite(t) || t > now + REPORT_WINDOW.futureMs || t < now - REPORT_WINDOW.pastMs
          ? 'bad_time'
          : null;
    if (reason || !d) {
      refused.push({ index, imei: r.imei, reason: reason ?? 'unknown_imei' });
      continue;
    }
    rows.push({
      deviceId: d.id,
      at,
      bytes: r.bytes,
      online: r.online,
      signalLevel: r.signalLevel,
      operator: r.operator,
      networkType: r.networkType,
      area: r.area,
    });
  }
  await writeReports(database, rows);
  return { accepted: rows.length, refused };
}
