// zh-CN and en catalogues must have exactly the same keys, and no empty text.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../apps/web/src/locales/', import.meta.url).pathname;
const flat = (o, pre = '') => Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? flat(v, `${pre}${k}.`) : [[`${pre}${k}`, v]]));
const load = (lang) =>
  new Map(
    readdirSync(join(root, lang))
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => flat(JSON.parse(readFileSync(join(root, lang, f), 'utf8'))).map(([k, v]) => [`${f}:${k}`, v])),
  );

const zh = load('zh-CN');
const en = load('en');
const problems = [
  ...[...zh.keys()].filter((k) => !en.has(k)).map((k) => `only in zh-CN: ${k}`),
  ...[...en.keys()].filter((k) => !zh.has(k)).map((k) => `only in en: ${k}`),
  ...[...zh, ...en].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => `empty text: ${k}`),
];
if (problems.length) {
  console.error(`i18n catalogues differ:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`i18n: zh-CN and en have the same ${zh.size} keys`);
