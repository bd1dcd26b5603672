import { expect, test } from './fixtures.js';
import { callWithBrowserSession, dismissAnnouncement, signIn } from './helpers.js';

test.describe('the console, as a person uses it', () => {
  test('opens in Chinese, switches to English, signs in, works in tabs and signs out', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId('login-submit')).toContainText('登录');
    await expect(page.getByTestId('login-captcha-img')).toBeVisible();

    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-en').click();
    await expect(page.getByTestId('login-submit')).toContainText(/sign in|log in/i);

    await signIn(page, 'admin@demo.rrp.local');
    // the unread announcement opens by itself; mark it read
    const modal = page.getByRole('dialog');
    await expect(modal).toContainText('Welcome to the RRP IoT connectivity console');
    await page.getByTestId('announcement-mark-read').click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('header-account')).toContainText('13800000001');
    await expect(page.getByTestId('header-account')).toContainText('Super administrator');
    // the language chosen before signing in is kept and stored
    const menu = page.getByTestId('side-menu');
    await expect(menu).toContainText('Overview');
    await expect(menu).toContainText('Account management');

    // open pages into tabs
    await menu.getByText('Account management').click();
    await menu.getByText('Account information').click();
    await expect(page).toHaveURL(/\/account$/);
    // the page (a lazily loaded chunk) has rendered and has its tab before the next click
    await expect(page.getByTestId('page-tabs').getByTestId('tab-/account')).toBeVisible();
    await expect(page.getByText('演示科技有限公司').first()).toBeVisible();
    await menu.getByText('Announcements').click();
    await expect(page).toHaveURL(/\/newspaper\/list$/);
    const tabs = page.getByTestId('page-tabs');
    await expect(tabs.getByTestId('tab-/home')).toBeVisible();
    await expect(tabs.getByTestId('tab-/account')).toBeVisible();
    await expect(tabs.getByTestId('tab-/newspaper/list')).toBeVisible();

    // close the others from the context menu: home stays, it cannot be closed
    await tabs.getByTestId('tab-/newspaper/list').click({ button: 'right' });
    await page.getByText('Close others', { exact: true }).click();
    await expect(tabs.getByTestId('tab-/account')).toHaveCount(0);
    await expect(tabs.getByTestId('tab-/home')).toBeVisible();
    await expect(tabs.getByTestId('tab-/newspaper/list')).toBeVisible();

    // tabs survive a reload
    await page.reload();
    await expect(page.getByTestId('page-tabs').getByTestId('tab-/newspaper/list')).toBeVisible();

    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a member without a permission sees no menu item, lands on /401 by URL, and the API refuses too', async ({ page, context, baseURL }) => {
    await signIn(page, 'specialist@demo.rrp.local');
    const menu = page.getByTestId('side-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByText(/账户信息|Account information/)).toHaveCount(0);
    await expect(menu.getByText(/账户管理|Account management/)).toHaveCount(0);

    await page.goto('/account');
    await expect(page).toHaveURL(/\/401$/);

    const res = await callWithBrowserSession(context, baseURL!, '/account/company');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 10002, msg: 'No operation permission' });
    // while a call the member may make works with the same session
    expect((await callWithBrowserSession(context, baseURL!, '/account/query')).body.success).toBe(true);
  });

  test('a signed-out person is sent to login; signed in, unknown paths show 404 and /login goes home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await signIn(page, 'manager@demo.rrp.local');
    await dismissAnnouncement(page);
    await page.goto('/no/such/page');
    await expect(page.getByText('404').first()).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a session ended on the server sends the person to login', async ({ page, context, baseURL }) => {
    await signIn(page, 'manager@demo.rrp.local');
    await dismissAnnouncement(page);
    // sign out through the API with the browser's session, as another tab would
    expect((await callWithBrowserSession(context, baseURL!, '/user/logout')).body.success).toBe(true);
    await page.getByTestId('page-tabs').getByTestId('tab-/home').click();
    await page.reload();
    await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
  });
});
