import { type CcSimulator, startCcSimulator } from '../apps/operator-sims/dist/index.js';
import { expect, test } from './fixtures.js';
import { chooseOption, dismissAnnouncementIfShown, signIn, switchConsoleLanguage } from './helpers.js';
import { E2E_OPS_PASSWORD } from './server.js';

/*
 * A real operator platform end to end: staff connect a Control Center account (its simulator,
 * reached over HTTP like the real one), test it and sync it; the customer finds the synced SIMs
 * among its devices and suspends one; the operator's own page shows the SIM DEACTIVATED, and the
 * device's operation log the platform's answer.
 */
let sim: CcSimulator;
test.beforeAll(async () => {
  sim = await startCcSimulator({ sims: 6, seed: 'e2e-connectivity' });
});
test.afterAll(async () => {
  await sim.close();
});

test('staff connect a Control Center account; the customer suspends one of its SIMs; the platform shows it deactivated', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const name = `联通 Control Center ${Date.now()}`;
  await signIn(page, 'ops@rrp.local', E2E_OPS_PASSWORD, /\/ops/);
  await page.goto('/ops/connectivity');
  await page.getByTestId('connectivity-add').click();
  await chooseOption(page, 'connectivity-kind', 'Cisco IoT Control Center');
  await page.getByTestId('connectivity-name').fill(name);
  await page.getByTestId('connectivity-base-url').fill(sim.url);
  await page.getByTestId('connectivity-username').fill(sim.username);
  await page.getByTestId('connectivity-secret').fill(sim.apiKey);
  await page.getByTestId('connectivity-import-company').click();
  await page.keyboard.type('演示科技有限公司');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '演示科技有限公司' }).first().click();
  await page.getByTestId('connectivity-form-ok').click();
  const row = page.getByTestId('connectivity-table').locator('tbody tr', { hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('正常');
  // the secret is never shown again: only its masked hint
  await expect(page.getByText(sim.apiKey)).toHaveCount(0);

  // test the connection: one real call, the platform's answer shown
  await row.getByRole('button', { name: `${name} 的更多操作` }).click();
  await page.locator('.ant-dropdown:visible').getByText('测试连接', { exact: true }).click();
  await expect(page.getByTestId('connectivity-test-result')).toContainText('连接成功');
  await page.getByTestId('connectivity-test-close').click();

  // sync now: the SIMs become the demo company's devices
  await row.getByRole('button', { name: `${name} 的更多操作` }).click();
  await page.locator('.ant-dropdown:visible').getByText('立即同步', { exact: true }).click();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('connectivity-table').locator('tbody tr', { hasText: name })).toContainText('6 / 6', { timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000, 3_000, 5_000] });

  // the customer: one of the synced SIMs, by the IMEI the platform reports
  const target = [...sim.account.fleet.sims].find((s) => s.status === 'ACTIVATED');
  if (!target) throw new Error('the simulator has no activated SIM');
  const customer = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const cpage = await customer.newPage();
  await signIn(cpage, 'admin@demo.rrp.local');
  await dismissAnnouncementIfShown(cpage);
  await switchConsoleLanguage(cpage, 'zh-CN');
  await cpage.goto(`/device-list?imei=${target.imei}`);
  const deviceRow = cpage.getByTestId('device-table').locator(`tbody tr[data-row-key="${target.imei}"]`);
  await deviceRow.click();
  const detail = cpage.getByTestId('device-detail');
  await expect(detail).toContainText('思科 IoT Control Center');
  await expect(detail).toContainText(target.iccid);
  await detail.getByTestId('device-action-suspend').click();
  const confirm = cpage.getByRole('dialog').filter({ hasText: '确定停机吗' });
  await confirm.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(cpage.getByText('停机指令已发送')).toBeVisible();

  // the operator's own page shows the SIM deactivated
  await expect(async () => {
    await page.goto(`${sim.url}/?q=${target.iccid}`);
    await expect(page.locator('body')).toContainText('DEACTIVATED', { timeout: 1_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000] });
  expect(sim.account.fleet.get(target.iccid)?.status).toBe('DEACTIVATED');

  // and the device's operation log keeps the platform's answer
  await expect(async () => {
    await cpage.reload();
    await cpage.getByTestId('device-table').locator(`tbody tr[data-row-key="${target.imei}"]`).click();
    const log = cpage.getByTestId('device-detail').locator('.ant-card', { hasText: '操作日志' });
    const op = log.locator('tbody tr', { has: cpage.getByRole('cell', { name: /停机/ }) }).first();
    await expect(op).toContainText('成功', { timeout: 2_000 });
    await expect(op).toContainText('运营商平台返回：DEACTIVATED', { timeout: 1_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000, 3_000] });
  await customer.close();
});
