import type { JobHandler, Periodic } from '../../jobs/runner.js';
import type { ModuleDeps } from '../../jobs/types.js';
import { type CommandJob, completeCommand, type DetectReportJob, reportDetection } from './simulator/commands.js';
import { fleetTick } from './simulator/fleet.js';
import { type AttachJob, attachDevices } from './simulator/provider.js';
import { SIM_TIMING } from './simulator/timing.js';

/** Jobs of the network module: command completion and device attach (the simulator's delayed effects), and the simulated fleet's reports. */
export function networkJobs(deps: ModuleDeps): { handlers: Record<string, JobHandler>; periodic: Periodic[] } {
  const { database, provider } = deps;
  const handlers: Record<string, JobHandler> = {
    'network.command': (job: CommandJob) => completeCommand(database, job),
    'network.attach': (job: AttachJob) => attachDevices(database, job),
    'network.detect.report': (job: DetectReportJob) => reportDetection(database, job),
    'network.fleet.tick': async () => {
      if (provider.fleetRunning) await fleetTick(database);
    },
  };
  return { handlers, periodic: [{ name: 'network.fleet.tick', everyMs: SIM_TIMING.fleetTickMs }] };
}
