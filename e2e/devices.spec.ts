import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect as baseExpect, type Locator, type Page, test } from './fixtures.js';
import { chooseOption, dismissAnnouncementIfShown, pngBytes, readWorkbook, signIn, switchConsoleLanguage, writeWorkbook } from './helpers.js';

// The console's pages load lazily; on a busy machine a first paint can take several seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

// The tests follow one batch of devices from import to export, so they run in order.
test.describe.configure({ mode: 'serial', timeout: 120_000 });
// Dates in the console are UTC days; the browser works in UTC too so the date pickers agree.
test.use({ timezoneId: 'UTC' });

const ADMIN = 'admin@demo.rrp.local';
/** 11 digits unique to this run; the devices are PREFIX + 4 digits. */
const PREFIX = `86${String(Date.now()).slice(-9)}`;
const IMEIS = [1, 2, 3, 4, 5].map((n) => `${PREFIX}${String(n).padStart(4, '0')}`);
const SHORT_IMEI = `${PREFIX}009`; // 14 digits
const TASK_NAME = `devices-${PREFIX}.xlsx`;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rrp-e2e-devices-'));
});
test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Signs in and works in Chinese (another spec may have left the account in English). */
async function signInAs(page: Page, account: string) {
  await signIn(page, account);
  await dismissAnnouncementIfShown(page);
  await switchConsoleLanguage(page, 'zh-CN');
}

/** Chooses a file by clicking the upload area and answering the file chooser, as a person would. */
async function chooseFile(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  // the test id sits on the hidden file input; a person clicks the drop area around it
  await page.locator('.ant-upload-drag', { has: page.getByTestId('import-file') }).click();
  await (await chooser).setFiles(file);
}

function rowOf(page: Page, imei: string): Locator {
  return page.getByTestId('device-table').locator(`tbody tr[data-row-key="${imei}"]`);
}

function deviceRows(page: Page): Locator {
  return page.getByTestId('device-table').locator('tbody tr[data-row-key]');
}

async function filterByImei(page: Page, imei: string) {
  await page.getByTestId('device-filter-imei').fill(imei);
  await page.getByTestId('device-filter-search').click();
  await expect(page).toHaveURL(new RegExp(`[?&]imei=${imei}`));
}

/**
 * Refreshes the page, as a person would, until `check` holds (at most 60 s). Each round waits for
 * the list to show again before looking, so a slow reload is not mistaken for a missing result.
 */
async function refreshUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await expect(deviceRows(page).first()).toBeVisible({ timeout: 20_000 });
    await check();
  }).toPass({ timeout: 60_000, intervals: [2_000, 3_000, 5_000] });
}

/** The list of this run's devices, opened from the side menu. */
async function openRunList(page: Page) {
  await page.getByTestId('side-menu').getByText('设备列表', { exact: true }).click();
  await expect(page).toHaveURL(/\/device-list/);
  await filterByImei(page, PREFIX);
  await expect(deviceRows(page)).toHaveCount(IMEIS.length);
}

test('imports a workbook: 5 devices in, the short and the duplicate row refused and downloadable, the task in the log', async ({ page }) => {
  const file = await writeWorkbook(
    dir,
    TASK_NAME,
    ['IMEI', '设备名称'],
    [
      [IMEIS[0], '网关-1'],
      [IMEIS[1], '网关-2'],
      [IMEIS[2], '网关-3'],
      [SHORT_IMEI, '短号'],
      [IMEIS[3], '网关-4'],
      [IMEIS[2], '重复'],
      [IMEIS[4], '网关-5'],
    ],
  );

  await signInAs(page, ADMIN);
  const menu = page.getByTestId('side-menu');
  await menu.getByText('设备导入', { exact: true }).click();
  await menu.getByText('批量导入', { exact: true }).click();
  await expect(page).toHaveURL(/\/device$/);

  // the form asks for what is missing before anything is sent
  await page.getByTestId('import-submit').click();
  await expect(page.getByText('请选择区域', { exact: true }).last()).toBeVisible();
  await expect(page.getByText('请上传 IMEI 文件', { exact: true })).toBeVisible();

  await chooseOption(page, 'import-region', '中国大陆');
  await chooseFile(page, file);
  await expect(page.getByText(TASK_NAME).first()).toBeVisible();
  await page.getByTestId('import-submit').click();

  const result = page.getByTestId('import-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result).toContainText('导入完成');
  await expect(result).toContainText('共导入 7 行：成功 5，失败 2');
  await expect(result).toContainText(TASK_NAME);
  await expect(result).toContainText('中国大陆');

  // the refused rows come back as a workbook, each with its reason
  const download = page.waitForEvent('download');
  await page.getByTestId('import-download-failed').click();
  const failures = await download;
  expect(failures.suggestedFilename()).toMatch(/\.xlsx$/);
  const failuresPath = join(dir, 'failures.xlsx');
  await failures.saveAs(failuresPath);
  const rows = await readWorkbook(failuresPath);
  expect(rows).toHaveLength(3); // header + 2 refused rows
  const refused = rows.slice(1);
  expect(refused.find((r) => r.includes(SHORT_IMEI))).toBeTruthy();
  expect(refused.find((r) => r.includes(IMEIS[2]) && r.includes('重复'))).toBeTruthy();

  // the import log lists the task
  await result.getByRole('link', { name: '查看导入记录' }).click();
  await expect(page).toHaveURL(/\/device-logs$/);
  const task = page.getByTestId('import-log-table').locator('tbody tr', { hasText: TASK_NAME });
  await expect(task).toHaveCount(1);
  await expect(task).toContainText('中国大陆');
  const cells = task.locator('td');
  await expect(cells.nth(3)).toHaveText('7');
  await expect(cells.nth(4)).toHaveText('5');
  await expect(cells.nth(5)).toHaveText('2');
  await expect(task.getByRole('button', { name: /下载失败明细/ })).toBeVisible();
});

test('lists the imported devices by IMEI prefix, sees them come online, and filters by status', async ({ page }) => {
  await signInAs(page, ADMIN);
  await openRunList(page);
  for (const imei of IMEIS) await expect(rowOf(page, imei)).toContainText('实体卡使用中');
  await expect(rowOf(page, IMEIS[0])).toContainText('网关-1');
  await expect(page.getByText('共 5 条', { exact: true })).toBeVisible();

  // the network attaches new devices within seconds; refresh until every one shows online
  await refreshUntil(page, async () => {
    await expect(deviceRows(page)).toHaveCount(IMEIS.length, { timeout: 2_000 });
    for (const imei of IMEIS) await expect(rowOf(page, imei).getByText('在线', { exact: true })).toBeVisible({ timeout: 1_000 });
  });
  // the operator in the reader's language, not as the network named it
  await expect(rowOf(page, IMEIS[0])).toContainText(/中国移动|中国联通|中国电信/);
  await expect(rowOf(page, IMEIS[0])).not.toContainText(/China (Mobile|Unicom|Telecom)/);

  // by status: all five are using their physical card, none is in stock
  await chooseOption(page, 'device-filter-status', '实体卡使用中');
  await page.getByTestId('device-filter-search').click();
  await expect(page).toHaveURL(/status=physical_card/);
  await expect(deviceRows(page)).toHaveCount(IMEIS.length);

  await chooseOption(page, 'device-filter-status', '库存');
  await page.getByTestId('device-filter-search').click();
  await expect(page).toHaveURL(/status=in_stock/);
  await expect(deviceRows(page)).toHaveCount(0);
  await expect(page.getByText('没有符合条件的设备')).toBeVisible();
});

test('suspends a device from its detail: pending in the operation log, then suspended after the network answers', async ({ page }) => {
  const imei = IMEIS[0];
  await signInAs(page, ADMIN);
  await openRunList(page);

  await rowOf(page, imei).click();
  const detail = page.getByTestId('device-detail');
  await expect(detail).toBeVisible();
  await expect(page.getByText(`设备详情 · ${imei}`)).toBeVisible();
  await expect(detail).toContainText('正常使用');
  await expect(detail).toContainText('用量统计');

  await detail.getByTestId('device-action-suspend').click();
  const confirm = page.getByRole('dialog').filter({ hasText: '确定停机吗' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /^确\s*定$/ }).click();
  await expect(page.getByText('停机指令已发送')).toBeVisible();

  // the command waits for the network: the operation log shows it running
  const log = detail.locator('.ant-card', { hasText: '操作日志' });
  const suspendOp = log.locator('tbody tr', { has: page.getByRole('cell', { name: '停机', exact: true }) });
  await expect(suspendOp).toHaveCount(1);
  await expect(suspendOp).toContainText('执行中');
  await expect(detail.getByText('有指令正在执行，结果稍后可见。')).toBeVisible();
  await expect(log.locator('tbody tr', { has: page.getByRole('cell', { name: '导入', exact: true }) })).toContainText('成功');

  // the simulated network answers a suspension after 5–15 s; refresh to see the result
  await page.locator('.device-detail-drawer .ant-drawer-close').click();
  await expect(detail).toBeHidden();
  await refreshUntil(page, async () => {
    await expect(rowOf(page, imei)).toContainText('已停机', { timeout: 2_000 });
  });
  await expect(rowOf(page, imei).getByText('离线', { exact: true })).toBeVisible();
  for (const other of IMEIS.slice(1)) await expect(rowOf(page, other)).toContainText('正常使用');

  await rowOf(page, imei).click();
  await expect(detail).toContainText('已停机');
  await expect(suspendOp).toContainText('成功');
  await expect(detail.getByTestId('device-action-unsuspend')).toBeVisible();
  await expect(detail.getByTestId('device-action-suspend')).toHaveCount(0);
});

test('exports the usage of the last 3 days as a workbook that lists the devices', async ({ page }) => {
  await signInAs(page, ADMIN);
  await openRunList(page);

  const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
  const start = day(2);
  const end = day(0);

  await page.getByTestId('device-export-open').click();
  const modal = page.getByRole('dialog').filter({ hasText: '导出用量' });
  await expect(modal).toBeVisible();
  await modal.getByText('自定义', { exact: true }).click();
  const inputs = modal.getByTestId('device-export-range').locator('input');
  await inputs.nth(0).click();
  await inputs.nth(0).fill(start);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(end);
  await inputs.nth(1).press('Enter');
  await expect(modal).toContainText(`将导出 ${start} 至 ${end} 的用量`);

  const download = page.waitForEvent('download');
  await modal.getByTestId('device-export-submit').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`设备用量_${start}_${end}.xlsx`);
  await expect(modal).toBeHidden();
  const path = join(dir, 'usage.xlsx');
  await file.saveAs(path);
  const rows = await readWorkbook(path);
  expect(rows[0]).toEqual(['IMEI', '设备名称', start, day(1), end, '合计（MB）']);
  const listed = rows.slice(1).map((r) => r[0]);
  for (const imei of IMEIS) expect(listed).toContain(imei);
  const first = rows.find((r) => r[0] === IMEIS[0]);
  expect(first?.[1]).toBe('网关-1');
});

test('the operation specialist lists the devices; the sub-company sees none of its parent’s', async ({ browser }) => {
  const specialist = await browser.newPage();
  await signInAs(specialist, 'specialist@demo.rrp.local');
  const menu = specialist.getByTestId('side-menu');
  await expect(menu.getByText('设备列表', { exact: true })).toBeVisible();
  await expect(menu.getByText('设备导入', { exact: true })).toBeVisible();
  await openRunList(specialist);
  await expect(rowOf(specialist, IMEIS[0])).toContainText('已停机');
  await specialist.close();

  const sub = await browser.newPage();
  await signInAs(sub, 'sub-admin@demo.rrp.local');
  await sub.getByTestId('side-menu').getByText('设备列表', { exact: true }).click();
  await filterByImei(sub, PREFIX);
  await expect(deviceRows(sub)).toHaveCount(0);
  await expect(sub.getByText('没有符合条件的设备')).toBeVisible();
  // a parent's device by its address is "not found", exactly as one that does not exist
  await sub.goto(`/device-list/detail?imei=${IMEIS[0]}`);
  await expect(sub.getByText('设备不存在', { exact: true })).toBeVisible();
  await expect(sub.getByTestId('device-action-suspend')).toHaveCount(0);
  await sub.close();
});

test('a PNG renamed .xlsx is refused with the server’s message, in Chinese and in English', async ({ page }) => {
  const fake = { name: 'photo.xlsx', mimeType: XLSX_MIME, buffer: pngBytes() };
  await signInAs(page, ADMIN);
  await page.goto('/device');
  await chooseOption(page, 'import-region', '欧洲');
  await chooseFile(page, fake);
  await page.getByTestId('import-submit').click();
  await expect(page.getByText('文件格式错误，仅支持 xlsx', { exact: true })).toBeVisible();
  await expect(page.getByTestId('import-result')).toHaveCount(0);
  await expect(page.getByTestId('import-submit')).toBeVisible();

  await page.getByTestId('lang-switch').click();
  await page.getByTestId('lang-en').click();
  await expect(page.getByTestId('import-submit')).toContainText(/import/i);
  await chooseFile(page, fake);
  await page.getByTestId('import-submit').click();
  await expect(page.getByText('Wrong file format: only xlsx is accepted', { exact: true })).toBeVisible();
  await expect(page.getByTestId('import-result')).toHaveCount(0);

  // nothing was imported: the refused file left no task in the log
  await page.goto('/device-logs');
  await expect(page.getByTestId('import-log-table').locator('tbody tr', { hasText: 'photo.xlsx' })).toHaveCount(0);
});
