import { type ApiKey, ENDPOINTS } from '@rrp/contracts';
import { describe, expect, it } from 'vitest';
import { CALLERS } from './fixtures.js';
import { MATRIX, MATRIX_PARTS } from './rows/index.js';
import { ORDER } from './run-matrix.js';

const keys = Object.keys(ENDPOINTS) as ApiKey[];

/** The matrix runs in parts (access-matrix.<part>.test.ts); together they are every route, once. */
describe('access matrix', () => {
  it('has a row for every declared route, and none for a route that does not exist', () => {
    expect(keys.filter((k) => !MATRIX[k])).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !(k in ENDPOINTS))).toEqual([]);
    expect(CALLERS.every((c) => ORDER.includes(c))).toBe(true);
  });

  it('runs every row in exactly one part', () => {
    const inParts = Object.values(MATRIX_PARTS).flatMap((rows) => Object.keys(rows));
    expect(inParts.filter((k, i) => inParts.indexOf(k) !== i)).toEqual([]);
    expect([...inParts].sort()).toEqual(Object.keys(MATRIX).sort());
  });
});
