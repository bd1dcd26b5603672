import { describe, expect, it } from 'vitest';
import { importsOf, rel, sourceFiles } from './sources.js';

/**
 * The web app takes values from the contracts' zod-free entry only; the full contracts (zod
 * schemas) it may import as types, which vanish from the bundle.
 */
function schemaImports(files: string[]): string[] {
  return files.flatMap((f) =>
    importsOf(f)
      .filter((r) => (r.specifier === '@rrp/contracts' && !r.typeOnly) || r.specifier === 'zod' || r.specifier.startsWith('zod/'))
      .map((r) => `${rel(f)}:${r.line} ${r.specifier}`),
  );
}

describe('web imports of the contracts', () => {
  it('values only from @rrp/contracts/constants, types from @rrp/contracts, never zod', () => {
    expect(schemaImports(sourceFiles('apps/web/src', { tests: true }))).toEqual([]);
  });

  it('the contracts’ browser entry imports no zod and no Node built-in, directly or through another file', () => {
    const seen = new Set<string>();
    const visit = (file: string): string[] => {
      if (seen.has(file)) return [];
      seen.add(file);
      return importsOf(file).flatMap((r) => {
        if (r.typeOnly) return [];
        if (r.specifier === 'zod' || r.specifier.startsWith('zod/') || r.specifier.startsWith('node:')) return [`${rel(file)}:${r.line}`];
        if (!r.specifier.startsWith('.')) return [];
        return visit(new URL(r.specifier.replace(/\.js$/, '.ts'), `file://${file}`).pathname);
      });
    };
    const entry = sourceFiles('packages/contracts/src').find((f) => f.endsWith('/src/constants.ts'));
    expect(entry).toBeTruthy();
    expect(visit(entry as string)).toEqual([]);
    // the walk does find what it looks for: from the full entry it reaches the key directory, which imports node:fs
    seen.clear();
    const full = visit(sourceFiles('packages/contracts/src').find((f) => f.endsWith('/src/index.ts')) as string);
    expect(full.some((f) => f.includes('/wechatpay/key-dir.ts'))).toBe(true);
  });
});
