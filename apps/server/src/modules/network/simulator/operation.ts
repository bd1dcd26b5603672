import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';

/** A command's failure as the simulated network draws it; eSIM and AT commands add reasons of their own. */
export const FAILURE_REASONS = ['device_timeout', 'network_rejected', 'device_busy'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number] | 'no_service';

export const FAILURE_TEXT: Record<FailureReason, string> = {
  device_timeout: 'The device did not answer in time',
  network_rejected: 'The network rejected the request',
  device_busy: 'The device was busy, try again later',
  no_service: 'The device has no service (in stock or expired)',
};

/** Ends a pending operation with its outcome, merged into its detail (every command kind's completion ends here). */
export async function finish(database: Database, tx: Tx, operationId: number, status: 'done' | 'failed', detail: Record<string, unknown>) {
  await database.rows(
    sql`UPDATE device_operations SET status = ${status}, finished_at = now(),
          detail = coalesce(detail, '{}'::jsonb) || ${JSON.stringify(detail)}::jsonb
        WHERE id = ${operationId} AND status = 'pending'`,
    tx,
  );
}
