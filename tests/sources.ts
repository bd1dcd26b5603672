import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Source files under a folder (TypeScript, not tests unless asked). */
export function sourceFiles(dir: string, opts: { tests?: boolean } = {}): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist') continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') && (opts.tests || !/\.test\.tsx?$/.test(e.name))) out.push(p);
    }
  };
  walk(resolve(ROOT, dir));
  return out.sort();
}

export type ImportRef = { file: string; specifier: string; typeOnly: boolean; line: number };

/** The static imports and re-exports of a file, and whether each is type-only. */
export function importsOf(file: string): ImportRef[] {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const refs: ImportRef[] = [];
  const line = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart()).line + 1;
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const c = st.importClause;
      const namedAllTypes =
        !!c?.namedBindings &&
        ts.isNamedImports(c.namedBindings) &&
        !c.name &&
        c.namedBindings.elements.length > 0 &&
        c.namedBindings.elements.every((e) => e.isTypeOnly);
      refs.push({ file, specifier: st.moduleSpecifier.text, typeOnly: !!c?.isTypeOnly || namedAllTypes, line: line(st) });
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      refs.push({ file, specifier: st.moduleSpecifier.text, typeOnly: st.isTypeOnly, line: line(st) });
    }
  }
  return refs;
}

export const rel = (p: string) => relative(ROOT, p);
