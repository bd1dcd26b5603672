import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs raw SQL and returns its rows. */
  rows<T = Record<string, unknown>>(query: SQL, tx?: Tx): Promise<T[]>;
  close(): Promise<void>;
};

const migrationsFolder = join(fileURLToPath(new URL('.', import.meta.url)), 'migrations');

async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** PGlite in `dataDir` (or in memory when dataDir is undefined). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const client = new PGlite(dataDir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    kind: 'pglite',
    db,
    rows: (q, tx) => rowsOf(tx ?? db, q),
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  // Several API processes may start at once: one migrates while the others wait.
  const conn = await pool.connect();
  try {
    await conn.query('SELECT pg_advisory_lock(727274)');
    await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder });
  } finally {
    await conn.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
    conn.release();
  }
  return {
    kind: 'postgres',
    db,
    rows: (q, tx) => rowsOf(tx ?? db, q),
    close: () => pool.end(),
  };
}

export { sql };
