import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, ROOT, rel, sourceFiles } from './sources.js';

const MODULES = resolve(ROOT, 'apps/server/src/modules');

/**
 * Imports of a server module from outside it that do not go through the module's index.ts:
 * another module's repository, handlers or helpers are its own business.
 */
function boundaryViolations(files: string[], modulesRoot = MODULES): string[] {
  const moduleOf = (p: string): string | null => (p.startsWith(modulesRoot + sep) ? p.slice(modulesRoot.length + 1).split(sep)[0] : null);
  const out: string[] = [];
  for (const file of files) {
    const from = moduleOf(file);
    for (const ref of importsOf(file)) {
      if (!ref.specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), ref.specifier).replace(/\.js$/, '.ts');
      const to = moduleOf(target);
      if (!to || to === from) continue;
      if (target !== resolve(modulesRoot, to, 'index.ts'))
        out.push(`${rel(file)}:${ref.line} imports ${ref.specifier} (import modules/${to}/index.ts instead)`);
    }
  }
  return out;
}

describe('server module boundaries', () => {
  it('every module has an index.ts exposing what others may use', () => {
    const modules = new Set(sourceFiles('apps/server/src/modules').map((f) => f.slice(MODULES.length + 1).split(sep)[0]));
    for (const m of modules) expect(sourceFiles(`apps/server/src/modules/${m}`).map(rel), m).toContain(`apps/server/src/modules/${m}/index.ts`);
  });

  it('no file reaches into another module past its index.ts', () => {
    expect(boundaryViolations([...sourceFiles('apps/server/src', { tests: true }), ...sourceFiles('apps/server/test', { tests: true })])).toEqual([]);
  });

  it('catches an import of another module’s repository, and allows its index', () => {
    const root = mkdtempSync(join(tmpdir(), 'rrp-boundaries-'));
    const write = (p: string, text: string) => {
      mkdirSync(dirname(join(root, p)), { recursive: true });
      writeFileSync(join(root, p), text);
    };
    write('a/index.ts', "export { x } from './repository.js';\n");
    write('a/repository.ts', 'export const x = 1;\n');
    write('b/good.ts', "import { x } from '../a/index.js';\nexport const y = x;\n");
    write('b/bad.ts', "import { x } from '../a/repository.js';\nexport const z = x;\n");
    const found = boundaryViolations([join(root, 'b/good.ts'), join(root, 'b/bad.ts')], root);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/bad\.ts:1 imports \.\.\/a\/repository\.js/);
  });
});
