import type { Database } from '../../db/client.js';
import type { ConnectivityProvider } from './provider.js';
import { SimulatorProvider } from './simulator/provider.js';

/**
 * The provider the product runs with: the simulator, in this process. Commands fail now and
 * then (2 %) like on a real network; RRP_SIM_FAILURE_RATE (0 to 1) overrides that, and test
 * runs (NODE_ENV=test) default to 0 so their outcomes are certain.
 */
export function createProvider(database: Database, opts: { simulateFleet: boolean; failureRate?: number }): ConnectivityProvider {
  const env = process.env.RRP_SIM_FAILURE_RATE;
  const fromEnv = env !== undefined && env !== '' && Number.isFinite(Number(env)) ? Math.min(1, Math.max(0, Number(env))) : undefined;
  const failureRate = opts.failureRate ?? fromEnv ?? (process.env.NODE_ENV === 'test' ? 0 : undefined);
  return new SimulatorProvider(database, { simulateFleet: opts.simulateFleet, failureRate });
}
