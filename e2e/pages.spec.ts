import { expect, type Page, test } from './fixtures.js';
import { signIn } from './helpers.js';
import { consolePaths, expectAccessible, expectNoSidewaysScroll, expectOneLanguage, opsPaths } from './quality.js';

/*
 * Every page of the console and the back office, in both languages, on a wide screen and on a
 * phone: axe-core finds no serious or critical violation, no text of the other language shows,
 * and on the phone nothing sticks out sideways. The dialogs people open most are checked too.
 * The sweeps only read, so they spread over the workers (each has its own server).
 */
test.describe.configure({ mode: 'parallel' });

/** Pages that need a record to show: reached from their list instead (see below). */
const NEEDS_RECORD = new Set(['/device-list/detail', '/newspaper/detail']);
const LANGS = [
  { lang: 'zh-CN', locale: 'zh-CN', home: '首页' },
  { lang: 'en', locale: 'en-US', home: 'Overview' },
] as const;
const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('.ant-skeleton, .full-page-spin')).toHaveCount(0, { timeout: 15_000 });
  await animationsDone(page);
}

/** antd's entrance animations have ended (contrast is measured on the final colours). */
async function animationsDone(page: Page) {
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
      null,
      {
        timeout: 2_000,
        polling: 50,
      },
    )
    .catch(() => undefined);
}

/** Pages per test: a sweep split this way spreads over the workers and each part stays well inside its timeout. */
const PART_SIZE = 10;
const chunks = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

async function closeAnnouncement(page: Page) {
  const dialog = page.getByRole('dialog');
  if (
    await dialog.waitFor({ state: 'visible', timeout: 3_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await expectAccessible(page, 'announcement dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
}

async function check(page: Page, where: string, lang: 'zh-CN' | 'en', phone: boolean) {
  await settle(page);
  await expectAccessible(page, where);
  await expectOneLanguage(page, lang, where);
  if (phone) await expectNoSidewaysScroll(page, where);
}

/** Opens a dialog with `open`, checks it, closes it with Escape. */
async function checkDialog(page: Page, where: string, lang: 'zh-CN' | 'en', open: () => Promise<unknown>) {
  await open();
  const dialog = page.locator('.ant-modal-wrap:visible, .ant-drawer-content-wrapper:visible').last();
  await expect(dialog).toBeVisible();
  await animationsDone(page);
  await expectAccessible(page, where);
  await expectOneLanguage(page, lang, where);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

for (const { lang, locale, home } of LANGS) {
  for (const size of SIZES) {
    test.describe(`every page in ${lang} on ${size.name}`, () => {
      test.use({ locale, viewport: size.viewport, isMobile: size.phone, hasTouch: size.phone });

      const parts = chunks(
        consolePaths().filter((p) => !NEEDS_RECORD.has(p)),
        PART_SIZE,
      );
      parts.forEach((paths, i) => {
        test(`console pages, part ${i + 1} of ${parts.length}`, async ({ page }) => {
          test.setTimeout(240_000);
          await signIn(page, 'admin@demo.rrp.local');
          await closeAnnouncement(page);
          if (!size.phone && i === 0) await expect(page.getByTestId('side-menu')).toContainText(home);
          for (const path of paths) {
            await page.goto(path);
            await check(page, path, lang, size.phone);
          }
        });
      });

      test('a record, the error pages and the dialogs', async ({ page }) => {
        test.setTimeout(240_000);
        await signIn(page, 'admin@demo.rrp.local');
        await closeAnnouncement(page);
        await page.goto('/newspaper/list');
        await settle(page);
        await page.locator('a[href^="/newspaper/detail"]').first().click();
        await expect(page).toHaveURL(/\/newspaper\/detail/);
        await check(page, '/newspaper/detail', lang, size.phone);
        for (const path of ['/401', '/500', '/no-such-page']) {
          await page.goto(path);
          await check(page, path, lang, size.phone);
        }
        if (size.phone) return;

        await page.goto('/home');
        await settle(page);
        await checkDialog(page, 'feedback dialog', lang, () => page.getByTestId('feedback-open').click());
        await page.goto('/user');
        await settle(page);
        await checkDialog(page, 'member form', lang, () => page.getByTestId('member-add').click());
        await page.goto('/role');
        await settle(page);
        await checkDialog(page, 'role form', lang, () => page.getByTestId('role-add').click());
        await page.goto('/company/list');
        await settle(page);
        await checkDialog(page, 'company form', lang, () => page.getByTestId('company-add').click());
        await page.goto('/device-list');
        await settle(page);
        await checkDialog(page, 'export dialog', lang, () => page.getByTestId('device-export-open').click());
        await checkDialog(page, 'groups dialog', lang, () => page.getByTestId('device-groups-open').click());
        await page.goto('/settings');
        await settle(page);
        await checkDialog(page, 'strategy form', lang, () => page.getByTestId('strategy-add').click());
      });
    });
  }
}

for (const { lang, locale } of LANGS) {
  test.describe(`back office in ${lang}`, () => {
    test.use({ locale });
    test('every back-office page', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, 'ops@rrp.local', 'Ops#2026pass').catch(() => undefined);
      await expect(page).toHaveURL(/\/ops/);
      for (const path of opsPaths()) {
        await page.goto(path);
        await check(page, path, lang, false);
      }
    });
  });
}
