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
import { databaseReadiness, newestMigration, type Readiness } from './readiness.js';
import { type ReplicaOptions, replicaReader } from './replica.js';
import * as schema from './schema/index.js';
import { PG_WIRE_TYPES, PGLITE_WIRE_PARSERS } from './wire-types.js';

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
  /**
   * The same database for reads that may come from the read replica (DATABASE_REPLICA_URL;
   * docs/scaling.md "Reads from the replica"): `rows` without a transaction goes to the replica
   * while it is reachable and close enough, everything else to the primary. Only for figures
   * that a person's own change a moment ago cannot be expected in (T+1 reports).
   */
  forReads(): Database;
  /** what /readyz answers: database reachable, migrations current, the replica's lag */
  readiness(): Promise<Readiness>;
  close(): Promise<void>;
};

export type PostgresOptions = {
  poolSize?: number;
  /**
   * `transaction`: DATABASE_URL is a transaction-pooling PgBouncer (DATABASE_POOLER): no named
   * prepared statements, no session settings; migrations then take their session lock through
   * `directUrl`, the primary itself.
   */
  pooler?: 'session' | 'transaction';
  directUrl?: string;
  /**
   * Behind a transaction pooler: the same database through a pooler entry whose server
   * connections run `SET synchronous_commit = off` (PgBouncer's connect_query), for the replay
   * records. Without it they commit like every write.
   */
  relaxedUrl?: string;
  replica?: Omit<ReplicaOptions, 'poolSize'> & { poolSize?: number };
};

const dialect = new PgDialect();
const migrationsFolder = join(fileURLToPath(new URL('.', import.meta.url)), 'migrations');
const NEWEST_MIGRATION = newestMigration(migrationsFolder);

async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** PGlite in `dataDir` (or in memory when dataDir is undefined). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  // the extensions the migrations create (0009: trigram indexes for the device list's searches)
  const client = new PGlite({ dataDir, extensions: { pg_trgm, btree_gin }, parsers: PGLITE_WIRE_PARSERS });
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  const rows = <T>(q: SQL, tx?: Tx) => rowsOf<T>(tx ?? db, q);
  const database: Database = {
    kind: 'pglite',
    db,
    rows,
    prepared: (_name, q) => rows(q),
    ephemeral: (_name, q) => rows(q),
    forReads: () => database,
    readiness: async () => {
      const d = await databaseReadiness(database, NEWEST_MIGRATION);
      return { ready: d.database === 'ok' && d.migrations === 'current', ...d };
    },
    close: () => client.close(),
  };
  return database;
}

export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Database> {
  const poolSize = opts.poolSize ?? 10;
  const transactionPooling = opts.pooler === 'transaction';
  if (transactionPooling && !opts.directUrl) throw new Error('a transaction pooler needs the primary itself for migrations (DATABASE_DIRECT_URL)');
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection closed by the server (a restart, an administrator) must not crash the
  // process: the pool drops it and opens a new one on the next query.
  const onIdleError = (err: Error) => process.stderr.write(`PostgreSQL connection lost: ${err.message}\n`);
  pool.on('error', onIdleError);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await migrateOnce(opts.directUrl ?? url);
  // Replay records commit without waiting for the WAL flush, on a small pool whose sessions say
  // so. A transaction pooler keeps no session settings: there the pooler's own entry for them
  // sets it on its server connections (relaxedUrl), or they commit like any write.
  const relaxedSize = Math.max(2, Math.ceil(poolSize / 3));
  const relaxed = !transactionPooling
    ? new pg.Pool({ connectionString: url, max: relaxedSize, options: '-c synchronous_commit=off' })
    : opts.relaxedUrl
      ? new pg.Pool({ connectionString: opts.relaxedUrl, max: relaxedSize })
      : pool;
  if (relaxed !== pool) relaxed.on('error', onIdleError);
  // A named statement is prepared once per server connection; behind a transaction pooler the
  // next transaction may run on another connection, so statements go unnamed (planned each time).
  const named = async <T>(p: pg.Pool, name: string, q: SQL): Promise<T[]> => {
    const { sql: text, params } = dialect.sqlToQuery(q);
    const values = params as unknown[];
    const res = await p.query(transactionPooling ? { text, values, types: PG_WIRE_TYPES } : { name, text, values, types: PG_WIRE_TYPES });
    return res.rows as T[];
  };
  const replica = opts.replica
    ? replicaReader(async () => (await pool.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0].lsn, {
        ...opts.replica,
        poolSize: opts.replica.poolSize ?? poolSize,
      })
    : null;
  const rows = <T>(q: SQL, tx?: Tx) => rowsOf<T>(tx ?? db, q);
  const database: Database = {
    kind: 'postgres',
    db,
    rows,
    prepared: (name, q) => named(pool, name, q),
    ephemeral: (name, q) => named(relaxed, name, q),
    forReads: () => readView,
    readiness: async () => {
      const d = await databaseReadiness(database, NEWEST_MIGRATION);
      return { ready: d.database === 'ok' && d.migrations === 'current', ...d, ...(replica ? { replica: await replica.refresh() } : {}) };
    },
    close: async () => {
      await replica?.close();
      await Promise.all([pool.end(), relaxed === pool ? null : relaxed.end()]);
    },
  };
  const readView: Database = replica
    ? {
        ...database,
        rows: <T>(q: SQL, tx?: Tx) => {
          if (tx) return rows<T>(q, tx);
          const { sql: text, params } = dialect.sqlToQuery(q);
          return replica.query<T>(text, params as unknown[], () => rows<T>(q));
        },
      }
    : database;
  return database;
}

/** Several API processes may start at once: one migrates (under a session lock) while the others wait. */
async function migrateOnce(url: string): Promise<void> {
  const conn = new pg.Client({ connectionString: url });
  await conn.connect();
  try {
    await conn.query('SELECT pg_advisory_lock(727274)');
    await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder });
  } finally {
    await conn.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
    await conn.end();
  }
}

export { sql };
