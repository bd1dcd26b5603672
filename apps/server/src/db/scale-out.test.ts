import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, freshDatabase, TEST_DB } from '../../test/helper.js';
import { type Database, openPostgres, type Tx } from './client.js';
import type { Count } from './row.js';

describe('readiness', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('is ready when the database answers and holds this build’s newest migration, not when one is missing', async () => {
    expect(await database.readiness()).toMatchObject({ ready: true, database: 'ok', migrations: 'current' });
    const [newest] = await database.rows<{ id: number }>(sql`SELECT id FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`);
    await database.rows(sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE id = ${newest.id}`);
    expect(await database.readiness()).toMatchObject({ ready: false, migrations: 'behind' });
    await database.rows(sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at + 2 WHERE id = ${newest.id}`);
    expect(await database.readiness()).toMatchObject({ ready: false, migrations: 'ahead' });
    await database.rows(sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE id = ${newest.id}`);
    expect((await database.readiness()).ready).toBe(true);
  });

  it('without a replica, reads are the primary’s', async () => {
    expect(database.forReads()).toBe(database);
    expect((await database.readiness()).replica).toBeUndefined();
  });
});

describe.runIf(TEST_DB === 'postgres')('PostgreSQL behind a pooler and with a replica', () => {
  let target: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    target = await emptyPostgresDatabase();
  });
  afterAll(() => target.drop());

  const withName = (url: string, name: string) => {
    const u = new URL(url);
    u.searchParams.set('application_name', name);
    return u.toString();
  };
  /** Which server answered a read (its application name), and a date and a timestamp as it answers them. */
  const answer = (on: Database, tx?: Tx) =>
    on
      .rows<{ app: string; day: unknown; at: unknown }>(sql`SELECT current_setting('application_name') AS app, '2026-11-01'::date AS day, now() AS at`, tx)
      .then((r) => r[0]);
  const preparedHere = (d: Database) =>
    d.rows<Count>(sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = 'scale_out_probe'`).then((r) => r[0].n);

  it('prepares named statements on a direct connection, none with DATABASE_POOLER=transaction', async () => {
    // one connection, so the probe and the check meet on the same server session
    const direct = await openPostgres(target.url, { poolSize: 1 });
    await direct.prepared('scale_out_probe', sql`SELECT 1 AS one`);
    expect(await preparedHere(direct)).toBe(1);
    await direct.close();
    const pooled = await openPostgres(target.url, { poolSize: 1, pooler: 'transaction', directUrl: target.url });
    expect(await pooled.prepared('scale_out_probe', sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    expect(await pooled.ephemeral('scale_out_probe', sql`SELECT 2 AS two`)).toEqual([{ two: 2 }]);
    expect(await preparedHere(pooled)).toBe(0);
    // and no session setting: the replay records commit like every write
    expect(await pooled.ephemeral('scale_out_sync', sql`SELECT current_setting('synchronous_commit') AS s`)).toEqual([{ s: 'on' }]);
    await pooled.close();
  });

  it('behind a transaction pooler, commits replay records on the pooler’s relaxed entry when there is one', async () => {
    // the test server stands in for PgBouncer's entry whose connect_query sets synchronous_commit off
    const u = new URL(target.url);
    u.searchParams.set('options', '-c synchronous_commit=off');
    const pooled = await openPostgres(target.url, { poolSize: 2, pooler: 'transaction', directUrl: target.url, relaxedUrl: u.toString() });
    expect(await pooled.ephemeral('scale_out_sync', sql`SELECT current_setting('synchronous_commit') AS s`)).toEqual([{ s: 'off' }]);
    expect(await pooled.prepared('scale_out_sync', sql`SELECT current_setting('synchronous_commit') AS s`)).toEqual([{ s: 'on' }]);
    await pooled.close();
  });

  it('refuses a transaction pooler without the primary’s own address for migrations', async () => {
    await expect(openPostgres(target.url, { pooler: 'transaction' })).rejects.toThrow(/DATABASE_DIRECT_URL/);
  });

  it('sends report reads to a reachable replica, with dates as text like the primary', async () => {
    // the test server stands in for the replica under another application name
    const d = await openPostgres(withName(target.url, 'rrp-primary'), {
      poolSize: 2,
      replica: { url: withName(target.url, 'rrp-replica'), maxLagSeconds: 30 },
    });
    await d.readiness();
    const read = await answer(d.forReads());
    const primary = await answer(d);
    expect([read.app, primary.app]).toEqual(['rrp-replica', 'rrp-primary']);
    expect([typeof read.day, typeof read.at]).toEqual([typeof primary.day, typeof primary.at]);
    expect(read.day).toBe('2026-11-01');
    // a transaction always stays on the primary
    const inTx = await d.db.transaction((tx) => answer(d.forReads(), tx));
    expect(inTx.app).toBe('rrp-primary');
    expect((await d.readiness()).replica).toMatchObject({ state: 'ok', lagBytes: 0 });
    await d.close();
  });

  it('reads from the primary at once when the replica cannot be reached, and says so on readiness', async () => {
    const logged: string[] = [];
    const d = await openPostgres(withName(target.url, 'rrp-primary'), {
      poolSize: 2,
      replica: { url: 'postgres://postgres@127.0.0.1:1/none', maxLagSeconds: 30, log: (m) => logged.push(m) },
    });
    const r = await d.readiness();
    expect(r).toMatchObject({ ready: true, replica: { state: 'unreachable', lagBytes: null } });
    const t0 = performance.now();
    expect((await answer(d.forReads())).app).toBe('rrp-primary');
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(logged).toContain('read replica unreachable: reads go to the primary');
    await d.close();
  });
});
