import { expect, test } from './fixtures.js';
import { dismissAnnouncement, mailedCode, signIn } from './helpers.js';

test('registers a company with the e-mailed code, receives 100M of data, and signs in', async ({ page }) => {
  const email = `buyer${Date.now()}@acme.example`;
  await page.goto('/login');
  await page
    .getByRole('link', { name: /注册|Register/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/register$/);

  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-send-code').click();
  await page.getByTestId('register-code').fill(await mailedCode(email));
  await page.getByTestId('register-phone').fill(`139${String(Date.now()).slice(-8)}`);
  await page.getByTestId('register-job').fill('CTO');
  await page.getByTestId('register-password').fill('Acme#2026go');
  await page.getByTestId('register-confirm').fill('Acme#2026go');
  await page.getByTestId('register-country').click();
  await page.keyboard.type('中国');
  await page.keyboard.press('Enter');
  await page.getByTestId('register-company').fill('Acme 物联网');
  await page.getByTestId('register-address').fill('上海市徐汇区 1 号');
  await page.getByTestId('register-agreement').check();
  await page.getByTestId('register-submit').click();

  await expect(page.getByText(/100M/).first()).toBeVisible();
  await page.getByTestId('register-to-login').click();
  await signIn(page, email, 'Acme#2026go');
  await dismissAnnouncement(page);
  await expect(page.getByText('100 MB').first()).toBeVisible();

  // forgot password: a code by e-mail, a new password, and the old one no longer works
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByTestId('forgot-open').click();
  await page.getByTestId('forgot-email').fill(email);
  await page.getByTestId('forgot-send-code').click();
  await page.getByTestId('forgot-code').fill(await mailedCode(email, 2));
  await page.getByTestId('forgot-password').fill('Fresh#2026go');
  await page.getByTestId('forgot-confirm').fill('Fresh#2026go');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /重置密码|Reset password/ })
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await signIn(page, email, 'Fresh#2026go');
});
