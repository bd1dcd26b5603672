import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import ts from 'typescript';
import { rel, sourceFiles } from './sources.js';

/**
 * Which code a tenant handler runs reads which tenant tables, and whether it takes the company
 * filter from the caller's scope. Read from the sources alone (no type checker): a handler's
 * function and every function of its own module it refers to, transitively, are the code it runs.
 */

const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** The tables with a company_id column, from the Drizzle schema. */
export function tenantTables(schemaDir: string): string[] {
  const out: string[] = [];
  for (const file of sourceFiles(schemaDir)) {
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'pgTable' && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) {
        if (n.arguments.slice(1).some((a) => mentions(a, 'company_id'))) out.push(n.arguments[0].text);
      }
      ts.forEachChild(n, visit);
    };
    visit(parse(file));
  }
  return out.sort();
}

function mentions(node: ts.Node, text: string): boolean {
  if (ts.isStringLiteral(node) && node.text === text) return true;
  return ts.forEachChild(node, (c) => mentions(c, text) || undefined) ?? false;
}

/** The scope's filters (`scope.owns(…)`, `scope.companyIds()`), and the payer rule (db/subtree.ts), which reaches a payer's companies. */
const SCOPE_FILTERS = new Set(['owns', 'companyIds']);
const TENANCY_FUNCTIONS = new Set(['billedBy']);

type Unit = { file: string; name: string; node: ts.Node };
type SourceFile = { sf: ts.SourceFile; decls: Map<string, ts.Node>; imports: Map<string, string> };

/**
 * A file's named declarations (its top-level ones, and functions at any depth: a handler
 * factory's local helpers) and its imports of its own module.
 */
function load(file: string, cache: Map<string, SourceFile>): SourceFile {
  const hit = cache.get(file);
  if (hit) return hit;
  const sf = parse(file);
  const decls = new Map<string, ts.Node>();
  const imports = new Map<string, string>();
  const moduleDir = dirname(file);
  const visit = (n: ts.Node, topLevel: boolean) => {
    if (ts.isFunctionDeclaration(n) && n.name) decls.set(n.name.text, n);
    else if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && (topLevel || isFunctionUnit(n))) decls.set(n.name.text, n);
    ts.forEachChild(n, (c) => visit(c, topLevel && !ts.isFunctionLike(n) && !ts.isBlock(n)));
  };
  visit(sf, true);
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || !st.moduleSpecifier.text.startsWith('./')) continue;
    const target = localFile(moduleDir, st.moduleSpecifier.text);
    const named = st.importClause?.namedBindings;
    if (target && named && ts.isNamedImports(named)) for (const e of named.elements) imports.set(e.name.text, target);
  }
  const loaded = { sf, decls, imports };
  cache.set(file, loaded);
  return loaded;
}

function localFile(dir: string, specifier: string): string | null {
  const base = resolve(dir, specifier).replace(/\.js$/, '');
  for (const f of [`${base}.ts`, `${base}/index.ts`]) if (existsSync(f)) return f;
  return null;
}

/** The declaration `name` resolves to from `file`: its own, or one it imports from its module. */
function resolveName(file: string, name: string, cache: Map<string, SourceFile>, depth = 0): Unit | null {
  const f = load(file, cache);
  const own = f.decls.get(name);
  if (own) return { file, name, node: own };
  const from = f.imports.get(name);
  return from && depth < 5 ? resolveName(from, name, cache, depth + 1) : null;
}

/** Identifiers a node refers to (not property names, not the names it declares). */
function referenced(node: ts.Node): string[] {
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isIdentifier(n)) {
      const p = n.parent;
      const isPropertyName = (ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isPropertyAssignment(p) && p.name === n);
      if (!isPropertyName) out.push(n.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return out;
}

const isFunctionUnit = (n: ts.Node) =>
  ts.isFunctionDeclaration(n) ||
  (ts.isVariableDeclaration(n) && !!n.initializer && (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer)));

/** The SQL text of every `sql` template inside a node, without its interpolations. */
function sqlTexts(node: ts.Node): string[] {
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isTaggedTemplateExpression(n) && ts.isIdentifier(n.tag) && n.tag.text === 'sql') {
      const t = n.template;
      out.push(ts.isNoSubstitutionTemplateLiteral(t) ? t.text : [t.head.text, ...t.templateSpans.map((s) => s.literal.text)].join(' '));
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return out;
}

function appliesScope(node: ts.Node): boolean {
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    if (ts.isPropertyAccessExpression(callee) && SCOPE_FILTERS.has(callee.name.text)) return true;
    if (ts.isIdentifier(callee) && TENANCY_FUNCTIONS.has(callee.text)) return true;
  }
  return ts.forEachChild(node, (c) => appliesScope(c) || undefined) ?? false;
}

export type TenantRead = { unit: string; tables: string[] };

/**
 * The code units (`file:function`, or `file:'endpoint key'` for a handler written inline) reached
 * from the tenant handlers of `modulesDir` that read a tenant table without a filter of the scope.
 * `isTenantKey` says whether an endpoint key is a member or device endpoint.
 */
export function unscopedTenantReads(modulesDir: string, tables: string[], isTenantKey: (key: string) => boolean): TenantRead[] {
  const reads = new RegExp(`\\b(?:FROM|JOIN|UPDATE|DELETE FROM)\\s+(${tables.join('|')})\\b`, 'g');
  const cache = new Map<string, SourceFile>();
  const roots: Unit[] = [];
  for (const file of sourceFiles(modulesDir).filter((f) => f.endsWith(`${sep}handlers.ts`))) {
    const visit = (n: ts.Node) => {
      if (ts.isPropertyAssignment(n) && ts.isStringLiteral(n.name) && isTenantKey(n.name.text))
        roots.push({ file, name: `'${n.name.text}'`, node: n.initializer });
      ts.forEachChild(n, visit);
    };
    visit(load(file, cache).sf);
  }
  const seen = new Set<ts.Node>();
  const out: TenantRead[] = [];
  /** The tables a unit's SQL reads, its SQL fragments held in constants included. */
  const tablesOf = (u: Unit, depth = 0): Set<string> => {
    const found = new Set(sqlTexts(u.node).flatMap((text) => [...text.matchAll(reads)].map((m) => m[1])));
    if (depth < 3)
      for (const name of new Set(referenced(u.node))) {
        const d = resolveName(u.file, name, cache);
        if (d && d.node !== u.node && !isFunctionUnit(d.node)) for (const t of tablesOf(d, depth + 1)) found.add(t);
      }
    return found;
  };
  const todo = [...roots];
  while (todo.length) {
    const u = todo.pop() as Unit;
    if (seen.has(u.node)) continue;
    seen.add(u.node);
    const tables = tablesOf(u);
    if (tables.size > 0 && !appliesScope(u.node)) out.push({ unit: `${rel(u.file)}:${u.name}`, tables: [...tables].sort() });
    for (const name of new Set(referenced(u.node))) {
      const d = resolveName(u.file, name, cache);
      if (d && isFunctionUnit(d.node) && !seen.has(d.node)) todo.push(d);
    }
  }
  return out.sort((a, b) => a.unit.localeCompare(b.unit));
}
