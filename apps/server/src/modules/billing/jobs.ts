import type { Database } from '../../db/client.js';
import type { JobHandler, Periodic } from '../../jobs/runner.js';
import { BILL_CLOSE, BILL_CLOSE_JOB, closeMonth, monthToClose } from './close.js';

/**
 * `bill.close`: every quarter of an hour, closes the last month that ended at least an hour ago
 * for every paying company that has no bill of it yet (a run stops after its time budget, the
 * next goes on). Closing is idempotent, so overlapping runs make one bill per company and month.
 */
export const billingJobs = ({ database }: { database: Database }): { handlers: Record<string, JobHandler>; periodic: Periodic[] } => ({
  handlers: {
    [BILL_CLOSE_JOB]: async () => {
      const now = Date.now();
      await closeMonth(database, monthToClose(now), { now, budgetMs: BILL_CLOSE.budgetMs });
    },
  },
  periodic: [{ name: BILL_CLOSE_JOB, everyMs: BILL_CLOSE.everyMs }],
});
