import { test as base } from '@playwright/test';
import { type E2eServer, startServer } from './server.js';

export { expect, type Locator, type Page } from '@playwright/test';

/**
 * Playwright's test with a server per worker: each worker starts the built server on a database
 * of its own (server.ts), and every page of its tests opens that server.
 */
export const test = base.extend<object, { e2eServer: E2eServer }>({
  e2eServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from its first parameter
    async ({}, use, workerInfo) => {
      const server = await startServer(workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ e2eServer }, use) => use(e2eServer.baseURL),
});
