import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect as baseExpect, type Page, test } from './fixtures.js';
import { dismissAnnouncementIfShown, importDevices, signIn, switchConsoleLanguage, writeWorkbook } from './helpers.js';
import { expectAccessible } from './quality.js';

/*
 * The eSIM side as a company uses it (docs/ac.md, docs/esim.md, docs/at-cards.md): AC Licenses
 * bought, ACs imported and one bound to a device, whose eUICC downloads the AC's profile; the
 * profile enabled puts the device on it; unbinding the AC removes it again. AT cards: the
 * module's SIM slots read back by an AT command, its raw answer in the log.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const ADMIN = 'admin@demo.rrp.local';
const stamp = String(Date.now()).slice(-8);
const IMEI = `8698${stamp}001`;
const AC_CODES = [1, 2].map((n) => `LPA:1$smdp.e2e.example.com$E2E-${stamp}-${n}`);
/** Screenshots for a person to look at, when SHOTS_DIR is set. */
const shot = (page: Page, name: string) =>
  process.env.SHOTS_DIR ? page.screenshot({ path: join(process.env.SHOTS_DIR, `${name}.png`), fullPage: true }) : null;

/** Buys AC Licenses by WeChat Pay, paid on the simulator's page. */
async function buyAcLicenses(page: Page, count: number) {
  await page.goto('/ac-download');
  await page.getByRole('spinbutton', { name: '购买数量' }).fill(String(count));
  await page.getByRole('radio', { name: /^微信支付/ }).check();
  await page.getByRole('button', { name: '提交订单并支付' }).click();
  const dialog = page.getByRole('dialog', { name: '微信支付' });
  const [sim] = await Promise.all([page.context().waitForEvent('page'), dialog.getByRole('link', { name: /在支付模拟器中打开/ }).click()]);
  await sim.waitForLoadState();
  await sim.getByRole('button', { name: /确认支付/ }).click();
  await expect(sim.getByRole('status')).toContainText('已支付');
  await sim.close();
  await expect(page).toHaveURL(/\/order\/success/);
}

async function importAcs(page: Page) {
  const dir = await mkdtemp(join(tmpdir(), 'rrp-ac-'));
  const file = await writeWorkbook(
    dir,
    'ac.xlsx',
    ['AC 码', 'IMEI', 'EID', 'ICCID', '运营商'],
    AC_CODES.map((code) => [code, IMEI, '', '', '中国联通']),
  );
  await page.goto('/ac-list');
  await page.getByTestId('ac-page').waitFor();
  await page.getByTestId('ac-import').click();
  await page.getByTestId('ac-import-count').fill('000002');
  const chooser = page.waitForEvent('filechooser');
  await page.locator('.ant-upload-drag', { has: page.getByTestId('ac-import-file') }).click();
  await (await chooser).setFiles(file);
  await page.getByTestId('ac-import-submit').click();
  await expect(page.getByTestId('ac-import-figures')).toContainText('2');
  await page.getByTestId('ac-import-close').click();
}

/** The AC list filtered to one code by its matching id (the code cell itself is cut short). */
async function acRow(page: Page, code: string) {
  await page.getByTestId('ac-filter-keyword').fill(code.split('$')[2]);
  await page.getByTestId('ac-filter-search').click();
  const table = page.getByTestId('ac-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  return table;
}

test('ACs imported and one bound: the device downloads its profile, enabling it moves the device onto it, unbinding removes it', async ({ page }) => {
  await signIn(page, ADMIN);
  await dismissAnnouncementIfShown(page);
  await switchConsoleLanguage(page, 'zh-CN');
  await importDevices(page, [IMEI], 'eSIM');
  await buyAcLicenses(page, 2);
  await importAcs(page);

  // bind the first AC to the device by IMEI: bound, then downloaded
  let row = await acRow(page, AC_CODES[0]);
  await row.getByTestId(`ac-bind-${AC_CODES[0]}`).click();
  await page.getByTestId('ac-bind-device').fill(IMEI);
  await page.getByTestId('ac-bind-submit').click();
  await expect(row.getByTestId('ac-status-ORDER_EXISTED')).toBeVisible({ timeout: 60_000 });
  await shot(page, 'ac-downloaded');

  // the eSIM list shows the device's eUICC with the downloaded profile
  await page.goto('/esim-list');
  await page.getByTestId('esim-filter-keyword').fill(IMEI);
  await page.getByTestId('esim-filter-keyword').press('Enter');
  const esim = page.locator('[data-testid^="esim-row-"]').first();
  await expect(esim).toContainText(IMEI);
  const eid = ((await esim.getAttribute('data-testid')) ?? '').replace('esim-row-', '');
  expect(eid).toMatch(/^89\d{30}$/);
  await esim.getByTestId(`esim-detail-open-${eid}`).click();
  const detail = page.getByTestId('esim-detail');
  await expect(detail).toContainText(AC_CODES[0]);
  await expectAccessible(page, 'eSIM detail');
  await shot(page, 'esim-detail');

  // enable the AC's profile: pending, then enabled, and the eSIM is in use
  const profile = detail.getByTestId('esim-profiles').locator('tr', { hasText: AC_CODES[0] });
  const iccid = (await profile.getAttribute('data-row-key')) ?? '';
  expect(iccid).toMatch(/^89\d{17,18}$/);
  await expect(detail.getByTestId(`profile-state-${iccid}`)).toHaveText('已停用');
  await detail.getByTestId(`profile-enable-${iccid}`).click();
  await expect(detail.getByTestId(`profile-state-${iccid}`)).toHaveText('已启用', { timeout: 60_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('esim-table').getByTestId(`esim-in-use-${eid}`)).toBeVisible();

  // the device now runs on the profile's ICCID
  await page.goto(`/device-list/detail?imei=${IMEI}`);
  await expect(page.getByText(iccid).first()).toBeVisible();
  // and its EID leads to its eSIM
  await page.getByTestId('device-eid').click();
  await expect(page.getByTestId('esim-detail')).toContainText(IMEI);

  // unbinding the AC recycles the profile: deleted on the eUICC, the AC idle again
  await page.goto('/ac-list');
  row = await acRow(page, AC_CODES[0]);
  await row.getByTestId(`ac-unbind-${AC_CODES[0]}`).click();
  await page.getByTestId('ac-unbind-ok').click();
  await expect(row.getByTestId('ac-status-IDLE')).toBeVisible();
  await page.goto('/esim-list');
  await page.getByTestId('esim-filter-keyword').fill(IMEI);
  await page.getByTestId('esim-filter-keyword').press('Enter');
  await page.getByTestId(`esim-detail-open-${eid}`).click();
  await expect(page.getByTestId(`profile-state-${iccid}`)).toHaveText('已删除');
});

test('AT cards: a sync reads the module’s SIM slots back, and the log keeps the AT command and its raw answer', async ({ page }) => {
  await signIn(page, ADMIN);
  await dismissAnnouncementIfShown(page);
  await page.goto('/at-card-management/index');
  await page.getByTestId('atcard-filter-keyword').fill(IMEI);
  await page.getByTestId('atcard-filter-keyword').press('Enter');
  await expect(page.getByTestId(`atcard-row-${IMEI}-1`)).toBeVisible();
  await expectAccessible(page, 'AT cards');
  await page.getByTestId(`atcard-sync-${IMEI}`).click();
  await page.getByTestId(`atcard-log-${IMEI}`).click();
  const log = page.getByTestId('atcard-log-drawer');
  await expect(log.getByTestId('atcard-log-at').first()).toContainText('AT+QCCID');
  await expect(log.getByTestId('atcard-log-response').first()).toContainText('+QCCID: 89', { timeout: 60_000 });
  await expect(log.getByTestId('atcard-log-response').first()).toContainText('OK');
  await page.waitForTimeout(400);
  await expectAccessible(page, 'AT log');
  await shot(page, 'atcard-log');
});
