import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rel, sourceFiles } from './sources.js';

/**
 * Sets of IMEIs are looked up through devicesByImei / deviceIdsByImei (apps/server/src/db/imei-lookup.ts):
 * `imei = ANY(…)` and `imei IN …` let the planner choose the trigram index of the substring
 * search, which takes seconds for a thousand IMEIs on a large fleet.
 */
const SET_LOOKUP = /\bimei\s*(=\s*ANY\s*\(|IN\s*[($])/i;

function setLookups(files: string[]): string[] {
  const out: string[] = [];
  for (const file of files)
    for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries())
      if (SET_LOOKUP.test(line) && !/^\s*(\*|\/\/)/.test(line)) out.push(`${rel(file)}:${i + 1}: ${line.trim()}`);
  return out;
}

describe('IMEI set lookups', () => {
  it('no server statement looks up a set of IMEIs with = ANY or IN', () => {
    expect(setLookups(sourceFiles('apps/server/src'))).toEqual([]);
  });

  it('the check catches both forms and lets single-IMEI equality and the helper through', () => {
    expect(SET_LOOKUP.test('WHERE d.imei = ANY($1::text[])')).toBe(true);
    expect(SET_LOOKUP.test('WHERE imei IN $2')).toBe(true);
    expect(SET_LOOKUP.test('WHERE imei in (SELECT imei FROM x)')).toBe(true);
    expect(SET_LOOKUP.test('WHERE d.imei = $1')).toBe(false);
    expect(
      SET_LOOKUP.test('FROM unnest($1::text[]) AS wanted(imei) CROSS JOIN LATERAL (SELECT id FROM devices WHERE devices.imei = wanted.imei LIMIT 1) AS d'),
    ).toBe(false);
  });
});
