import { passwordProblem } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, testConfig } from '../../test/helper.js';
import type { Database } from '../db/client.js';
import type { As, Count, Nullable, Row } from '../db/row.js';
import { generatePassword, seedDemo } from './demo.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('demo seed', () => {
  it('seeds a verified company, a sub-company, members with the sample roles and a platform staff member', async () => {
    const r = await seedDemo(database, testConfig());
    expect(r.seeded).toBe(true);
    expect(r.accounts.map((a) => a.role)).toEqual([
      'super administrator',
      'administrator',
      'operation specialist',
      'sub-company super administrator',
      'platform staff (back office)',
    ]);
    const companies = await database.rows<Row<'companies', 'name' | 'certification' | 'billing'> & { depth: number }>(
      sql`SELECT name, certification, billing, array_length(string_to_array(trim(both '/' from path), '/'), 1) AS depth FROM companies ORDER BY depth`,
    );
    expect(companies).toMatchObject([
      { certification: 'verified', billing: 'independent', depth: 1 },
      { certification: 'verified', billing: 'parent', depth: 2 },
    ]);
    const roles = await database.rows<Row<'roles', 'name'>>(sql`SELECT DISTINCT name FROM roles ORDER BY name`);
    expect(roles.map((x) => x.name).sort()).toEqual(['管理员', '超级管理员', '运营专员'].sort());
  });

  it('grants the verified demo company its certification stock: 50 Licenses and 5G of data; the sub-company has none of its own', async () => {
    const stock = await database.rows<
      Row<'companies', 'billing'> & As<'license_ledger', { licenses: 'delta' }> & Nullable<As<'data_pool_ledger', { mb: 'delta_mb' }>>
    >(sql`
      SELECT c.billing, (SELECT coalesce(sum(delta), 0)::int FROM license_ledger l WHERE l.company_id = c.id) AS licenses,
             (SELECT sum(delta_mb) FROM data_pool_ledger p WHERE p.company_id = c.id AND p.reason = 'certification') AS mb
      FROM companies c ORDER BY length(c.path)`);
    expect(stock.map((s) => ({ ...s, mb: Number(s.mb ?? 0) }))).toEqual([
      { billing: 'independent', licenses: 50, mb: 5120 },
      { billing: 'parent', licenses: 0, mb: 0 },
    ]);
  });

  it('seeds nothing twice on a restart', async () => {
    const before = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM users`);
    const again = await seedDemo(database, testConfig());
    expect(again.seeded).toBe(false);
    expect(again.accounts.every((a) => a.password === undefined)).toBe(true);
    expect(await database.rows(sql`SELECT count(*)::int AS n FROM users`)).toEqual(before);
    expect(await database.rows(sql`SELECT sum(delta)::int AS n FROM license_ledger`)).toEqual([{ n: 50 }]);
  });

  it('generates passwords that meet the password rule', () => {
    for (let i = 0; i < 200; i++) expect(passwordProblem(generatePassword())).toBeNull();
  });
});
