import { sql } from 'drizzle-orm';
import { arr, textArray } from '../../../db/arrays.js';
import type { Database } from '../../../db/client.js';
import type { AsNumber, Narrow, Row } from '../../../db/row.js';
import { type ReportRow, writeReports } from '../../ingestion/index.js';
import type { Connector, UsageReading } from '../connector.js';

type LinkedSim = Narrow<Row<'platform_sims', 'iccid' | 'device_id' | 'ctd_cycle' | 'state'>, { device_id: string }> &
  AsNumber<Row<'platform_sims', 'ctd_bytes'>>;

/** The billing cycle a reading without one belongs to: the UTC month (both platforms bill by calendar month). */
export const monthOf = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;

/**
 * Bytes used since the previous reading of a cycle-to-date counter. The first reading is the
 * baseline (0: what came before was used before we watched); a new cycle starts the counter again
 * (all of it is new); a counter that goes backwards within a cycle (a correction on the
 * platform) counts nothing and becomes the new baseline: usage is never negative, never counted twice.
 */
export function usageDelta(prev: { bytes: number | null; cycle: string | null }, reading: { bytes: number; cycle: string }): number {
  if (prev.bytes === null || prev.cycle === null) return 0;
  if (reading.cycle !== prev.cycle) return reading.cycle > prev.cycle ? reading.bytes : 0;
  return Math.max(0, reading.bytes - prev.bytes);
}

export type UsageResult = { calls: number; sims: number; bytes: number };

/**
 * Pulls cycle-to-date usage of the account's linked SIMs in the connector's batches and turns it
 * into reports (the bytes since the last reading), which the roll-up adds to the same daily
 * figures as any report: reports, alarms, caps and bills read them. `beforeBatch` runs before each
 * call (the lease is renewed there).
 */
export async function pullUsage(
  database: Database,
  accountId: string,
  connector: Connector,
  opts: { now?: () => Date; beforeBatch?: () => Promise<void> } = {},
): Promise<UsageResult> {
  const now = opts.now ?? (() => new Date());
  const result: UsageResult = { calls: 0, sims: 0, bytes: 0 };
  const batchAfter = (after: string) =>
    database.rows<LinkedSim>(
      sql`SELECT iccid, device_id, ctd_bytes::float8 AS ctd_bytes, ctd_cycle, state FROM platform_sims
          WHERE account_id = ${accountId} AND device_id IS NOT NULL AND ignored IS NULL AND iccid > ${after}
          ORDER BY iccid LIMIT ${connector.batchSize}`,
    );
  // the next batch's call is in flight while this one's readings are written
  const read = (sims: LinkedSim[]) => {
    const call = (async () => {
      await opts.beforeBatch?.();
      return connector.usage(sims.map((s) => s.iccid));
    })();
    call.catch(() => undefined);
    return call;
  };
  let sims = await batchAfter('');
  let pending = sims.length ? read(sims) : null;
  while (pending) {
    const readings = await pending;
    result.calls++;
    const following = await batchAfter(sims[sims.length - 1].iccid);
    pending = following.length ? read(following) : null;
    result.bytes += await applyReadings(database, accountId, sims, readings, now());
    result.sims += readings.length;
    sims = following;
  }
  return result;
}

async function applyReadings(database: Database, accountId: string, sims: LinkedSim[], readings: UsageReading[], at: Date): Promise<number> {
  const byIccid = new Map(sims.map((s) => [s.iccid, s]));
  const reports: ReportRow[] = [];
  const kept: { iccid: string; bytes: number; cycle: string }[] = [];
  let total = 0;
  for (const r of readings) {
    const sim = byIccid.get(r.iccid);
    if (!sim) continue;
    const cycle = r.cycleStart ?? monthOf(at);
    const delta = usageDelta({ bytes: sim.ctd_bytes, cycle: sim.ctd_cycle }, { bytes: r.ctdBytes, cycle });
    kept.push({ iccid: r.iccid, bytes: r.ctdBytes, cycle });
    if (delta > 0) {
      total += delta;
      reports.push({ deviceId: sim.device_id, at, bytes: delta, online: sim.state === 'active' });
    }
  }
  if (kept.length === 0) return 0;
  await database.db.transaction(async (tx) => {
    await writeReports(database, reports, tx);
    await database.rows(
      sql`UPDATE platform_sims p SET ctd_bytes = t.bytes, ctd_cycle = t.cycle, ctd_at = ${at.toISOString()}::timestamptz
          FROM unnest(${textArray(kept.map((k) => k.iccid))}::text[], ${arr(
            kept.map((k) => k.bytes),
            'int8',
          )}, ${arr(
            kept.map((k) => k.cycle),
            'date',
          )}) AS t(iccid, bytes, cycle)
          WHERE p.account_id = ${accountId} AND p.iccid = t.iccid`,
      tx,
    );
  });
  return total;
}
