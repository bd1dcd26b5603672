import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helper.js';
import type { Database } from './client.js';
import { deviceIdsByImei, devicesByImei } from './imei-lookup.js';
import type { QueryPlan, Row } from './row.js';

let database: Database;
let companyA: string;
let companyB: string;
const seedCompany = async (db: Database) =>
  (await db.rows<Row<'companies', 'id'>>(sql`INSERT INTO companies (path, name, country) VALUES ('', 'Acme', 'CN') RETURNING id`))[0].id;
const imei = (n: number) => `86${String(n).padStart(13, '0')}`;

beforeAll(async () => {
  database = await freshDatabase();
  companyA = await seedCompany(database);
  companyB = await seedCompany(database);
  // 4,000 devices whose IMEIs share most digit triples, as a real fleet's share their TAC
  for (const [company, from] of [
    [companyA, 1],
    [companyB, 2001],
  ] as const)
    await database.rows(
      sql`INSERT INTO devices (company_id, imei, region, status)
          SELECT ${company}, '86' || lpad(g::text, 13, '0'), 'china_mainland', 'physical_card' FROM generate_series(${from}::int, ${from + 1999}::int) g`,
    );
  await database.rows(sql`ANALYZE devices`);
});
afterAll(() => database.close());

describe('devices by a set of IMEIs', () => {
  it('finds each held IMEI once, whichever company holds it, and skips unknown ones', async () => {
    const wanted = [imei(5), imei(5), imei(2005), '869999999999999', imei(1999)];
    const rows = await database.rows<Row<'devices', 'imei' | 'company_id'>>(
      sql`SELECT d.imei, d.company_id FROM ${devicesByImei(wanted, sql`imei, company_id`)} ORDER BY d.imei`,
    );
    expect(rows).toEqual([
      { imei: imei(5), company_id: companyA },
      { imei: imei(1999), company_id: companyA },
      { imei: imei(2005), company_id: companyB },
    ]);
    expect((await deviceIdsByImei(database, wanted)).length).toBe(3);
    expect(await deviceIdsByImei(database, [])).toEqual([]);
  });

  it('probes the unique IMEI index once per IMEI, never the trigram index of the substring search', async () => {
    const wanted = Array.from({ length: 1000 }, (_, i) => imei(i * 3 + 1));
    const [row] = await database.rows<QueryPlan>(
      sql`EXPLAIN (FORMAT JSON) SELECT d.id FROM ${devicesByImei(wanted, sql`id, company_id`)} WHERE d.company_id = ${companyA}`,
    );
    const plan = JSON.stringify(row['QUERY PLAN']);
    const indexes = [...plan.matchAll(/"Index Name":\s*"([a-z_0-9]+)"/g)].map((m) => m[1]);
    expect(indexes).toEqual(['devices_imei_uq']);
    expect(plan).toContain('"Node Type":"Nested Loop"');
    expect(plan).not.toContain('"Node Type":"Seq Scan"');
  });

  it('takes the IMEIs from a query as well, with the same probe per IMEI', async () => {
    const wanted = Array.from({ length: 1000 }, (_, i) => imei(i * 3 + 1));
    const query = sql`SELECT d.imei FROM ${devicesByImei(sql`SELECT DISTINCT imei FROM unnest(${`{${wanted.join(',')}}`}::text[]) AS w(imei)`, sql`imei, company_id`)} WHERE d.company_id = ${companyA}`;
    expect((await database.rows<Row<'devices', 'imei'>>(query)).length).toBe(667);
    const [row] = await database.rows<QueryPlan>(sql`EXPLAIN (FORMAT JSON) ${query}`);
    const plan = JSON.stringify(row['QUERY PLAN']);
    expect([...plan.matchAll(/"Index Name":\s*"([a-z_0-9]+)"/g)].map((m) => m[1])).toEqual(['devices_imei_uq']);
    expect(plan).not.toContain('"Node Type":"Seq Scan"');
  });
});
