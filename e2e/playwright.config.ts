import { defineConfig } from '@playwright/test';

/**
 * Every worker starts its own server on a database of its own (fixtures.ts, server.ts), so the
 * spec files run in parallel, one file per worker at a time; the tests of a file run in order.
 * E2E_WORKERS sets how many (default 2, the cores of the project's machines).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  outputDir: '../test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
