import { expect, type Page, test } from './fixtures.js';
import { dismissAnnouncementIfShown, signIn } from './helpers.js';

/** Goes to a console page inside the running app (no reload), as a menu click does. */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test.describe('a flaky network', () => {
  test('a page whose code cannot be downloaded shows the error view with reload, and retry works once it can', async ({ page }) => {
    await signIn(page, 'admin@demo.rrp.local');
    await dismissAnnouncementIfShown(page);
    let attempts = 0;
    await page.route('**/assets/RolesPage-*.js', (route) => {
      attempts++;
      return route.abort('internetdisconnected');
    });
    await openInApp(page, '/role');
    const view = page.getByTestId('chunk-error');
    await expect(view).toBeVisible({ timeout: 20_000 });
    await expect(view).toContainText('页面未能加载');
    await expect(view.getByRole('button', { name: '重新加载页面' })).toBeVisible();
    // tried again before giving up
    expect(attempts).toBeGreaterThanOrEqual(2);
    // the rest of the console still works around it
    await expect(page.getByTestId('side-menu')).toBeVisible();

    await page.unroute('**/assets/RolesPage-*.js');
    await view.getByRole('button', { name: '重试' }).click();
    await expect(page.getByTestId('role-add')).toBeVisible();
    await expect(view).toBeHidden();
  });

  test('offline: a banner shows, a page opened meanwhile loads by itself when the network returns', async ({ page, context }) => {
    await signIn(page, 'admin@demo.rrp.local');
    await dismissAnnouncementIfShown(page);
    await context.setOffline(true);
    const banner = page.getByTestId('offline-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('网络已断开');

    await openInApp(page, '/audit');
    await page.waitForTimeout(1_500);
    await expect(page.getByTestId('chunk-error')).toHaveCount(0);

    await context.setOffline(false);
    await expect(banner).toBeHidden();
    await expect(page.getByTestId('audit-export')).toBeVisible({ timeout: 20_000 });
  });
});
