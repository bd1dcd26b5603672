import type { Database } from '../../db/client.js';
import type { JobHandler, Periodic } from '../../jobs/runner.js';
import { ALARM_EVALUATE_EVERY_MS, ALARM_EVALUATE_JOB, evaluateAlarms } from './evaluate.js';

/**
 * `alarm.evaluate`: every minute, evaluates every pool warning policy and every device alarm
 * setting that is on. Set-based and idempotent: overlapping runs raise each alarm once.
 */
export const alarmJobs = ({
  database,
  publicUrl,
}: {
  database: Database;
  publicUrl?: string;
}): { handlers: Record<string, JobHandler>; periodic: Periodic[] } => ({
  handlers: {
    [ALARM_EVALUATE_JOB]: async () => {
      await evaluateAlarms(database, { publicUrl });
    },
  },
  periodic: [{ name: ALARM_EVALUATE_JOB, everyMs: ALARM_EVALUATE_EVERY_MS }],
});
