// Headless Chromium (the system one, never downloaded) and a JavaScript-bytes meter.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

const isJs = (response) => {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || /javascript|ecmascript/.test(type) || /\.m?js(\?|$)/.test(response.url());
};

/**
 * Opens `url` in a fresh context (empty cache), waits until `readySelector` is visible and the
 * network is idle, and returns every JavaScript response with its raw and gzip -9 size, plus
 * the inline <script> text of the document.
 */
export async function measureJs(browser, url, { readySelector = 'input[type="password"]', locale = 'zh-CN' } = {}) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const pending = [];
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('response', (response) => {
    if (!isJs(response)) return;
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), status: response.status(), body, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    );
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.locator(readySelector).first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? '').filter((t) => t.trim()));
    const byUrl = new Map();
    for (const f of await Promise.all(pending)) if (f) byUrl.set(f.url, f);
    const files = [...byUrl.values()].sort((a, b) => b.gzip - a.gzip);
    // the same code as one file: how much splitting into chunks costs in compression
    const gzipAsOneFile = gzipSync(Buffer.concat([...files.map((f) => f.body), ...inline.map((t) => Buffer.from(t))]), { level: 9 }).length;
    for (const f of files) delete f.body;
    if (files.some((f) => f.status !== 200)) throw new Error(`non-200 script: ${JSON.stringify(files.filter((f) => f.status !== 200))}`);
    const inlineGzip = inline.reduce((a, t) => a + gzipSync(Buffer.from(t), { level: 9 }).length, 0);
    return {
      files,
      inlineScripts: inline.length,
      totalBytes: files.reduce((a, f) => a + f.bytes, 0) + inline.reduce((a, t) => a + Buffer.byteLength(t), 0),
      totalGzip: files.reduce((a, f) => a + f.gzip, 0) + inlineGzip,
      gzipAsOneFile,
      pageErrors: errors,
    };
  } finally {
    await context.close();
  }
}
