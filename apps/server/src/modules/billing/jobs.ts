import type { Database } from '../../db/client.js';
import type { JobHandler, Periodic } from '../../jobs/runner.js';

export const billingJobs = (_deps: { database: Database }): { handlers: Record<string, JobHandler>; periodic: Periodic[] } => ({ handlers: {}, periodic: [] });
