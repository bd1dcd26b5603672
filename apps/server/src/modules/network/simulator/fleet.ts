import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { type ReportRow, writeReports } from '../ingest.js';
import { SIM_TIMING } from './timing.js';
import { bytesNow, profileOf, signalNow } from './world.js';

type Due = {
  id: string;
  imei: string;
  region: string;
  online: boolean;
  network_operator: string | null;
  network_type: string | null;
  area: string | null;
  last_report_at: string | Date | null;
};

/** Statuses whose devices have service; the others (in stock, service expired) stay silent. */
export const ACTIVE_STATUSES = ['physical_card', 'esim', 'seed_card'] as const;

/**
 * One tick of the simulated fleet: the active devices (with service, not suspended) whose last
 * report is older than the reporting rhythm report now, at most `slice` of them, oldest first,
 * in one batch through the same ingestion as the device API. Devices drop off the network now
 * and then (by their own drop rate) and come back a report or a few later.
 */
export async function fleetTick(database: Database, opts: { now?: number; slice?: number; everyMs?: number; rand?: () => number } = {}): Promise<number> {
  const now = opts.now ?? Date.now();
  const rand = opts.rand ?? Math.random;
  const everyMs = opts.everyMs ?? SIM_TIMING.reportEveryMs;
  const due = await database.rows<Due>(
    sql`SELECT id, imei, region, online, network_operator, network_type, area, last_report_at FROM devices
        WHERE status IN ('physical_card', 'esim', 'seed_card') AND NOT suspended
          AND (last_report_at IS NULL OR last_report_at <= ${new Date(now - everyMs).toISOString()}::timestamptz)
        ORDER BY last_report_at NULLS FIRST
        LIMIT ${opts.slice ?? SIM_TIMING.fleetSlice}`,
  );
  const reports: ReportRow[] = due.map((d) => {
    const p = profileOf(d.imei, d.region);
    // Spread within the tick so reports do not all carry the same second.
    const at = new Date(now - Math.floor(rand() * Math.min(SIM_TIMING.fleetTickMs, everyMs / 2)));
    const last = d.last_report_at ? new Date(d.last_report_at).getTime() : null;
    const online = d.online ? rand() >= p.dropRate : rand() < SIM_TIMING.backOnlineRate || last === null;
    const state = {
      deviceId: d.id,
      at,
      online,
      networkOperator: d.network_operator ?? p.networkOperator,
      networkType: d.network_type ?? p.networkType,
      area: d.area ?? p.area,
    };
    if (!online) return { ...state, bytes: 0, signalLevel: 0 };
    const elapsed = last === null ? everyMs : at.getTime() - last;
    return { ...state, bytes: d.online ? bytesNow(p, elapsed, at, rand) : Math.round(p.bytesPerReport * 0.2), signalLevel: signalNow(p, rand) };
  });
  await writeReports(database, reports);
  return reports.length;
}
