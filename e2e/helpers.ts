import { randomUUID } from 'node:crypto';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { signedHeaders } from '../packages/contracts/src/signing.js';
import { E2E_ADMIN_PASSWORD, E2E_MAIL_URL } from './playwright.config.js';

export const PASSWORD = E2E_ADMIN_PASSWORD;
export const CAPTCHA = 'abcd';

/** Signs in through the login form, as a person would. */
export async function signIn(page: Page, account: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-captcha').fill(CAPTCHA);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Closes the unread-announcement dialog that opens by itself after signing in. */
export async function dismissAnnouncement(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** A signed API call made with the browser's own session cookies, outside the UI. */
export async function callWithBrowserSession(context: BrowserContext, baseURL: string, path: string, body: unknown = {}) {
  const cookies = await context.cookies();
  const token = cookies.find((c) => c.name === 'token')?.value;
  const secretKey = cookies.find((c) => c.name === 'secretKey')?.value;
  if (!token || !secretKey) throw new Error(`no session cookies: ${cookies.map((c) => c.name).join(', ')}`);
  const url = `/api/v1/rrp${path}`;
  const payload = JSON.stringify(body);
  const headers = await signedHeaders({
    token: decodeURIComponent(token),
    secretKey: decodeURIComponent(secretKey),
    method: 'POST',
    url,
    body: payload,
    timestamp: Date.now(),
    requestId: randomUUID(),
  });
  const res = await fetch(`${baseURL}${url}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'en' },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; code: number; msg: string } };
}

/** The newest 6-digit code the mail catcher received for an address, once it holds `nth` messages. */
export async function mailedCode(to: string, nth = 1): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const list = (await (await fetch(`${E2E_MAIL_URL}/messages?to=${encodeURIComponent(to)}`)).json()) as { text: string }[];
    const code = list.length >= nth ? list[0].text.match(/\b(\d{6})\b/)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${to}`);
}
