import { expect, test } from './fixtures.js';
import { dismissAnnouncementIfShown, signIn } from './helpers.js';
import { expectNoSidewaysScroll } from './quality.js';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe('on a phone (390×844)', () => {
  test('the menu is a drawer, the header one account menu; language and sign-out work from it', async ({ page }) => {
    await signIn(page, 'admin@demo.rrp.local');
    await dismissAnnouncementIfShown(page);
    await expectNoSidewaysScroll(page, '/home');
    // no side menu taking a third of the screen: it opens as a drawer and closes after a choice
    await expect(page.locator('.console-sider')).toHaveCount(0);
    const title = page.locator('.page-title').first();
    const box = await title.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(200);

    await page.getByTestId('menu-open').click();
    const drawer = page.locator('.menu-drawer');
    await expect(drawer).toBeVisible();
    await drawer.getByText('成员与权限管理').click();
    await drawer.getByText('成员管理').click();
    await expect(page).toHaveURL(/\/user$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('member-add')).toBeVisible();
    await expectNoSidewaysScroll(page, '/user');

    // language from the account menu
    await page.getByTestId('account-menu').click();
    await expect(page.getByTestId('header-account')).toContainText('13800000001');
    await page.getByTestId('lang-en').click();
    await expect(page.getByTestId('member-add')).toContainText(/add member/i);
    await page.getByTestId('menu-open').click();
    await expect(page.locator('.menu-drawer')).toContainText('Overview');
    await page.keyboard.press('Escape');

    // the bell: the announcement opens from the account menu
    await page.getByTestId('account-menu').click();
    await page.getByTestId('header-bell').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // the dialog takes the focus once it has opened; Escape then closes it
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') != null)).toBe(true);
    // on a busy machine an Escape pressed while the dialog still zooms in can go unheard: press again until it closes
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden({ timeout: 1500 });
    }).toPass({ timeout: 10_000 });

    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login/);
    // the choice made on the phone stays for the next sign-in
    await expect(page.getByTestId('login-submit')).toContainText(/sign in/i);
  });

  test('a wide table scrolls inside its card, not the page', async ({ page }) => {
    await signIn(page, 'admin@demo.rrp.local');
    await dismissAnnouncementIfShown(page);
    await page.goto('/audit');
    const scroller = page.locator('.ant-table-content, .ant-table-body').first();
    await expect(scroller).toBeVisible();
    const { inner, outer } = await scroller.evaluate((el) => ({ inner: el.scrollWidth, outer: el.clientWidth }));
    expect(inner).toBeGreaterThan(outer);
    await expectNoSidewaysScroll(page, '/audit');
  });
});
