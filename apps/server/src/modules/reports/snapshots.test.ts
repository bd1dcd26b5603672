import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/helper.js';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import { throughSnapshot } from './snapshots.js';
import { reportWindow } from './window.js';

let db: Database;
let company: { id: string; name: string };

beforeAll(async () => {
  db = await freshDatabase();
  [company] = await db.rows<Row<'companies', 'id' | 'name'>>(
    sql`INSERT INTO companies (path, name, country, certification) VALUES ('snapshots/', '快照公司', 'CN', 'verified') RETURNING id, name`,
  );
});
afterAll(() => db.close());

/** A computation that counts its runs and answers with the run's number. */
function counter(delayMs = 0) {
  const c = { runs: 0, compute: async () => ({ run: ++c.runs, ratio: 0.25, devices: [{ imei: '860000000000001', bytes: 2 ** 40 }] }) };
  if (delayMs) {
    const inner = c.compute;
    c.compute = async () => {
      await new Promise((r) => setTimeout(r, delayMs));
      return inner();
    };
  }
  return c;
}
const stored = () =>
  db.rows<Row<'report_snapshots', 'kind' | 'period' | 'to_day'>>(sql`SELECT kind, period, to_day::text FROM report_snapshots WHERE company_id = ${company.id}`);

describe('report snapshots', () => {
  it('computes every time and stores nothing when the age is 0', async () => {
    const c = counter();
    const key = { company, kind: 'flow' as const, w: reportWindow('7d') };
    expect((await throughSnapshot(db, key, 0, c.compute)).run).toBe(1);
    expect((await throughSnapshot(db, key, 0, c.compute)).run).toBe(2);
    expect(await stored()).toEqual([]);
  });

  it('serves the stored answer, exactly as computed, while it is young enough and for the same day', async () => {
    const c = counter();
    const key = { company, kind: 'stability' as const, w: reportWindow('12m') };
    const first = await throughSnapshot(db, key, 300, c.compute);
    const again = await throughSnapshot(db, key, 300, c.compute);
    expect(c.runs).toBe(1);
    expect(again).toEqual(first);
    expect(await stored()).toEqual([{ kind: 'stability', period: '12m', to_day: key.w.to }]);
    // another period is another answer
    await throughSnapshot(db, { ...key, w: reportWindow('30d') }, 300, c.compute);
    expect(c.runs).toBe(2);
  });

  it('computes again when the answer is older than the age, or for another day', async () => {
    const c = counter();
    const key = { company, kind: 'flow' as const, w: reportWindow('90d') };
    await throughSnapshot(db, key, 300, c.compute);
    await db.rows(sql`UPDATE report_snapshots SET computed_at = now() - interval '301 seconds' WHERE company_id = ${company.id} AND period = '90d'`);
    expect((await throughSnapshot(db, key, 300, c.compute)).run).toBe(2);
    expect((await throughSnapshot(db, key, 300, c.compute)).run).toBe(2);
    // the next day's window (yesterday moved on): the stored answer is for another last day
    const tomorrow = { ...key, w: reportWindow('90d', Date.now() + 86_400_000) };
    expect((await throughSnapshot(db, tomorrow, 300, c.compute)).run).toBe(3);
    expect((await stored()).find((r) => r.period === '90d')?.to_day).toBe(tomorrow.w.to);
  });

  it('lets concurrent requests for one report wait for one computation', async () => {
    const c = counter(50);
    const key = { company, kind: 'flow' as const, w: reportWindow('60d') };
    const answers = await Promise.all(Array.from({ length: 5 }, () => throughSnapshot(db, key, 300, c.compute)));
    expect(c.runs).toBe(1);
    expect(new Set(answers.map((a) => a.run))).toEqual(new Set([1]));
  });

  it('stores nothing when the computation fails, and the next request computes again', async () => {
    const key = { company, kind: 'stability' as const, w: reportWindow('6m') };
    await expect(throughSnapshot(db, key, 300, () => Promise.reject(new Error('statement timeout')))).rejects.toThrow('statement timeout');
    expect((await stored()).some((r) => r.period === '6m')).toBe(false);
    const c = counter();
    expect((await throughSnapshot(db, key, 300, c.compute)).run).toBe(1);
  });
});
