import { readFileSync } from 'node:fs';
import { ERROR_CODES } from '@rrp/contracts';
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, MESSAGES } from '../apps/server/src/i18n/index.js';
import { rel, sourceFiles } from './sources.js';

const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** Texts that read the same in both languages on purpose. */
const SAME_IN_BOTH = new Set(['devices.column.imei']);

type Text = { zh: string; en: string };

function problems(entries: [string, Text][]): string[] {
  const out: string[] = [];
  for (const [key, { zh, en }] of entries) {
    if (!zh?.trim() || !en?.trim()) out.push(`${key}: a language is empty`);
    if (placeholders(zh).join() !== placeholders(en).join()) out.push(`${key}: placeholders differ (${placeholders(zh)} / ${placeholders(en)})`);
    if (CJK.test(en)) out.push(`${key}: the English text has Chinese characters`);
    if (!CJK.test(zh) && !SAME_IN_BOTH.has(key)) out.push(`${key}: the Chinese text has no Chinese`);
  }
  return out;
}

describe('the server message catalogue', () => {
  it('has every text in both languages, with the same placeholders', () => {
    expect(problems(Object.entries(MESSAGES) as [string, Text][])).toEqual([]);
  });

  it('has a text for every error code, in both languages', () => {
    expect(ERROR_CODES.filter((c) => !ERROR_TEXTS[c])).toEqual([]);
    expect(problems(ERROR_CODES.map((c) => [`error ${c}`, ERROR_TEXTS[c]]))).toEqual([]);
  });

  it('finds a missing language, a lost placeholder and a text in the wrong script', () => {
    expect(
      problems([
        ['a', { zh: '', en: 'x' }],
        ['b', { zh: '最多 {max} 个', en: 'at most {count}' }],
        ['c', { zh: '好', en: '好' }],
      ]),
    ).toEqual([
      'a: a language is empty',
      'a: the Chinese text has no Chinese',
      'b: placeholders differ (max / count)',
      'c: the English text has Chinese characters',
    ]);
  });

  it('is the only place the server picks a language: no module compares locales itself', () => {
    const inline = sourceFiles('apps/server/src')
      .filter((f) => !f.includes('/i18n/'))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${rel(f)}:${i + 1}` }))
          .filter(({ line }) => /(===|!==)\s*'(en|zh-CN)'|'(en|zh-CN)'\s*(===|!==)/.test(line)),
      )
      .map((x) => x.at);
    expect(inline).toEqual([]);
  });
});
