import type { ReportKind } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Narrow, Row } from '../../db/row.js';
import type { ReportCompany } from './company.js';
import type { ReportWindow } from './window.js';

/** Computations under way in this process, so concurrent requests for one report wait for one. */
const underWay = new Map<string, Promise<unknown>>();

/**
 * A report's answer through `report_snapshots` (docs/reports.md "Snapshots"): the stored answer
 * when it is for the same window and younger than `maxAgeSeconds`, else computed, stored and
 * returned. The window ends with yesterday (T+1), so within a day only late reports change it;
 * the age bounds how late they show. `maxAgeSeconds` 0 computes every time and stores nothing.
 * The stored time is when the computation started, the moment its data was read.
 */
export async function throughSnapshot<T>(
  database: Database,
  key: { company: ReportCompany; kind: ReportKind; w: ReportWindow },
  maxAgeSeconds: number,
  compute: () => Promise<T>,
): Promise<T> {
  if (maxAgeSeconds <= 0) return compute();
  const { company, kind, w } = key;
  const [hit] = await database.rows<Narrow<Row<'report_snapshots', 'body'>, { body: T }>>(
    sql`SELECT body FROM report_snapshots WHERE company_id = ${company.id} AND kind = ${kind} AND period = ${w.period}
        AND to_day = ${w.to}::date AND computed_at > now() - make_interval(secs => ${maxAgeSeconds})`,
  );
  if (hit) return hit.body;
  const id = `${company.id}/${kind}/${w.period}/${w.to}`;
  let running = underWay.get(id) as Promise<T> | undefined;
  if (!running) {
    const startedAt = new Date().toISOString();
    running = compute()
      .then(async (body) => {
        await database.rows(
          sql`INSERT INTO report_snapshots (company_id, kind, period, to_day, body, computed_at)
              VALUES (${company.id}, ${kind}, ${w.period}, ${w.to}::date, ${JSON.stringify(body)}::jsonb, ${startedAt}::timestamptz)
              ON CONFLICT (company_id, kind, period) DO UPDATE SET to_day = excluded.to_day, body = excluded.body, computed_at = excluded.computed_at
              WHERE report_snapshots.computed_at < excluded.computed_at`,
        );
        return body;
      })
      .finally(() => underWay.delete(id));
    underWay.set(id, running);
  }
  return running;
}
