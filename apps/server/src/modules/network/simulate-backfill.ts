import { DEVICE_REPORT_LIMITS, type TDeviceReport } from '@rrp/contracts';
import { nextReport, type SimDevice } from './simulate-report.js';

/** The device API takes reports up to 6 days old (REPORT_WINDOW); a backfill stays inside it. */
export const BACKFILL_MAX_DAYS = 6;
const BACKFILL_STEP_MS = 10 * 60_000;

/**
 * Sends what the devices would have buffered over the last `days`: one report per device per
 * step (10 minutes, or `everyMs` if longer) from `days` ago (plus a margin inside the API's
 * window) up to `now`, oldest first, in batches of the API's size, `concurrency` calls at a
 * time, so the roll-up turns them into daily history as if the devices had been reporting.
 */
export async function backfill(
  o: { backfillDays: number; everyMs: number; concurrency: number },
  devices: SimDevice[],
  now: number,
  send: (batch: TDeviceReport[]) => Promise<void>,
): Promise<void> {
  const step = Math.max(BACKFILL_STEP_MS, o.everyMs);
  const from = now - o.backfillDays * 86_400_000 + 10 * 60_000;
  const pending: TDeviceReport[] = [];
  const flush = async (all: boolean) => {
    while (pending.length >= DEVICE_REPORT_LIMITS.reportsPerCall * o.concurrency || (all && pending.length > 0)) {
      const batches: TDeviceReport[][] = [];
      for (let i = 0; i < o.concurrency && pending.length > 0; i++) batches.push(pending.splice(0, DEVICE_REPORT_LIMITS.reportsPerCall));
      await Promise.all(batches.map(send));
    }
  };
  for (let at = from; at < now; at += step) {
    for (const d of devices) pending.push(nextReport(d, at, Math.random));
    await flush(false);
  }
  await flush(true);
}
