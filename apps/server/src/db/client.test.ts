import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshDatabase, TEST_DB } from '../../test/helper.js';

describe.runIf(TEST_DB === 'postgres')('PostgreSQL pools', () => {
  it('survive their idle connections being terminated by the server', async () => {
    const database = await freshDatabase();
    const { sql } = await import('drizzle-orm');
    await database.rows(sql`SELECT 1`);
    await database.ephemeral('probe', sql`SELECT 1 AS one`);
    const [{ db }] = await database.rows<{ db: string }>(sql`SELECT current_database() AS db`);
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [db]);
    await admin.end();
    await new Promise((r) => setTimeout(r, 200));
    // the process is still here, and the next queries open new connections
    expect(await database.rows(sql`SELECT 2 AS two`)).toEqual([{ two: 2 }]);
    expect(await database.ephemeral('probe', sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    await database.close();
  });
});
