// Target 2: gzip -9 size of all JavaScript the browser loads to show /login of our built web app
// (served by our server), against a minimal React 19 + antd 6 login form built with Vite 8 in
// the same run, both measured in headless Chromium the same way.
// Usage: node bench/login-bundle.mjs [--no-build] [--no-analyze] [--json out.json]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launch, measureJs } from './lib/browser.mjs';
import { byPackage, webChunks } from './lib/bundle-composition.mjs';
import { freshDatabase } from './lib/db.mjs';
import { at, ROOT, WEB_DIST } from './lib/paths.mjs';
import { buildReference } from './lib/reference-login.mjs';
import { startOurServer } from './lib/rrp.mjs';
import { serveStatic } from './lib/static.mjs';
import { round } from './lib/stats.mjs';

export const TARGET = { ratioMax: 1.3 };

/** Builds apps/web (npm run build -w @rrp/web); throws with the build's output on failure. */
export function buildWeb() {
  const r = spawnSync('npm', ['run', 'build', '-w', '@rrp/web'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`web build failed (exit ${r.status}):\n${(r.stdout + r.stderr).slice(-4000)}`);
}

const version = (pkg) => JSON.parse(readFileSync(at(`node_modules/${pkg}/package.json`), 'utf8')).version;
const kb = (n) => round(n / 1024, 1);

export async function run({ build = true, analyze = true, log = console.log } = {}) {
  if (build) {
    log('login-bundle: building apps/web');
    buildWeb();
  }
  if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`${WEB_DIST} has no index.html: build the web app first`);

  log('login-bundle: building the reference page');
  const ref = await buildReference();
  const db = await freshDatabase('rrp_bench_web');
  let ours;
  let refServer;
  let browser;
  try {
    ours = await startOurServer(db.url, { env: { RRP_WEB_DIST: WEB_DIST } });
    refServer = await serveStatic(ref.dir);
    browser = await launch();

    const measured = {};
    for (const locale of ['zh-CN', 'en']) measured[locale] = await measureJs(browser, `${ours.base}/login`, { locale });
    const reference = await measureJs(browser, `${refServer.url}/`);
    for (const [name, m] of [...Object.entries(measured), ['reference', reference]]) {
      if (m.pageErrors.length) throw new Error(`${name}: errors on the page: ${m.pageErrors.join('; ')}`);
    }
    // The headline is the product's default language (zh-CN); en is reported beside it.
    const o = measured['zh-CN'];
    const ratio = round(o.totalGzip / reference.totalGzip, 3);
    const chunk = (f) => ({ file: new URL(f.url).pathname, bytes: f.bytes, gzip: f.gzip });
    const composed = analyze ? byPackage(await webChunks(), o.files.map(chunk)) : null;
    const refComposed = analyze ? byPackage(ref.chunks, reference.files.map(chunk)) : null;
    return {
      bench: 'login-bundle',
      versions: { vite: ref.versions.vite, react: version('react'), antd: version('antd') },
      ours: {
        gzip: o.totalGzip,
        gzipAsOneFile: o.gzipAsOneFile,
        bytes: o.totalBytes,
        files: o.files.length,
        chunks: o.files.map(chunk),
        inlineScripts: o.inlineScripts,
        byPackage: composed?.packages,
        unmatchedChunks: composed?.unmatched,
      },
      oursEn: {
        gzip: measured.en.totalGzip,
        bytes: measured.en.totalBytes,
        files: measured.en.files.length,
        ratio: round(measured.en.totalGzip / reference.totalGzip, 3),
      },
      reference: {
        gzip: reference.totalGzip,
        bytes: reference.totalBytes,
        files: reference.files.length,
        chunks: reference.files.map(chunk),
        byPackage: refComposed?.packages,
      },
      ratio,
      pass: ratio <= TARGET.ratioMax,
    };
  } finally {
    await browser?.close();
    await refServer?.close();
    await ours?.stop();
    await db.drop();
    ref.cleanup();
  }
}

export function report(r) {
  const lines = [
    `login-bundle: ours ${kb(r.ours.gzip)} KiB gzip (${r.ours.files} files, ${kb(r.ours.bytes)} KiB raw) | reference ${kb(r.reference.gzip)} KiB gzip (${r.reference.files} files, ${kb(r.reference.bytes)} KiB raw)`,
    `  ours as one file would be ${kb(r.ours.gzipAsOneFile)} KiB gzip (splitting into ${r.ours.files} chunks costs ${kb(r.ours.gzip - r.ours.gzipAsOneFile)} KiB)`,
    `  ours/reference = ${r.ratio} (target <= ${TARGET.ratioMax}) ${r.pass ? 'PASS' : 'FAIL'}   [en: ${kb(r.oursEn.gzip)} KiB, ${r.oursEn.ratio}]`,
    '  our chunks (gzip -9 / raw):',
    ...r.ours.chunks.map((c) => `    ${String(kb(c.gzip)).padStart(7)} KiB / ${String(kb(c.bytes)).padStart(7)} KiB  ${c.file}`),
  ];
  if (r.ours.byPackage) {
    lines.push('  by source package, estimated gzip KiB (ours / reference / difference), packages >= 1 KiB:');
    const names = [...new Set([...Object.keys(r.ours.byPackage), ...Object.keys(r.reference.byPackage)])];
    const rows = names.map((n) => [n, r.ours.byPackage[n] ?? 0, r.reference.byPackage[n] ?? 0]).filter(([, a, b]) => Math.max(a, b) >= 1024);
    for (const [n, a, b] of rows.sort((x, y) => y[1] - y[2] - (x[1] - x[2])))
      lines.push(`    ${String(kb(a)).padStart(7)} ${String(kb(b)).padStart(7)} ${`${a >= b ? '+' : ''}${kb(a - b)}`.padStart(7)}  ${n}`);
    if (r.ours.unmatchedChunks?.length) lines.push(`    (not matched to the analysis build: ${r.ours.unmatchedChunks.join(', ')})`);
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { 'no-build': { type: 'boolean', default: false }, 'no-analyze': { type: 'boolean', default: false }, json: { type: 'string' } },
  });
  const r = await run({ build: !values['no-build'], analyze: !values['no-analyze'] });
  console.log(report(r));
  if (values.json) writeFileSync(values.json, `${JSON.stringify(r, null, 2)}\n`);
}
