import type { Database } from '../db/client.js';
import type { EmailJob } from '../mail/outbox.js';
import type { Mailer } from '../mail/transport.js';
import { licenseJobs } from '../modules/licenses/jobs.js';
import { networkJobs } from '../modules/network/jobs.js';
import type { ConnectivityProvider } from '../modules/network/provider.js';
import { cleanup } from './cleanup.js';
import type { JobHandler, Periodic } from './runner.js';

export type ModuleDeps = { database: Database; provider: ConnectivityProvider };

/** Every job handler and periodic job of the product, by module. */
export function allJobs(deps: ModuleDeps & { mailer: Mailer }): { handlers: Record<string, JobHandler>; periodic: Periodic[] } {
  const modules = [licenseJobs(deps), networkJobs(deps)];
  return {
    handlers: {
      'email.send': (job: EmailJob) => deps.mailer.send(job),
      cleanup: () => cleanup(deps.database),
      ...Object.assign({}, ...modules.map((m) => m.handlers)),
    },
    periodic: [{ name: 'cleanup', everyMs: 10 * 60_000 }, ...modules.flatMap((m) => m.periodic)],
  };
}
