import { passwordProblem } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testConfig } from '../../test/helper.js';
import type { Database } from '../db/client.js';
import { generatePassword, seedDemo } from './demo.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('demo seed', () => {
  it('seeds a verified company, a sub-company, members with the sample roles and an operator', async () => {
    const r = await seedDemo(database, testConfig());
    expect(r.seeded).toBe(true);
    expect(r.accounts.map((a) => a.role)).toEqual([
      'super administrator',
      'administrator',
      'operation specialist',
      'sub-company super administrator',
      'platform operator',
    ]);
    const companies = await database.rows<{ name: string; certification: string; billing: string; depth: number }>(
      sql`SELECT name, certification, billing, array_length(string_to_array(trim(both '/' from path), '/'), 1) AS depth FROM companies ORDER BY depth`,
    );
    expect(companies).toMatchObject([
      { certification: 'verified', billing: 'independent', depth: 1 },
      { certification: 'verified', billing: 'parent', depth: 2 },
    ]);
    const roles = await database.rows<{ name: string }>(sql`SELECT DISTINCT name FROM roles ORDER BY name`);
    expect(roles.map((x) => x.name).sort()).toEqual(['管理员', '超级管理员', '运营专员'].sort());
  });

  it('seeds nothing twice on a restart', async () => {
    const before = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
    const again = await seedDemo(database, testConfig());
    expect(again.seeded).toBe(false);
    expect(again.accounts.every((a) => a.password === undefined)).toBe(true);
    expect(await database.rows(sql`SELECT count(*)::int AS n FROM users`)).toEqual(before);
  });

  it('generates passwords that meet the password rule', () => {
    for (let i = 0; i < 200; i++) expect(passwordProblem(generatePassword())).toBeNull();
  });
});
