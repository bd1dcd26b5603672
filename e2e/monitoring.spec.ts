import { join } from 'node:path';
import { expect as baseExpect, type Page, test } from './fixtures.js';
import { chooseOption, dismissAnnouncementIfShown, importDevices, signIn, switchConsoleLanguage } from './helpers.js';
import { expectAccessible } from './quality.js';

/*
 * Service settings acting on the simulated fleet (docs/monitoring.md): a strategy whose limits
 * no real link meets switches the card of the device it is given, and says why; the detection
 * tool measures a device's link to a domain, and says when a domain cannot be reached.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const ADMIN = 'admin@demo.rrp.local';
const stamp = String(Date.now()).slice(-8);
const IMEIS = [`8697${stamp}001`, `8697${stamp}002`];
const STRATEGY = `严格${stamp.slice(-4)}`;
/** Screenshots for a person to look at, when SHOTS_DIR is set. */
const shot = (page: Page, name: string) =>
  process.env.SHOTS_DIR ? page.screenshot({ path: join(process.env.SHOTS_DIR, `${name}.png`), fullPage: true }) : null;

test('a strategy whose limits no link meets switches the device’s card once, and its detail says why', async ({ page }) => {
  await signIn(page, ADMIN);
  await dismissAnnouncementIfShown(page);
  await switchConsoleLanguage(page, 'zh-CN');
  await importDevices(page, IMEIS, '监控');

  await page.goto('/settings');
  await page.getByTestId('strategies-card').waitFor();
  await page.getByTestId('strategy-add').click();
  await page.getByTestId('strategy-name').fill(STRATEGY);
  await page.getByTestId('strategy-interval').fill('1');
  await page.getByTestId('strategy-domain-0').fill('www.baidu.com');
  // the conditions open once a quality is chosen, filled with its defaults
  await expect(page.getByTestId('strategy-delay')).toBeDisabled();
  await chooseOption(page, 'strategy-quality', '流畅');
  await expect(page.getByTestId('strategy-delay')).toHaveValue('100');
  await page.getByTestId('strategy-delay').fill('1');
  await page.getByTestId('strategy-jitter').fill('1');
  await page.getByTestId('strategy-consecutive').fill('1');
  await shot(page, 'strategy-form');
  await page.getByTestId('strategy-submit').click();
  const row = page.getByRole('row').filter({ hasText: STRATEGY });
  await expect(row).toBeVisible();

  // associate the first device through the picker
  await row.getByTestId(/^strategy-devices-/).click();
  await page.getByRole('tab', { name: /添加设备/ }).click();
  await page.getByTestId('strategy-picker-search').getByRole('searchbox').fill(IMEIS[0]);
  await page.getByTestId('strategy-picker-search').getByRole('searchbox').press('Enter');
  await page.getByTestId(`device-check-${IMEIS[0]}`).check();
  await page.getByTestId('strategy-devices-add').click();
  await expect(page.getByTestId('strategy-device-count')).toContainText('1');
  await expectAccessible(page, 'strategy devices dialog');
  await page.keyboard.press('Escape');

  // the device probes with its next report; the first failing probe switches its card
  await expect
    .poll(
      async () => {
        await page.reload();
        await page
          .getByRole('row')
          .filter({ hasText: STRATEGY })
          .getByTestId(/^strategy-detail-/)
          .click();
        const switches = page.getByTestId('strategy-switches');
        const empty = page.getByTestId('strategy-switches-empty');
        await expect(switches.or(empty)).toBeVisible();
        return (await switches.isVisible()) && (await switches.textContent())?.includes(IMEIS[0]);
      },
      { timeout: 150_000, intervals: [5_000] },
    )
    .toBe(true);
  await expect(page.getByTestId('strategy-switches')).toContainText('www.baidu.com');
  await shot(page, 'strategy-detail');
  await expectAccessible(page, 'strategy detail');
  await page.keyboard.press('Escape');

  // the device list names the strategy, the device's log names the switch
  await page.goto(`/device-list/detail?imei=${IMEIS[0]}`);
  await expect(page.getByText(STRATEGY).first()).toBeVisible();
});

test('the detection tool measures a device’s link, and says when a domain has no network connection', async ({ page }) => {
  await signIn(page, ADMIN);
  await dismissAnnouncementIfShown(page);
  await switchConsoleLanguage(page, 'zh-CN');
  await page.goto(`/network-detection?imei=${IMEIS[1]}`);
  await expect(page.getByTestId('detection-imei')).toHaveValue(IMEIS[1]);
  await page.getByTestId('detection-domain').fill('www.qq.com');
  await page.getByTestId('detection-start').click();
  await expect(page.getByTestId('detection-progress')).toBeVisible();
  await expect(page.getByTestId('detection-result')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('detection-result').getByTestId('detection-grade')).toHaveText(/流畅|一般|弱网|断网/);
  await shot(page, 'detection-result');
  await expectAccessible(page, 'detection result');

  await page.getByTestId('detection-domain').fill('printer.local');
  await page.getByTestId('detection-start').click();
  await expect(page.getByTestId('detection-unreachable')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('detection-history').locator('tbody tr.ant-table-row')).toHaveCount(2);
});
