import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { expect as baseExpect, type Page, test } from './fixtures.js';
import { dismissAnnouncementIfShown, importDevices, signIn, switchConsoleLanguage } from './helpers.js';
import { expectAccessible } from './quality.js';

/*
 * The developer area as a developer uses it (docs/developer.md, docs/webhooks.md, docs/api.md):
 * an API key created on the page calls the device list from a script (scripts/api-example.mjs);
 * a webhook endpoint added on the page receives a signed test event, verified with the
 * independent `standardwebhooks` package, and the delivery log says it was delivered.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const ADMIN = 'admin@demo.rrp.local';
const stamp = String(Date.now()).slice(-8);
const IMEIS = [`8697${stamp}001`, `8697${stamp}002`];
const shot = (page: Page, name: string) =>
  process.env.SHOTS_DIR ? page.screenshot({ path: join(process.env.SHOTS_DIR, `${name}.png`), fullPage: true }) : null;

type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(204).end();
  });
});

test.beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

test('an API key created on the page calls the device list from a script, within its codes', async ({ page, baseURL }) => {
  await signIn(page, ADMIN);
  await dismissAnnouncementIfShown(page);
  await importDevices(page, IMEIS, `dev-${stamp}`);
  await page.goto('/developer?tab=apiKeys');
  await page.getByTestId('api-key-create').click();
  await page.getByTestId('api-key-name').fill(`e2e ${stamp}`);
  await page.getByTestId('api-key-permissions').getByText('设备列表', { exact: true }).click();
  await expectAccessible(page, 'create API key dialog');
  await page.getByTestId('api-key-create-ok').click();
  const keyId = (await page.getByTestId('api-key-created-id').innerText()).trim();
  const secret = (await page.getByTestId('api-key-created-secret').innerText()).trim();
  expect(keyId).toMatch(/^ak_[0-9a-f]{24}$/);
  await shot(page, 'developer-api-key-secret');
  await page.getByTestId('api-key-secret-done').click();
  await expect(page.getByTestId('api-key-table')).toContainText(`e2e ${stamp}`);

  const { stdout } = await run('node', ['scripts/api-example.mjs'], {
    cwd: ROOT,
    env: { ...process.env, RRP_URL: baseURL ?? '', RRP_KEY_ID: keyId, RRP_KEY_SECRET: secret },
  });
  for (const imei of IMEIS) expect(stdout).toContain(imei);

  // the page shows when the key was last used; revoking it stops the script
  await page.reload();
  await expect(page.getByTestId('api-key-table').locator('tr', { hasText: `e2e ${stamp}` })).not.toContainText('从未使用');
  await page.getByTestId(`api-key-revoke-${keyId}`).click();
  await page.getByTestId(`api-key-revoke-ok-${keyId}`).click();
  await expect(page.getByTestId('api-key-table').locator('tr', { hasText: `e2e ${stamp}` })).toContainText('已吊销');
  const refused = await run('node', ['scripts/api-example.mjs'], {
    cwd: ROOT,
    env: { ...process.env, RRP_URL: baseURL ?? '', RRP_KEY_ID: keyId, RRP_KEY_SECRET: secret },
  }).catch((err: { code: number; stderr: string }) => err);
  expect((refused as { code: number }).code).not.toBe(0);
});

test('a webhook endpoint added on the page receives a signed test event, and the log says delivered', async ({ page }) => {
  await signIn(page, ADMIN);
  await dismissAnnouncementIfShown(page);
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${stamp}`;
  await page.goto('/developer?tab=webhooks');
  await page.getByTestId('webhook-add').click();
  await page.getByTestId('webhook-url').fill(url);
  await page.getByLabel('设备离线').check();
  await page.getByLabel('订单已支付').check();
  await expectAccessible(page, 'webhook dialog');
  await page.getByTestId('webhook-save').click();
  const row = page.getByTestId('webhook-table').locator('tr', { hasText: url });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /展开行/ }).click();
  await page.locator('[data-testid^="webhook-secret-"][data-testid$="-toggle"]').first().click();
  const secret = (await page.locator('[data-testid^="webhook-secret-"]:not([data-testid$="-toggle"])').first().innerText()).trim();
  expect(secret).toMatch(/^whsec_/);

  await row.getByRole('button', { name: '发送测试事件' }).click();
  await expect.poll(() => received.filter((r) => r.body.includes('webhook.test')).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const msg = received.find((r) => r.body.includes('webhook.test')) as Received;
  const verified = new Webhook(secret).verify(msg.body, {
    'webhook-id': String(msg.headers['webhook-id']),
    'webhook-timestamp': String(msg.headers['webhook-timestamp']),
    'webhook-signature': String(msg.headers['webhook-signature']),
  }) as { type: string };
  expect(verified.type).toBe('webhook.test');

  await expect(page).toHaveURL(/tab=deliveries/);
  await expect(page.getByTestId('delivery-table')).toContainText('已送达', { timeout: 30_000 });
  await shot(page, 'developer-deliveries');
  await switchConsoleLanguage(page, 'en');
  await expect(page.getByTestId('delivery-table')).toContainText('Delivered');
  await expectAccessible(page, 'delivery log (en)');
  await switchConsoleLanguage(page, 'zh-CN');
});
