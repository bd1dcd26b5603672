import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/helper.js';
import type { Database } from '../db/client.js';
import type { Row } from '../db/row.js';
import { JobRunner } from './runner.js';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());
const log = pino({ level: 'silent' });
const enqueue = (name: string, payload: object = {}) =>
  database.rows(sql`INSERT INTO jobs (name, payload, max_attempts) VALUES (${name}, ${JSON.stringify(payload)}::jsonb, 3)`);
const statusOf = async (name: string) =>
  database.rows<Row<'jobs', 'status' | 'attempts' | 'last_error'>>(sql`SELECT status, attempts, last_error FROM jobs WHERE name = ${name} ORDER BY id`);

describe('durable jobs', () => {
  it('runs a due job once and marks it done', async () => {
    const seen: unknown[] = [];
    const r = new JobRunner(database, { hello: async (p) => void seen.push(p) }, [], log);
    await enqueue('hello', { n: 1 });
    expect(await r.tick()).toBe(1);
    expect(await r.tick()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await statusOf('hello'))[0].status).toBe('done');
  });

  it('retries a failing job later, then gives up after max attempts', async () => {
    let calls = 0;
    const r = new JobRunner(
      database,
      {
        flaky: async () => {
          calls++;
          throw new Error('smtp down');
        },
      },
      [],
      log,
    );
    await enqueue('flaky');
    await r.tick();
    let [row] = await statusOf('flaky');
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'smtp down' });
    expect(await r.tick()).toBe(0); // backoff: not due yet
    for (let i = 0; i < 2; i++) {
      await database.rows(sql`UPDATE jobs SET run_at = now() WHERE name = 'flaky'`);
      await r.tick();
    }
    [row] = await statusOf('flaky');
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(calls).toBe(3);
  });

  it('takes over a job whose worker died (lock expired)', async () => {
    await database.rows(sql`INSERT INTO jobs (name, status, attempts, locked_until) VALUES ('orphan', 'running', 1, now() - interval '1 second')`);
    let ran = 0;
    await new JobRunner(database, { orphan: async () => void ran++ }, [], log).tick();
    expect(ran).toBe(1);
  });

  it('schedules each periodic slot once, even with two runners', async () => {
    let ran = 0;
    const handlers = { tick: async () => void ran++ };
    const a = new JobRunner(database, handlers, [{ name: 'tick', everyMs: 3_600_000 }], log);
    const b = new JobRunner(database, handlers, [{ name: 'tick', everyMs: 3_600_000 }], log);
    await Promise.all([a.tick(), b.tick()]);
    await a.tick();
    expect(ran).toBe(1);
  });
});
