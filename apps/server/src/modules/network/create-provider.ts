import type { Database } from '../../db/client.js';
import type { ConnectivityProvider } from './provider.js';

/** The provider the product runs with: the simulator, in this process. */
export function createProvider(_database: Database, _opts: { simulateFleet: boolean }): ConnectivityProvider {
  return {
    activate: async () => {},
    deactivate: async () => {},
    command: async () => {},
    start: () => {},
    stop: async () => {},
  };
}
