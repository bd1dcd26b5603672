import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { rel } from './sources.js';

/** The statements whose type argument is a row type (apps/server/src/db/client.ts). */
const ROW_CALLS = new Set(['rows', 'prepared', 'ephemeral']);
/** Types derived from the schema (apps/server/src/db/row.ts): a property typed with one is not written by hand. */
const DERIVED = new Set(['Row', 'TableRow', 'Col', 'As', 'Nullable', 'Narrow']);

const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

/** The columns of every `pgTable('name', { … })` in the schema files, by SQL table and column name. */
export function schemaColumns(files: string[]): Map<string, Set<string>> {
  const tables = new Map<string, Set<string>>();
  const columnName = (init: ts.Node): string | null => {
    let n: ts.Node = init;
    // uuid('company_id').notNull().references(…): the innermost call names the column
    while (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ts.isCallExpression(n.expression.expression)) n = n.expression.expression;
    return ts.isCallExpression(n) && n.arguments[0] && ts.isStringLiteral(n.arguments[0]) ? n.arguments[0].text : null;
  };
  for (const file of files) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'pgTable') {
        const [name, cols] = node.arguments;
        if (name && ts.isStringLiteral(name) && cols && ts.isObjectLiteralExpression(cols)) {
          const set = new Set<string>();
          for (const p of cols.properties) {
            const c = ts.isPropertyAssignment(p) ? columnName(p.initializer) : null;
            if (c) set.add(c);
          }
          tables.set(name.text, set);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(file));
  }
  return tables;
}

export type RowTypeLiteral = { where: string; inline: boolean; restates: string | null };

const typeName = (t: ts.TypeNode): string | null =>
  ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName) ? t.typeName.text : ts.isIndexedAccessTypeNode(t) ? typeName(t.objectType) : null;

/**
 * The object types written by hand as row types in some files: inside the type argument of
 * `rows` / `prepared` / `ephemeral` (`inline`), or the body of a type alias used there (in its
 * file, or by name from another). `restates` names the table when two or more of its properties,
 * typed by hand, carry the names of that table's columns (they should come from `Row<'table', …>`).
 */
export function rowTypeLiterals(files: string[], tables: Map<string, Set<string>>): RowTypeLiteral[] {
  const parsed = files.map((file) => {
    const sf = parse(file);
    const aliases = new Map<string, ts.TypeAliasDeclaration>();
    const visitAliases = (n: ts.Node) => {
      if (ts.isTypeAliasDeclaration(n)) aliases.set(n.name.text, n);
      ts.forEachChild(n, visitAliases);
    };
    visitAliases(sf);
    return { file, sf, aliases };
  });
  // names of types used as rows anywhere: an alias of that name elsewhere is a row type (an import)
  const usedAsRow = new Set<string>();
  const found: RowTypeLiteral[] = [];
  const scan = ({ file, sf, aliases }: (typeof parsed)[number], record: boolean) => {
    const seenAliases = new Set<string>();
    const line = (n: ts.Node) => `${rel(file)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    const restates = (lit: ts.TypeLiteralNode): string | null => {
      const handTyped = lit.members
        .filter((m): m is ts.PropertySignature => ts.isPropertySignature(m) && !!m.type && !DERIVED.has(typeName(m.type) ?? ''))
        .map((m) => m.name.getText(sf).replace(/^['"]|['"]$/g, ''));
      for (const [table, cols] of tables) if (handTyped.filter((p) => cols.has(p)).length >= 2) return table;
      return null;
    };
    const collect = (t: ts.TypeNode, inline: boolean) => {
      if (ts.isTypeLiteralNode(t)) {
        if (record) found.push({ where: line(t), inline, restates: restates(t) });
      } else if (ts.isIntersectionTypeNode(t) || ts.isUnionTypeNode(t)) for (const part of t.types) collect(part, inline);
      else if (ts.isParenthesizedTypeNode(t)) collect(t.type, inline);
      else if (ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName)) {
        usedAsRow.add(t.typeName.text);
        const alias = aliases.get(t.typeName.text);
        if (alias) aliasBody(alias);
        // Pick<SomeRow, …>, Omit<SomeRow, …>: the row type inside
        if (!DERIVED.has(t.typeName.text)) for (const arg of t.typeArguments ?? []) if (ts.isTypeReferenceNode(arg)) collect(arg, false);
      }
    };
    const aliasBody = (alias: ts.TypeAliasDeclaration) => {
      if (seenAliases.has(alias.name.text)) return;
      seenAliases.add(alias.name.text);
      collect(alias.type, false);
    };
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ROW_CALLS.has(n.expression.name.text) && n.typeArguments?.[0])
        collect(n.typeArguments[0], true);
      ts.forEachChild(n, visit);
    };
    visit(sf);
    if (record) for (const [name, alias] of aliases) if (usedAsRow.has(name)) aliasBody(alias);
  };
  for (const p of parsed) scan(p, false);
  for (const p of parsed) scan(p, true);
  return found;
}
