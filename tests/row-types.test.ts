import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rowTypeLiterals, schemaColumns } from './row-types.js';
import { sourceFiles } from './sources.js';

/**
 * docs/architecture.md "Typing a query": row types come from the schema (apps/server/src/db/row.ts).
 * None restates a table's columns; what is left written by hand is an aggregate or a computed
 * field, and their number is a ratchet: lower it when one goes, never raise it.
 */
const MAX_INLINE_ROW_TYPES = 46;

const tables = () => schemaColumns(sourceFiles('apps/server/src/db/schema'));
const literals = () => {
  const t = tables();
  return rowTypeLiterals(sourceFiles('apps/server/src', { tests: true }), t);
};

describe('row types of raw statements', () => {
  const found = literals();

  it('the schema is read: tables and their SQL column names', () => {
    const t = tables();
    expect(t.size).toBeGreaterThan(40);
    expect([...(t.get('alarms') ?? [])]).toEqual(expect.arrayContaining(['id', 'alarm_no', 'company_id', 'created_at']));
  });

  it(`inline row object types stay at most ${MAX_INLINE_ROW_TYPES}`, () => {
    const inline = found.filter((l) => l.inline);
    expect(inline.length, inline.map((l) => l.where).join('\n')).toBeLessThanOrEqual(MAX_INLINE_ROW_TYPES);
  });

  it("no hand-written type restates a table's columns", () => {
    expect(found.filter((l) => l.restates).map((l) => `${l.where} restates ${l.restates}`)).toEqual([]);
  });

  it('catches a restated table and counts inline types, and lets derived ones pass', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rrp-row-types-'));
    const schema = join(dir, 'schema.ts');
    writeFileSync(
      schema,
      "export const alarms = pgTable('alarms', { id: uuid('id').primaryKey(), alarmNo: bigserial('alarm_no', { mode: 'number' }).notNull(), level: text('level') });\n",
    );
    const bad = join(dir, 'bad.ts');
    writeFileSync(
      bad,
      [
        'type AlarmRow = { id: string; alarm_no: string };',
        'const a = await database.rows<{ id: string; level: string | null; n: number }>(sql`SELECT id, level, 1 AS n FROM alarms`);',
        'const b = await database.rows<AlarmRow>(sql`SELECT id, alarm_no FROM alarms`);',
        'const c = await database.prepared<{ n: string }>("count", sql`SELECT count(*) AS n FROM alarms`);',
      ].join('\n'),
    );
    const good = join(dir, 'good.ts');
    writeFileSync(
      good,
      [
        "const a = await database.rows<Row<'alarms', 'id' | 'level'>>(sql`SELECT id, level FROM alarms`);",
        "const b = await database.rows<Row<'alarms', 'id'> & { alarm_no: Col<'alarms', 'alarm_no'>; level: Col<'alarms', 'level'> }>(sql`…`);",
      ].join('\n'),
    );
    const t = schemaColumns([schema]);
    const inBad = rowTypeLiterals([bad], t);
    expect(inBad.map((l) => [l.where.replace(/^.*bad\.ts/, 'bad.ts'), l.inline, l.restates])).toEqual([
      ['bad.ts:2', true, 'alarms'],
      ['bad.ts:1', false, 'alarms'],
      ['bad.ts:4', true, null],
    ]);
    expect(rowTypeLiterals([good], t).filter((l) => l.restates)).toEqual([]);
  });
});
