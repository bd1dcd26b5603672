import { sql } from 'drizzle-orm';
import { textArray } from '../../../db/arrays.js';
import type { Database } from '../../../db/client.js';
import type { As, Nullable, Row } from '../../../db/row.js';
import { SIMULATED_ACCOUNT_ID } from '../../../db/schema/index.js';
import { type ReportRow, storedSince, writeReports } from '../../ingestion/index.js';
import { probeLink } from './link.js';
import { SIM_TIMING } from './timing.js';
import { bytesNow, profileOf, signalNow } from './world.js';

/**
 * A device the fleet may report for, with `last_at` (when the fleet last reported for it,
 * fleet_schedule), `own_at` (its newest report within the rhythm when it reported by itself,
 * through the device API) and `probe_domains` (its monitoring strategy's domains when a probe is due).
 */
type Due = Row<'devices', 'id' | 'imei' | 'region' | 'online' | 'network_operator' | 'network_type' | 'area'> &
  Nullable<Row<'fleet_schedule', 'last_at'> & As<'device_reports', { own_at: 'reported_at' }> & As<'strategies', { probe_domains: 'domains' }>>;

/** Statuses whose devices have service; the others (in stock, service expired) stay silent. */
export const ACTIVE_STATUSES = ['physical_card', 'esim', 'seed_card'] as const;

/**
 * One tick of the simulated fleet: the active devices (with service, not suspended, not on a
 * paused eSIM) the fleet last reported for longer than the reporting rhythm ago report now, at
 * most `slice` of them, oldest first, in one batch through the same ingestion as the device API.
 * A device that reported by itself within the rhythm (through the device API) is left to do so;
 * the fleet's clock (fleet_schedule) moves for both. Devices drop off the network now and then
 * (by their own drop rate) and come back a report or a few later.
 */
export async function fleetTick(database: Database, opts: { now?: number; slice?: number; everyMs?: number; rand?: () => number } = {}): Promise<number> {
  const now = opts.now ?? Date.now();
  const rand = opts.rand ?? Math.random;
  const everyMs = opts.everyMs ?? SIM_TIMING.reportEveryMs;
  const since = new Date(now - everyMs).toISOString();
  const candidates = await database.rows<Due>(
    sql`WITH due AS (
          SELECT d.id, d.imei, d.region, d.online, d.network_operator, d.network_type, d.area, f.last_at,
                 CASE WHEN d.last_probe_at IS NULL OR d.last_probe_at <= ${new Date(now).toISOString()}::timestamptz - make_interval(mins => s.interval_minutes)
                      THEN s.domains END AS probe_domains
          FROM devices d LEFT JOIN fleet_schedule f ON f.device_id = d.id LEFT JOIN strategies s ON s.id = d.strategy_id
          WHERE d.status IN ('physical_card', 'esim', 'seed_card') AND NOT d.suspended AND NOT (d.status = 'esim' AND d.esim_paused)
            AND d.account_id = ${SIMULATED_ACCOUNT_ID}
            AND (f.last_at IS NULL OR f.last_at <= ${since}::timestamptz)
          ORDER BY f.last_at NULLS FIRST
          LIMIT ${opts.slice ?? SIM_TIMING.fleetSlice})
        SELECT due.*, own.at AS own_at FROM due
        LEFT JOIN LATERAL (${sql.raw(storedSince('due.id', `'${since}'::timestamptz`, '>'))}) own ON true`,
  );
  const due = candidates.filter((d) => d.own_at === null);
  const reports: ReportRow[] = due.map((d) => {
    const p = profileOf(d.imei, d.region);
    // Spread within the tick so reports do not all carry the same second.
    const at = new Date(now - Math.floor(rand() * Math.min(SIM_TIMING.fleetTickMs, everyMs / 2)));
    const last = d.last_at ? new Date(d.last_at).getTime() : null;
    const online = d.online ? rand() >= p.dropRate : rand() < SIM_TIMING.backOnlineRate || last === null;
    const state = {
      deviceId: d.id,
      at,
      online,
      networkOperator: d.network_operator ?? p.networkOperator,
      networkType: d.network_type ?? p.networkType,
      area: d.area ?? p.area,
    };
    // a device with a monitoring strategy measures its link to the strategy's domains when due
    const probes = (signalLevel: number) =>
      d.probe_domains?.map((domain) => probeLink({ region: d.region, ...state, signalLevel }, domain, at.getTime(), rand));
    if (!online) return { ...state, bytes: 0, signalLevel: 0, probes: probes(0) };
    const elapsed = last === null ? everyMs : at.getTime() - last;
    const bytes = d.online ? bytesNow(p, elapsed, at, rand) : Math.round(p.bytesPerReport * 0.2);
    const signalLevel = signalNow(p, rand);
    return { ...state, bytes, signalLevel, probes: probes(signalLevel) };
  });
  await writeReports(database, reports);
  const clock = [
    ...reports.map((r) => ({ id: r.deviceId, at: r.at })),
    ...candidates.filter((d) => d.own_at !== null).map((d) => ({ id: d.id, at: new Date(d.own_at as string) })),
  ];
  if (clock.length)
    await database.rows(
      sql`INSERT INTO fleet_schedule (device_id, last_at)
          SELECT * FROM unnest(${textArray(clock.map((c) => c.id))}::uuid[], ${textArray(clock.map((c) => c.at.toISOString()))}::timestamptz[])
          ON CONFLICT (device_id) DO UPDATE SET last_at = greatest(fleet_schedule.last_at, excluded.last_at)`,
    );
  return reports.length;
}
