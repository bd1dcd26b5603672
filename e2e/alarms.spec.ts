import { expect as baseExpect, test } from './fixtures.js';
import { dismissAnnouncementIfShown, signIn, switchConsoleLanguage } from './helpers.js';
import { expectAccessible } from './quality.js';
import { mailUrl } from './server.js';

/*
 * The data pool warning as a customer sets it (docs/alarms.md): a warning value above the
 * remaining pool raises the overview's banner, an alarm in the list and one e-mail; a value
 * below it again ends them.
 */

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ADMIN = 'admin@demo.rrp.local';

type Mail = { subject: string; text: string };
const mailsTo = async (to: string) => (await (await fetch(`${mailUrl()}/messages?to=${encodeURIComponent(to)}`)).json()) as Mail[];

test('a pool warning above the remaining pool shows the banner, lists the alarm and e-mails once; lowering it clears them', async ({ page }) => {
  await signIn(page, ADMIN);
  await dismissAnnouncementIfShown(page);
  await switchConsoleLanguage(page, 'zh-CN');
  const poolMailsBefore = (await mailsTo(ADMIN)).filter((m) => /流量池|Data pool/.test(m.subject)).length;

  await page.goto('/alarm-settings');
  await expect(page.getByTestId('pool-card')).toBeVisible();
  await page.getByTestId('pool-warning-value').fill('999999');
  await page.getByTestId('pool-alarm-value').fill('999998');
  await page.getByTestId('pool-save').click();
  await expect(page.getByTestId('pool-save')).not.toHaveClass(/ant-btn-loading/);
  await expectAccessible(page, 'alarm settings');

  // the evaluation queued with the change raises the banner on the overview
  await expect
    .poll(
      async () => {
        await page.goto('/home');
        await page.getByTestId('home-contact').waitFor();
        return page.getByTestId('banner-data-warning').isVisible();
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(true);
  await expect(page.getByTestId('banner-alarm')).toBeVisible();

  // the alarm list shows the pool alarms, and the alarm managers got one e-mail per value crossed
  await page.getByTestId('banner-alarm').getByRole('link').click();
  await expect(page).toHaveURL(/\/alarm-list$/);
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: /流量池/ })
      .first(),
  ).toBeVisible();
  await expectAccessible(page, 'alarm list');
  await expect.poll(async () => (await mailsTo(ADMIN)).filter((m) => /流量池|Data pool/.test(m.subject)).length).toBe(poolMailsBefore + 2);

  // a value below the remaining pool ends the alarms and the banners go
  await page.goto('/alarm-settings');
  await page.getByTestId('pool-warning-value').fill('2');
  await page.getByTestId('pool-alarm-value').fill('1');
  await page.getByTestId('pool-save').click();
  await expect
    .poll(
      async () => {
        await page.goto('/home');
        await page.getByTestId('home-contact').waitFor();
        return (await page.getByTestId('banner-data-warning').count()) + (await page.getByTestId('banner-alarm').count());
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(0);
  // still no more e-mails than the two
  expect((await mailsTo(ADMIN)).filter((m) => /流量池|Data pool/.test(m.subject)).length).toBe(poolMailsBefore + 2);
});
