import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { NAMESPACES } from '../i18n';

const here = dirname(fileURLToPath(import.meta.url));
const load = (lng: string, ns: string) => JSON.parse(readFileSync(join(here, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;

function flatten(obj: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) for (const [kk, vv] of flatten(v as Record<string, unknown>, key)) out.set(kk, vv);
    else out.set(key, v);
  }
  return out;
}

const placeholders = (v: unknown) => [...JSON.stringify(v).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('locale catalogues', () => {
  test('both languages have the same namespace files, and they are all registered', () => {
    const zh = readdirSync(join(here, 'zh-CN')).sort();
    const en = readdirSync(join(here, 'en')).sort();
    expect(en).toEqual(zh);
    expect(zh.map((f) => f.replace('.json', ''))).toEqual([...NAMESPACES].sort());
  });

  test.each([...NAMESPACES])('%s: zh-CN and en have exactly the same keys', (ns) => {
    const zh = flatten(load('zh-CN', ns));
    const en = flatten(load('en', ns));
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
  });

  test.each([...NAMESPACES])('%s: no empty text, same placeholders, same list lengths', (ns) => {
    const zh = flatten(load('zh-CN', ns));
    const en = flatten(load('en', ns));
    for (const [key, value] of zh) {
      const other = en.get(key);
      expect(value, `${ns}:${key}`).not.toBe('');
      expect(other, `${ns}:${key}`).not.toBe('');
      expect(placeholders(other), `${ns}:${key}`).toEqual(placeholders(value));
      if (Array.isArray(value)) expect((other as unknown[]).length, `${ns}:${key}`).toBe(value.length);
    }
  });
});
