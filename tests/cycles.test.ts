import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './sources.js';

/**
 * Import cycles among the files reachable from an entry (and how many files that is); type-only
 * and lazy imports do not count.
 */
async function cycles(entries: string[], tsconfig: string, cwd = ROOT): Promise<{ files: number; found: string[][] }> {
  const tree = await parseDependencyTree(entries, {
    context: cwd,
    tsconfig,
    transform: true,
    skipDynamicImports: true,
    include: /\.(ts|tsx|mts)$/,
    exclude: /node_modules|\.test\.tsx?$/,
  });
  return { files: Object.keys(tree).length, found: parseCircular(tree) };
}

describe('no circular imports', () => {
  // every source file is an entry, so files reached only through a lazy import are walked too
  it.each([
    ['the server', 'apps/server/src', 'apps/server/tsconfig.json', 100],
    ['the web app', 'apps/web/src', 'apps/web/tsconfig.json', 100],
    ['the contracts', 'packages/contracts/src', 'packages/contracts/tsconfig.json', 20],
  ])('in %s', async (_name, dir, tsconfig, atLeast) => {
    const { files, found } = await cycles(sourceFiles(dir), resolve(ROOT, tsconfig));
    expect(found).toEqual([]);
    // the walk really followed the imports
    expect(files).toBeGreaterThanOrEqual(atLeast);
  });

  it('finds a cycle when there is one (and ignores a type-only one)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rrp-cycles-'));
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b.js';\nimport type { T } from './c.js';\nexport const a = (t?: T) => b + String(t);\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a.js';\nexport const b = String(a);\n");
    writeFileSync(join(dir, 'c.ts'), "import { a } from './a.js';\nexport type T = typeof a;\n");
    const { found } = await cycles([join(dir, 'a.ts')], resolve(ROOT, 'tsconfig.base.json'), dir);
    expect(found).toHaveLength(1);
    expect(found[0].map((f) => f.replace(/.*\//, '')).sort()).toEqual(['a.ts', 'b.ts']);
  });
});
