import { expect, test } from '@playwright/test';
import { mailedCode, signIn } from './helpers.js';

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
  await expect(page.getByText(/100/).first()).toBeVisible();
});
