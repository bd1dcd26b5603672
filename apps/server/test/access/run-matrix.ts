import { type ApiKey, ENDPOINTS, type Endpoint } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, type TestApp } from '../helper.js';
import { buildFixtures, type CallerName, type Fixtures } from './fixtures.js';
import { auditCount, callRoute, defaultExpect, digest, type Expect, leakedMarkers, type MatrixRows, ownerMarkers, succeeded } from './matrix.js';
import { addOwnerRecords } from './owner-records.js';

// refused callers first; the holder last, since its call may change or delete the record
export const ORDER: CallerName[] = ['nobody', 'staff', 'foreign', 'sub', 'lacking', 'holder'];

/**
 * The access matrix over some routes' rows, on an app and fixtures of its own (the parts run in
 * parallel, one file each; access-matrix.test.ts checks that the parts cover every route once).
 */
export function describeMatrix(name: string, rows: MatrixRows): void {
  let t: TestApp;
  let fx: Fixtures;
  beforeAll(async () => {
    t = await buildTestApp();
    fx = await buildFixtures(t);
    const [holder] = await t.database.rows<{ id: string }>(sql`SELECT id FROM users WHERE email = ${DEMO.admin}`);
    await addOwnerRecords(t, fx.demo.id, holder.id);
  });
  afterAll(() => t.close());

  // in the order of the declarations, as one matrix run calls them
  const keys = (Object.keys(ENDPOINTS) as ApiKey[]).filter((k) => rows[k]);

  describe(`access matrix: ${name}`, () => {
    it.each(keys)('%s', async (key) => {
      const endpoint = ENDPOINTS[key] as Endpoint;
      const row = rows[key] ?? {};
      const seen: string[] = [];
      const isList = endpoint.principal === 'member' && /\/list$/.test(key) && !row.ownerRowsAbsent;
      // what names the demo company's records (its sub-company's too): a foreign caller's answer holds none of it
      const owner = endpoint.principal === 'member' ? await ownerMarkers(t.database, [fx.demo.id, fx.sub.id]) : new Set<string>();
      for (const caller of ORDER) {
        const expected: Expect | 'skip' = row.expect?.[caller] ?? defaultExpect(endpoint, caller);
        if (expected === 'skip') continue;
        const req = (await row.request?.(fx, caller)) ?? {};
        const session = caller === 'nobody' ? null : (req.as ?? fx.sessions[caller]);
        const before = expected === 'ok' ? null : await digest(t.database);
        const audits = expected === 'ok' && endpoint.audit ? await auditCount(t.database, endpoint.audit) : 0;
        const answer = await callRoute(fx, key, session, req);
        const got = succeeded(answer) ? 'ok' : answer.code;
        seen.push(`${caller}: ${got}${got === expected ? '' : ` (expected ${expected}: ${answer.status} ${answer.body.slice(0, 300)})`}`);
        if (caller === 'holder' && got === 'ok' && isList) {
          const now = await ownerMarkers(t.database, [fx.demo.id, fx.sub.id]);
          expect
            .soft(
              leakedMarkers(answer.body, now).length,
              `the holder's list shows none of its records, so nothing proves the foreign caller's list empty: ${answer.body.slice(0, 400)}`,
            )
            .toBeGreaterThan(0);
        }
        if (caller === 'foreign' && got === 'ok') {
          expect.soft(leakedMarkers(answer.body, owner), `the foreign caller's answer holds the owner's records`).toEqual([]);
        }
        if (expected !== 'ok') {
          expect.soft(await digest(t.database), `${caller}'s refused call changed the database`).toBe(before);
        } else if (endpoint.audit) {
          expect.soft(await auditCount(t.database, endpoint.audit), `${caller}'s call wrote no ${endpoint.audit} audit event`).toBeGreaterThan(audits);
        }
      }
      expect(seen.filter((s) => s.includes('expected'))).toEqual([]);
    });
  });
}
