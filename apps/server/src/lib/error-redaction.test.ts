import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, call, DEMO, login, type Session } from '../../test/helper.js';
import { type ProbeApp, probeApp } from '../../test/probe-app.js';
import type { Row } from '../db/row.js';
import { JobRunner } from '../jobs/runner.js';

const SECRET = 'Sup3r-Secret-Value-4711';

let p: ProbeApp;
let s: Session;
beforeAll(async () => {
  p = await probeApp({
    // a data exception quoting the value: answered 28002, logged as a warning
    cast: () => sql`SELECT ${SECRET}::uuid`,
    // a fault of the code with the value among the parameters: a 500, logged as an error
    missing: () => sql`SELECT ${SECRET}::text FROM no_such_table`,
    // a constraint whose detail lists the failing row, value included
    row: () => sql`INSERT INTO device_groups (company_id, name) VALUES (NULL, ${SECRET})`,
  });
  s = await login(p.app, DEMO.admin);
});
afterAll(() => p.close());

describe('the log of a failed query', () => {
  it.each([
    ['cast', 400, '22P02'],
    ['missing', 500, '42P01'],
    ['row', 500, '23502'],
  ])('(%s) keeps the SQL and its SQLSTATE, not the parameter values', async (query, status, state) => {
    p.lines.length = 0;
    const res = await call(p.app, s, api('/feedback/add'), { feedback: query });
    expect(res.statusCode).toBe(status);
    const text = p.lines.join('');
    expect(text).toContain('Failed query: ');
    expect(text).toContain(`"code":"${state}"`);
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(SECRET);
    expect(res.body).not.toContain(SECRET);
  });

  it('keeps the values out of a failed job’s log line and stored failure', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => lines.push(l) });
    const runner = new JobRunner(p.database, { probe: async () => void (await p.database.rows(sql`SELECT ${SECRET}::uuid`)) }, [], log);
    await p.database.rows(sql`INSERT INTO jobs (name, payload) VALUES ('probe', '{}'::jsonb)`);
    expect(await runner.tick()).toBe(1);
    const [job] = await p.database.rows<Row<'jobs', 'last_error'>>(sql`SELECT last_error FROM jobs WHERE name = 'probe'`);
    expect(job.last_error).toContain('Failed query: ');
    expect(job.last_error).not.toContain(SECRET);
    expect(lines.join('')).toContain('job failed');
    expect(lines.join('')).not.toContain(SECRET);
  });
});
