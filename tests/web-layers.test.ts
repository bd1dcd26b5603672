import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, ROOT, rel, sourceFiles } from './sources.js';

/**
 * The web app's top layer, apps/web/src/app (router, guards, route table, providers), imports the
 * features, the layout and lib; none of them imports it back. What the layout needs of the route
 * table reaches it through RouteTableProvider, what the sign-in page needs through its props. The
 * entry (main.tsx) and the test helpers render the whole app and may import it.
 */
const WEB = resolve(ROOT, 'apps/web/src');
const APP = resolve(WEB, 'app');

const inside = (dir: string, file: string) => file === dir || file.startsWith(dir + sep);

/** Files that may import the app: itself, the entry, tests and the test helpers. */
function mayImportApp(file: string): boolean {
  return inside(APP, file) || file === resolve(WEB, 'main.tsx') || inside(resolve(WEB, 'test'), file) || /\.test\.tsx?$/.test(file);
}

/** The specifiers of `file` that lead into the app layer, as `file:specifier`. */
function upwardImports(file: string, specifiers: string[]): string[] {
  if (mayImportApp(file)) return [];
  return specifiers.filter((s) => s.startsWith('.') && inside(APP, resolve(dirname(file), s))).map((s) => `${relative(ROOT, file)} → ${s}`);
}

/** Static imports and re-exports (type-only ones too: a type of the app is still the app) and lazy `import()`s. */
function specifiersOf(file: string): string[] {
  const lazy = [...readFileSync(file, 'utf8').matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]);
  return [...importsOf(file).map((r) => r.specifier), ...lazy];
}

describe('web layers', () => {
  it('nothing below apps/web/src/app imports it', () => {
    const files = sourceFiles('apps/web/src', { tests: true });
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => upwardImports(f, specifiersOf(f)))).toEqual([]);
  });

  it('the check flags a layout file, a feature and a lazy import that reach into the app', () => {
    const layout = resolve(WEB, 'layout/SideMenu.tsx');
    const feature = resolve(WEB, 'features/auth/LoginPage.tsx');
    expect(upwardImports(layout, ['../app/routes', './routeTable', '../lib/paths'])).toEqual([`${rel(layout)} → ../app/routes`]);
    expect(upwardImports(feature, ['../../app/guards'])).toEqual([`${rel(feature)} → ../../app/guards`]);
    expect(upwardImports(resolve(WEB, 'ops/routes.ts'), ['../app/lazyPage'])).toHaveLength(1);
    expect(upwardImports(resolve(WEB, 'app/router.tsx'), ['../features/auth/LoginPage', './guards'])).toEqual([]);
  });
});
