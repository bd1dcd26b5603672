import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signedHeaders } from '../packages/contracts/src/shared/signing.js';
import { E2E_ADMIN_PASSWORD, mailUrl } from './server.js';

export const PASSWORD = E2E_ADMIN_PASSWORD;
export const CAPTCHA = 'abcd';

/** Signs in through the login form, as a person would, and waits for the page it lands on (the console's overview unless told). */
export async function signIn(page: Page, account: string, password = PASSWORD, landing: RegExp = /\/home$/) {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-captcha').fill(CAPTCHA);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(landing);
}

/** Closes the unread-announcement dialog that opens by itself after signing in. */
export async function dismissAnnouncement(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** A signed API call made with the browser's own session cookies, outside the UI; `obj` is the answer's data. */
export async function callWithBrowserSession<T = unknown>(context: BrowserContext, baseURL: string, path: string, body: unknown = {}) {
  const cookies = await context.cookies();
  const token = cookies.find((c) => c.name === 'token')?.value;
  const secretKey = cookies.find((c) => c.name === 'secretKey')?.value;
  if (!token || !secretKey) throw new Error(`no session cookies: ${cookies.map((c) => c.name).join(', ')}`);
  // member calls are under /rrp; a back-office call names its /ops path
  const url = path.startsWith('/ops/') ? `/api/v1${path}` : `/api/v1/rrp${path}`;
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
  return { status: res.status, body: (await res.json()) as { success: boolean; code: number; msg: string; obj: T } };
}

/** The newest 6-digit code the mail catcher received for an address, once it holds `nth` messages. */
export async function mailedCode(to: string, nth = 1): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const list = (await (await fetch(`${mailUrl()}/messages?to=${encodeURIComponent(to)}`)).json()) as { text: string }[];
    const code = list.length >= nth ? list[0].text.match(/\b(\d{6})\b/)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${to}`);
}

/** Picks an option of an antd Select by its visible label, as a person would with the mouse. */
export async function chooseOption(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first();
  await option.click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Writes a real .xlsx with a header row and one row per entry (column A, optional column B); returns its path. */
export async function writeWorkbook(dir: string, fileName: string, header: string[], rows: (string | number)[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(header);
  for (const row of rows) ws.addRow(row);
  const path = join(dir, fileName);
  await wb.xlsx.writeFile(path);
  return path;
}

/** The cell texts of every row of the first sheet of an .xlsx file. */
export async function readWorkbook(path: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.worksheets[0];
  const out: string[][] = [];
  ws?.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => cells.push(cell.text ?? ''));
    out.push(cells);
  });
  return out;
}

/** A small, valid PNG image (1×1 pixel), built from its bytes. */
export function pngBytes(): Buffer {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
}

/**
 * Closes the announcement dialog when it opens after signing in. It opens only while the newest
 * announcement is unread, so a test that may follow another one reading it waits for the
 * overview's figures (the dialog opens with them) and then looks briefly.
 */
export async function dismissAnnouncementIfShown(page: Page) {
  await expect(page.locator('.stat-card').first()).toBeVisible({ timeout: 15_000 });
  const dialog = page.getByRole('dialog');
  const shown = await dialog.waitFor({ state: 'visible', timeout: 1_500 }).then(
    () => true,
    () => false,
  );
  if (!shown) return;
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/**
 * Makes sure the signed-in console shows `locale`, switching it from the header as a person would.
 * (The console opens in the language of the sign-in page, which follows the browser's language
 * unless one was chosen on this device.)
 */
export async function switchConsoleLanguage(page: Page, locale: 'zh-CN' | 'en') {
  const home = page.getByTestId('side-menu').getByText(locale === 'en' ? 'Overview' : '首页', { exact: true });
  await expect(page.getByTestId('side-menu')).toBeVisible();
  // right after a viewport change the header may still re-render (phone ⇄ desktop) and swallow
  // the menu's click: the whole switch is retried until the menu shows the language
  await expect(async () => {
    if (await home.isVisible()) return;
    await page.getByTestId('lang-switch').click();
    await page.getByTestId(`lang-${locale}`).click({ timeout: 3_000 });
    await expect(home).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** Imports devices in mainland China through the device import page (`/device`), and waits for the result. */
export async function importDevices(page: Page, imeis: string[], namePrefix: string) {
  const dir = await mkdtemp(join(tmpdir(), 'rrp-import-'));
  const file = await writeWorkbook(
    dir,
    'devices.xlsx',
    ['IMEI', '设备名称'],
    imeis.map((imei, i) => [imei, `${namePrefix}-${i + 1}`]),
  );
  await page.goto('/device');
  await chooseOption(page, 'import-region', '中国大陆');
  const chooser = page.waitForEvent('filechooser');
  await page.locator('.ant-upload-drag', { has: page.getByTestId('import-file') }).click();
  await (await chooser).setFiles(file);
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-result')).toBeVisible({ timeout: 30_000 });
}
