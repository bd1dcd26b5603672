import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect as baseExpect, type Page, test } from './fixtures.js';
import { callWithBrowserSession, dismissAnnouncementIfShown, importDevices, readWorkbook, signIn, switchConsoleLanguage } from './helpers.js';
import { expectAccessible, expectNoSidewaysScroll, expectOneLanguage } from './quality.js';

/*
 * The operation report as a company reads it (docs/reports.md): devices imported, their buffered
 * history sent through the device API by the simulator CLI with the device key from the
 * developer page, rolled up, then each report shown in both languages, at both widths, and one
 * exported as xlsx.
 */

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 300_000 });
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

const ADMIN = 'admin@demo.rrp.local';
const stamp = String(Date.now()).slice(-8);
const IMEIS = [1, 2, 3].map((n) => `8696${stamp}00${n}`);
const TABS = { 'zh-CN': ['概览', '流量', '设备', '稳定性', '覆盖'], en: ['Overview', 'Flow', 'Devices', 'Stability', 'Coverage'] } as const;
/** A tab of the report (not the console's page tab of the same name, such as "Overview"). */
const reportTab = (page: Page, name: string) => page.getByTestId('report-tabs').getByRole('tab', { name, exact: true });
const shot = (page: Page, name: string) =>
  process.env.SHOTS_DIR ? page.screenshot({ path: join(process.env.SHOTS_DIR, `${name}.png`), fullPage: true }) : null;

test('a fleet with history shows in every report, in both languages, and exports as xlsx', async ({ page, baseURL }) => {
  await signIn(page, ADMIN);
  await dismissAnnouncementIfShown(page);
  await importDevices(page, IMEIS, `rep-${stamp}`);

  // the device key, as a developer reads it on the developer page
  await page.goto('/developer');
  const keyId = (await page.getByTestId('device-key-id').innerText()).trim();
  await page.getByTestId('device-key-secret-toggle').click();
  const secret = (await page.getByTestId('device-key-secret').innerText()).trim();
  const { stdout } = await run(
    'node',
    [
      'apps/server/dist/modules/network/simulate-cli.js',
      '--url',
      baseURL ?? '',
      '--key-id',
      keyId,
      `--secret=${secret}`,
      '--imeis',
      IMEIS.join(','),
      '--backfill',
      '6',
      '--once',
    ],
    { cwd: ROOT },
  );
  expect(stdout).toMatch(/backfilled 6 days: .*refused 0, failed 0/);

  // the roll-up runs every minute: wait until it has counted these devices' history (their six
  // days put them at the top of the flow report). A report computed before that, e.g. by a
  // previous attempt of this test, is kept until the roll-up adds usage to a past day, so a
  // non-zero total alone could be an earlier fleet's.
  await expect
    .poll(
      async () => {
        const r = await callWithBrowserSession<{ topDevices: { name: string }[] }>(page.context(), baseURL ?? '', '/report/flow', { period: '7d' });
        return (r.body.obj?.topDevices ?? []).some((d) => d.name.startsWith(`rep-${stamp}`));
      },
      { timeout: 150_000, intervals: [5_000] },
    )
    .toBe(true);

  await page.goto('/report');
  await page.getByTestId('report-period').getByText('近 7 天', { exact: true }).click();
  await expect(page.getByTestId('kpi-usage')).not.toContainText('0 MB');
  await expect(page.getByTestId('report-freshness')).toBeVisible();
  for (const [i, name] of TABS['zh-CN'].entries()) {
    await reportTab(page, name).click();
    await expect(page.getByTestId(['report-overview', 'report-flow', 'report-device', 'report-stability', 'report-cover'][i])).toBeVisible();
    await expect(page.locator('[data-testid="report-loading"]')).toHaveCount(0);
    await expectAccessible(page, `report ${name}`);
    await expectOneLanguage(page, 'zh-CN', `report ${name}`);
    await shot(page, `report-${i}-zh-1440`);
  }
  // the stability report as xlsx: its sheets carry the figures
  await reportTab(page, '稳定性').click();
  await expect(page.getByTestId('stability-devices')).toContainText(`rep-${stamp}`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').click()]);
  const file = join(test.info().outputDir, download.suggestedFilename());
  await download.saveAs(file);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const rows = await readWorkbook(file);
  expect(rows.flat().join(' ')).toContain('7');

  await switchConsoleLanguage(page, 'en');
  for (const [i, name] of TABS.en.entries()) {
    await reportTab(page, name).click();
    await expect(page.locator('[data-testid="report-loading"]')).toHaveCount(0);
    await expectOneLanguage(page, 'en', `report ${name} (en)`);
    await shot(page, `report-${i}-en-1440`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await reportTab(page, 'Flow').click();
  await expectNoSidewaysScroll(page, 'report flow at 390 px');
  await shot(page, 'report-flow-en-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchConsoleLanguage(page, 'zh-CN');
});
