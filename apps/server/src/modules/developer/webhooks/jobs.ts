import type { JobHandler, Periodic } from '../../../jobs/runner.js';
import { deliverDue } from './deliver.js';
import { DEVICE_STATUS_EVERY_MS, DEVICE_STATUS_JOB, forwardDeviceStatus } from './device-status.js';
import { deliverDepsOf, type WebhookDeps } from './handlers.js';
import { announceExpiringLicenses, LICENSE_EXPIRING_EVERY_MS, LICENSE_EXPIRING_JOB } from './license-expiring.js';
import { DELIVER_JOB } from './outbox.js';
import { PRUNE_EVERY_MS, PRUNE_JOB, pruneWebhookLog } from './prune.js';

const DELIVER_EVERY_MS = 5_000;

/**
 * `webhooks.deliver` attempts due deliveries (every 5 s, and at the runner's next poll after an
 * emission queues a nudge); `webhooks.deviceStatus` turns device online/offline changes into
 * messages; `webhooks.licenseExpiring` (hourly) announces Licenses expiring within 30 days;
 * `webhooks.prune` (hourly) drops settled messages after 30 days. All are safe to run in several
 * processes at once.
 */
export const webhookJobs = (deps: WebhookDeps): { handlers: Record<string, JobHandler>; periodic: Periodic[] } => ({
  handlers: {
    [DELIVER_JOB]: async () => {
      await deliverDue(deliverDepsOf(deps));
    },
    [DEVICE_STATUS_JOB]: async () => {
      await forwardDeviceStatus(deps.database);
    },
    [LICENSE_EXPIRING_JOB]: async () => {
      await announceExpiringLicenses(deps.database);
    },
    [PRUNE_JOB]: async () => {
      await pruneWebhookLog(deps.database);
    },
  },
  periodic: [
    { name: DELIVER_JOB, everyMs: DELIVER_EVERY_MS },
    { name: DEVICE_STATUS_JOB, everyMs: DEVICE_STATUS_EVERY_MS },
    { name: LICENSE_EXPIRING_JOB, everyMs: LICENSE_EXPIRING_EVERY_MS },
    { name: PRUNE_JOB, everyMs: PRUNE_EVERY_MS },
  ],
});
