import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.js';
import { startDraining } from './health.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
});
afterAll(() => t.close());

describe('health probes', () => {
  it('/healthz answers without a signature', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect([r.statusCode, r.json(), r.headers['cache-control']]).toEqual([200, { status: 'ok' }, 'no-store']);
  });

  it('/readyz is 200 with current migrations and 503 when the database is behind this build', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ ready: true, database: 'ok', migrations: 'current' });
    await t.database.rows(
      sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)`,
    );
    const behind = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([behind.statusCode, behind.json().migrations]).toEqual([503, 'behind']);
    await t.database.rows(
      sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at + 1 WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations)`,
    );
  });

  it('/readyz answers 503 draining once the process is shutting down, while the API still answers', async () => {
    startDraining(t.app);
    const r = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([r.statusCode, r.json().draining, r.json().database]).toEqual([503, true, 'ok']);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
