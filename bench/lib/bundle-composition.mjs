// What the loaded chunks of our web app are made of: rebuilds apps/web in memory (same config,
// so the same chunk names) and splits each loaded chunk's gzip size over its source packages in
// proportion to their rendered (pre-minification) code. An estimate, to show where bytes come from.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WEB_DIR } from './paths.mjs';

function packageOf(id) {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const nm = clean.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const parts = clean.slice(nm + 14).split('/');
    if (parts[0] === 'antd') return `antd/${parts[2]}`; // antd by component: antd/es/<component>/...
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const web = clean.indexOf('/apps/web/src/');
  if (web !== -1) return `apps/web/src/${clean.slice(web + 14).split('/')[0]}`;
  if (clean.includes('/packages/contracts/')) return '@rrp/contracts';
  return '(bundler runtime)';
}

/** Rendered chunks of a Vite build output, by "/fileName". */
export function chunksOf(out) {
  return new Map((Array.isArray(out) ? out[0] : out).output.filter((o) => o.type === 'chunk').map((c) => [`/${c.fileName}`, c]));
}

/** Our web app's chunks: apps/web rebuilt in memory with its own config (so the same file names). */
export async function webChunks() {
  const require = createRequire(join(WEB_DIR, 'package.json'));
  const vite = await import(pathToFileURL(require.resolve('vite')).href);
  return chunksOf(await vite.build({ root: WEB_DIR, configFile: join(WEB_DIR, 'vite.config.ts'), logLevel: 'silent', build: { write: false } }));
}

/**
 * Splits each loaded chunk's gzip size over the packages of its modules, in proportion to their
 * rendered code. @param loaded [{ file: '/assets/x.js', gzip }] as measured in the browser.
 */
export function byPackage(chunks, loaded) {
  const sums = new Map();
  const unmatched = [];
  for (const f of loaded) {
    const c = chunks.get(f.file);
    if (!c) {
      unmatched.push(f.file);
      continue;
    }
    const mods = Object.entries(c.modules).map(([id, m]) => [packageOf(id), m.renderedLength]);
    const total = mods.reduce((a, [, n]) => a + n, 0) || 1;
    for (const [pkg, n] of mods) sums.set(pkg, (sums.get(pkg) ?? 0) + (f.gzip * n) / total);
  }
  return {
    packages: Object.fromEntries([...sums].sort((a, b) => b[1] - a[1]).map(([pkg, gzip]) => [pkg, Math.round(gzip)])),
    unmatched,
  };
}
