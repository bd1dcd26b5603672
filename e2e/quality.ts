import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The console's page paths, read from its route table, so a new page cannot be forgotten here. */
export function consolePaths(): string[] {
  const source = readFileSync(new URL('../apps/web/src/app/routes.ts', import.meta.url), 'utf8');
  const home = source.match(/HOME_PATH\b/) ? ['/home'] : [];
  return [...home, ...[...source.matchAll(/path: '(\/[^']*)'/g)].map((m) => m[1])];
}

/** The back office's page paths, read from its route table. */
export function opsPaths(): string[] {
  const source = readFileSync(new URL('../apps/web/src/ops/routes.ts', import.meta.url), 'utf8');
  return [...source.matchAll(/path: '(\/ops\/[^']*)'/g)].map((m) => m[1]);
}

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string }[] };

/** Runs axe-core (WCAG 2.x A/AA and best practices) on the page as it is; returns the serious and critical findings. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, html: n.html.slice(0, 200) })) }));
}

export async function expectAccessible(page: Page, where: string) {
  // the pointer rests where the test last clicked: a hovered button's colour is not what a reader sees
  await page.mouse.move(0, 0);
  const found = await seriousViolations(page);
  expect.soft(found, `${where}: ${JSON.stringify(found, null, 1)}`).toEqual([]);
}

/**
 * Words of the page's other language in what a person sees: Chinese characters on an English page,
 * English words on a Chinese one (product terms and units excepted). Data people typed in is
 * marked translate="no" and elements in another language carry their own `lang`, so both are
 * left out.
 */
export async function foreignText(page: Page, lang: 'zh-CN' | 'en'): Promise<string[]> {
  return page.evaluate((lang) => {
    const ALLOWED = new Set(
      'RRP License Licenses IMEI ICCID EID eSIM SIM Profile UTC MB GB KB TB LTE NB IoT NB-IoT LTE-M API ID AC AT VAT PDF xlsx XLSX Excel CSV WeChat Pay SMS APN IP URL Email T+1 2G 3G 4G 5G OK PNG JPG JPEG ITU-T G.114 Y.1541 HTTP HTTPS JSON QR Hz dBm ms UUID OFD Webhook SHA X-Token eUICC PEM SPKI Ed25519 CIDR'.split(
        ' ',
      ),
    );
    const cjk = /[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]/;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if (!text || !el) continue;
      if (el.closest('script, style, noscript, [translate="no"], [aria-hidden="true"]')) continue;
      const langOf = el.closest('[lang]')?.getAttribute('lang') ?? lang;
      if (langOf !== lang && !langOf.startsWith(lang === 'en' ? 'en' : 'zh')) continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (lang === 'en') {
        if (cjk.test(text)) found.push(text);
        continue;
      }
      const cleaned = text.replace(/\S+@\S+|https?:\/\/\S*|\b[\w.-]+\.(com|cn|local|net|org)\b|\bIPv[46]\b/g, ' ');
      const words = cleaned.match(/[A-Za-z][A-Za-z'.+-]*[A-Za-z]|\b[A-Za-z]{2,}\b/g) ?? [];
      const strange = words.filter((w) => !ALLOWED.has(w) && !ALLOWED.has(w.replace(/s$/, '')));
      if (strange.length) found.push(text);
    }
    return [...new Set(found)];
  }, lang);
}

export async function expectOneLanguage(page: Page, lang: 'zh-CN' | 'en', where: string) {
  const found = await foreignText(page, lang);
  expect.soft(found, `${where} (${lang}) shows text of the other language`).toEqual([]);
}

/** The page is no wider than the window: nothing sticks out sideways on a phone. */
export async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect.soft(scroll, `${where} is ${scroll} px wide in a ${width} px window`).toBeLessThanOrEqual(width);
}
