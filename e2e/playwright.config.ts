import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/rrp-e2e-data-${PORT}`;
export const E2E_ADMIN_PASSWORD = 'Demo#2026pass';
export const E2E_MAIL_URL = `http://127.0.0.1:${PORT - 7000}`;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One at a time: the flows build on the demo company's data and its administrator's state
  // (read announcements, stored language, tabs), which the page sweep signs in as too.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  outputDir: '../test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && exec node apps/server/dist/server.js`,
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/api/docs/json`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      RRP_DATA_DIR: E2E_DATA_DIR,
      RRP_TEST_CAPTCHA: 'abcd',
      RRP_ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      RRP_OPS_PASSWORD: 'Ops#2026pass',
      RRP_MAILCATCHER_HTTP_PORT: String(PORT - 7000),
      RRP_MAILCATCHER_SMTP_PORT: String(PORT - 7100),
      // the embedded WeChat Pay simulator on a port of this run's own (notifications go to PORT)
      WECHATPAY_SIM_PORT: String(PORT - 6900),
      LOG_LEVEL: 'warn',
      // the developer flow's webhook receiver listens on loopback, over http (docs/webhooks.md)
      RRP_WEBHOOK_ALLOW_PRIVATE: 'true',
      RRP_WEBHOOK_ALLOW_HTTP: 'true',
    },
  },
});
