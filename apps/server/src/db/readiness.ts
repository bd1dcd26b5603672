import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

/** What /readyz answers (docs/scaling.md): ready when the database answers and its migrations are this build's. */
export type Readiness = {
  ready: boolean;
  database: 'ok' | 'unreachable';
  /** current: the newest migration applied is this build's newest; behind / ahead otherwise */
  migrations: 'current' | 'behind' | 'ahead' | 'unknown';
  replica?: ReplicaState;
};

export type ReplicaState = {
  state: 'ok' | 'lagging' | 'unreachable';
  /** WAL bytes the replica has yet to replay; 0 when caught up */
  lagBytes: number | null;
  /** seconds since the last transaction it replayed, 0 when caught up */
  lagSeconds: number | null;
};

/** The newest migration of this build (drizzle's journal `when`, which the migrator stores as created_at). */
export function newestMigration(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** The database's side of readiness: reachable, and whether its newest applied migration is `newest`. */
export async function databaseReadiness(database: Pick<Database, 'rows'>, newest: number): Promise<Omit<Readiness, 'ready' | 'replica'>> {
  try {
    const [row] = await database.rows<{ applied: string | null }>(sql`SELECT max(created_at)::text AS applied FROM drizzle.__drizzle_migrations`);
    const applied = row?.applied === null || row?.applied === undefined ? null : Number(row.applied);
    const migrations = applied === null ? 'behind' : applied === newest ? 'current' : applied < newest ? 'behind' : 'ahead';
    return { database: 'ok', migrations };
  } catch {
    return { database: 'unreachable', migrations: 'unknown' };
  }
}
