import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  /**
   * A statement run on every request: on PostgreSQL it is a named prepared statement, parsed and
   * planned once per connection (planning costs more than running these short queries).
   * `name` must identify one SQL text.
   */
  prepared<T = Record<string, unknown>>(name: string, query: SQL): Promise<T[]>;
  /**
   * A prepared write whose loss in a database crash is acceptable (replay records): on
   * PostgreSQL it commits without waiting for the disk flush (synchronous_commit off, on a pool
   * of its own so business writes keep their durability).
   */
  ephemeral<T = Record<string, unknown>>(name: string, query: SQL): Promise<T[]>;
  close(): Promise<void>;
};

const dialect = new PgDialect();
const migrationsFolder = join(fileURLToPath(new URL('.', import.meta.url)), 'migrations');

async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** PGlite in `dataDir` (or in memory when dataDir is undefined). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  // the extensions the migrations create (0009: trigram indexes for the device list's searches)
  const client = new PGlite({ dataDir, extensions: { pg_trgm, btree_gin } });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  const rows = <T>(q: SQL, tx?: Tx) => rowsOf<T>(tx ?? db, q);
  return {
    kind: 'pglite',
    db,
    rows,
    prepared: (_name, q) => rows(q),
    ephemeral: (_name, q) => rows(q),
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection closed by the server (a restart, an administrator) must not crash the
  // process: the pool drops it and opens a new one on the next query.
  const onIdleError = (err: Error) => process.stderr.write(`PostgreSQL connection lost: ${err.message}\n`);
  pool.on('error', onIdleError);
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
  const relaxed = new pg.Pool({ connectionString: url, max: Math.max(2, Math.ceil(poolSize / 3)), options: '-c synchronous_commit=off' });
  relaxed.on('error', onIdleError);
  const named = async <T>(p: pg.Pool, name: string, q: SQL): Promise<T[]> => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    const res = await p.query({ name, text, values: params as unknown[] });
    return res.rows as T[];
  };
  return {
    kind: 'postgres',
    db,
    rows: (q, tx) => rowsOf(tx ?? db, q),
    prepared: (name, q) => named(pool, name, q),
    ephemeral: (name, q) => named(relaxed, name, q),
    close: async () => {
      await Promise.all([pool.end(), relaxed.end()]);
    },
  };
}

export { sql };
