import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@rrp/contracts/constants';
import { describe, expect, test } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const catalogue = (lng: string) => JSON.parse(readFileSync(join(here, '../../locales', lng, 'audit.json'), 'utf8')) as Record<string, unknown>;
const at = (tree: Record<string, unknown>, path: string[]): unknown =>
  path.reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], tree);

describe('audit labels', () => {
  test.each(['zh-CN', 'en'])('%s names every action and target type of the contracts', (lng) => {
    const c = catalogue(lng);
    const missing = [
      ...AUDIT_ACTIONS.filter((a) => typeof at(c, ['action', ...a.split('.')]) !== 'string').map((a) => `action.${a}`),
      ...AUDIT_TARGET_TYPES.filter((x) => typeof at(c, ['target', x]) !== 'string').map((x) => `target.${x}`),
    ];
    expect(missing).toEqual([]);
  });
});
