import { type ApiKey, ENDPOINTS, type Endpoint } from '@rrp/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.js';
import { buildFixtures, CALLERS, type CallerName, type Fixtures } from './fixtures.js';
import { auditCount, callRoute, defaultExpect, digest, type Expect, succeeded } from './matrix.js';
import { MATRIX } from './rows/index.js';

let t: TestApp;
let fx: Fixtures;
beforeAll(async () => {
  t = await buildTestApp();
  fx = await buildFixtures(t);
});
afterAll(() => t.close());

// refused callers first; the holder last, since its call may change or delete the record
const ORDER: CallerName[] = ['nobody', 'staff', 'foreign', 'sub', 'lacking', 'holder'];
const keys = Object.keys(ENDPOINTS) as ApiKey[];

describe('access matrix', () => {
  it('has a row for every declared route, and none for a route that does not exist', () => {
    expect(keys.filter((k) => !MATRIX[k])).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !(k in ENDPOINTS))).toEqual([]);
    expect(CALLERS.every((c) => ORDER.includes(c))).toBe(true);
  });

  it.each(keys)('%s', async (key) => {
    const endpoint = ENDPOINTS[key] as Endpoint;
    const row = MATRIX[key] ?? {};
    const seen: string[] = [];
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
      if (expected !== 'ok') {
        expect.soft(await digest(t.database), `${caller}'s refused call changed the database`).toBe(before);
      } else if (endpoint.audit) {
        expect.soft(await auditCount(t.database, endpoint.audit), `${caller}'s call wrote no ${endpoint.audit} audit event`).toBeGreaterThan(audits);
      }
    }
    expect(seen.filter((s) => s.includes('expected'))).toEqual([]);
  });
});
