import { hostname } from 'node:os';
import type { EmailJob } from '../mail/outbox.js';
import type { Mailer } from '../mail/transport.js';
import { alarmJobs } from '../modules/alarms/index.js';
import { billingJobs } from '../modules/billing/index.js';
import { connectivityJobs } from '../modules/connectivity/index.js';
import { webhookJobs } from '../modules/developer/index.js';
import { licenseJobs } from '../modules/licenses/index.js';
import { monitoringJobs } from '../modules/monitoring/index.js';
import { networkJobs } from '../modules/network/index.js';
import { orderJobs } from '../modules/orders/index.js';
import { reportJobs } from '../modules/reports/index.js';
import { usageJobs } from '../modules/usage/index.js';
import { cleanup } from './cleanup.js';
import type { JobHandler, Periodic } from './runner.js';
import type { ModuleDeps } from './types.js';

export type { ModuleDeps } from './types.js';

/** Every job handler and periodic job of the product, by module. */
export function allJobs(deps: ModuleDeps & { mailer: Mailer }): { handlers: Record<string, JobHandler>; periodic: Periodic[] } {
  const modules = [
    licenseJobs(deps),
    usageJobs(deps),
    networkJobs(deps),
    orderJobs({ database: deps.database, gateway: deps.payments ?? null }),
    billingJobs({ database: deps.database }),
    alarmJobs({ database: deps.database, publicUrl: deps.publicUrl }),
    monitoringJobs(deps),
    webhookJobs({ database: deps.database, config: deps.webhooks, publicUrl: deps.publicUrl }),
    reportJobs({ database: deps.database }),
    connectivityJobs({ database: deps.database, openConnector: deps.openConnector ?? null, owner: `${hostname()}:${process.pid}`, signal: deps.stopSignal }),
  ];
  return {
    handlers: {
      'email.send': (job: EmailJob) => deps.mailer.send(job),
      cleanup: () => cleanup(deps.database),
      ...Object.assign({}, ...modules.map((m) => m.handlers)),
    },
    periodic: [{ name: 'cleanup', everyMs: 10 * 60_000 }, ...modules.flatMap((m) => m.periodic)],
  };
}
