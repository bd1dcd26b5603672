import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import type { Row } from '../../../db/row.js';
import { emitWebhookEvent } from '../../developer/index.js';

/** A command's failure as the simulated network draws it; eSIM and AT commands add reasons of their own. */
export const FAILURE_REASONS = ['device_timeout', 'network_rejected', 'device_busy'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number] | 'no_service';

export const FAILURE_TEXT: Record<FailureReason, string> = {
  device_timeout: 'The device did not answer in time',
  network_rejected: 'The network rejected the request',
  device_busy: 'The device was busy, try again later',
  no_service: 'The device has no service (in stock or expired)',
};

/** The device commands whose completion is a webhook event of the device's company (docs/webhooks.md). */
const WEBHOOK_EVENT_OF: Record<string, 'device.suspended' | 'device.unsuspended' | 'device.card_switched'> = {
  suspend: 'device.suspended',
  unsuspend: 'device.unsuspended',
  switch_card: 'device.card_switched',
};

/**
 * Ends a pending operation with its outcome, merged into its detail (every command kind's
 * completion ends here); a suspend, resume or card switch done is a webhook event, in the same
 * transaction.
 */
export async function finish(database: Database, tx: Tx, operationId: number, status: 'done' | 'failed', detail: Record<string, unknown>) {
  const [op] = await database.rows<Row<'device_operations', 'action' | 'device_id'> & Row<'devices', 'company_id' | 'imei'>>(
    sql`UPDATE device_operations o SET status = ${status}, finished_at = now(),
          detail = coalesce(o.detail, '{}'::jsonb) || ${JSON.stringify(detail)}::jsonb
        FROM devices d WHERE o.id = ${operationId} AND o.status = 'pending' AND d.id = o.device_id
        RETURNING o.action, o.device_id, d.company_id, d.imei`,
    tx,
  );
  const event = op && status === 'done' ? WEBHOOK_EVENT_OF[op.action] : undefined;
  if (!event) return;
  const { result: _result, ...outcome } = detail;
  await emitWebhookEvent(database, tx, op.company_id, event, { deviceId: op.device_id, imei: op.imei, operationId, ...outcome });
}
