import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helper.js';
import { pgArray, textArray } from './arrays.js';
import type { Database } from './client.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('array parameters', () => {
  it('reads back as sent: quotes, backslashes, braces, commas, NULL, empty strings and the word NULL', async () => {
    const texts = ['a "quoted" word', 'back\\slash', '{braces}, commas', '', 'NULL', '中文', ' padded '];
    const [row] = await database.rows<{ t: string[]; n: string; b: boolean[] }>(
      sql`SELECT ${textArray(texts)}::text[] AS t, (${pgArray([1, null, -2])}::int[])::text AS n, ${pgArray([true, false])}::boolean[] AS b`,
    );
    expect(row).toEqual({ t: texts, n: '{1,NULL,-2}', b: [true, false] });
    expect(pgArray([])).toBe('{}');
    expect(pgArray(['x', undefined])).toBe('{"x",NULL}');
  });
});
