import { randomUUID } from 'node:crypto';
import { type ApiKey, ENDPOINTS, type Endpoint, ERROR_STATUS, SESSION_ENDED_CODES, signedHeaders } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/modules/auth/index.js';
import { getOrCreateDeviceKey } from '../../src/modules/devicekeys/index.js';
import { companyIdOf, imeis, xlsx } from '../devices.js';
import { buildTestApp, DEMO, DEMO_PASSWORD, OPS_PASSWORD, type Session, type TestApp, tryLogin } from '../helper.js';
import type { Pool } from './arbitraries.js';
import { type FuzzRequest, realImages, requestsFor } from './requests.js';

/**
 * Generated requests to every declared route, signed as the principal it declares (a member
 * holding every code, platform staff, a device key; public routes unsigned): schema-shaped values
 * with hostile parts, arbitrary JSON, bodies that are not JSON, garbage uploads, forged cursors.
 * No answer may be a 500. RRP_FUZZ_RUNS sets the runs per route; RRP_FUZZ_SEED replays a failure.
 */
const RUNS = Number(process.env.RRP_FUZZ_RUNS ?? 30);
const SEED = process.env.RRP_FUZZ_SEED ? Number(process.env.RRP_FUZZ_SEED) : undefined;
const KEYS = Object.keys(ENDPOINTS) as ApiKey[];
/** 5xx answers a route may give by design: a network operator's failure (502), never the server's own. */
const UPSTREAM = new Set(
  Object.entries(ERROR_STATUS)
    .filter(([, s]) => s === 502)
    .map(([c]) => Number(c)),
);

let t: TestApp;
let pool: Pool;
let realFiles: Buffer[];
const credentials: Partial<Record<'member' | 'staff' | 'device', Pick<Session, 'token' | 'secretKey'>>> = {};
const reached = new Map<ApiKey, number>();
let address = 0;
const nextAddress = () => `10.66.${Math.floor(++address / 250) % 250}.${address % 250}`;

const userIds: Partial<Record<'member' | 'staff', string>> = {};

/** Signs in through the API the first time; a session a generated call ended (logout) is replaced straight in the database. */
async function signIn(principal: 'member' | 'staff'): Promise<void> {
  const userId = userIds[principal];
  if (userId) {
    credentials[principal] = await createSession(t.database, userId);
    return;
  }
  const [email, password] = principal === 'member' ? [DEMO.admin, DEMO_PASSWORD] : [DEMO.ops, OPS_PASSWORD];
  const res = await tryLogin(t.app, email, password, { ip: nextAddress() });
  if (!res.json().success) throw new Error(`sign-in of ${email} failed: ${res.body}`);
  credentials[principal] = res.json().obj;
  const [user] = await t.database.rows<{ id: string }>(sql`SELECT id::text AS id FROM users WHERE email = ${email}`);
  userIds[principal] = user.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  const demo = await companyIdOf(t.database, DEMO.admin);
  for (const imei of imeis('86555', 6))
    await t.database.rows(sql`INSERT INTO devices (company_id, imei, name, region, status, online, license_expires_at)
      VALUES (${demo.id}, ${imei}, 'fuzz', 'europe', 'physical_card', true, now() + interval '100 days')`);
  await t.database.rows(sql`INSERT INTO device_groups (company_id, name) VALUES (${demo.id}, 'fuzz group')`);
  await signIn('member');
  await signIn('staff');
  const key = await getOrCreateDeviceKey(t.database, demo.id);
  credentials.device = { token: key.keyId, secretKey: key.secret };

  // real values, so that calls reach past "not found"; never the signed-in member or the company it belongs to
  const ids: string[] = [];
  for (const table of ['companies', 'users', 'roles', 'device_groups', 'devices', 'announcements', 'import_tasks', 'certifications', 'invitations'])
    ids.push(...(await t.database.rows<{ id: string }>(sql.raw(`SELECT id::text AS id FROM ${table} LIMIT 20`))).map((r) => r.id));
  const own = new Set([userIds.member, userIds.staff, demo.id]);
  const devices = await t.database.rows<{ imei: string }>(sql`SELECT imei FROM devices LIMIT 20`);
  const emails = await t.database.rows<{ email: string }>(sql`SELECT email FROM users WHERE email <> ${DEMO.admin} AND email <> ${DEMO.ops} LIMIT 10`);
  const first = await call('POST /rrp/device/list', {
    method: 'POST',
    url: '/api/v1/rrp/device/list',
    payload: '{"pageSize":1}',
    contentType: 'application/json',
    note: '',
  });
  pool = {
    ids: ids.filter((id) => !own.has(id)),
    imeis: devices.map((d) => d.imei),
    emails: emails.map((e) => e.email),
    cursors: [JSON.parse(first.body).obj?.nextCursor].filter(Boolean),
  };
  realFiles = [...realImages(), await xlsx(pool.imeis.map((imei, i) => [imei, `fuzz ${i}`])), await xlsx([['not an imei', '\u0000']])];
});
afterAll(() => t.close());

/** Sends one call as the route's principal; a session another call ended is signed in again and the call repeated. */
async function call(key: ApiKey, req: FuzzRequest) {
  const endpoint = ENDPOINTS[key] as Endpoint;
  for (let attempt = 0; ; attempt++) {
    const headers: Record<string, string> = { 'accept-language': attempt % 2 ? 'en' : 'zh-CN' };
    if (req.contentType) headers['content-type'] = req.contentType;
    const principal = endpoint.principal;
    // a provider's notification carries the provider's signature, not ours: sent unsigned, it is refused
    if (principal !== 'public' && principal !== 'provider') {
      const c = credentials[principal];
      if (!c) throw new Error(`no credentials for ${principal}`);
      Object.assign(
        headers,
        await signedHeaders({ ...c, method: req.method, url: req.url, body: req.payload ?? '', timestamp: Date.now(), requestId: randomUUID() }),
      );
    }
    const res = await t.app.inject({ method: req.method, url: req.url, headers, payload: req.payload, remoteAddress: nextAddress() });
    const code = res.headers['content-type']?.toString().includes('json') ? (JSON.parse(res.body) as { code?: number }).code : undefined;
    if ((principal === 'member' || principal === 'staff') && attempt === 0 && SESSION_ENDED_CODES.includes(code as never)) {
      await signIn(principal);
      continue;
    }
    return { status: res.statusCode, code, body: res.body };
  }
}

describe('generated requests to every declared route', () => {
  it.each(KEYS)('%s never answers 500', async (key) => {
    const endpoint = ENDPOINTS[key] as Endpoint;
    await fc.assert(
      fc.asyncProperty(requestsFor(key, endpoint, pool, realFiles), async (req) => {
        const res = await call(key, req);
        if (res.code !== 29012) reached.set(key, (reached.get(key) ?? 0) + 1);
        const upstream = res.status === 502 && UPSTREAM.has(res.code as number);
        if (res.status >= 500 && !upstream)
          throw new Error(`${req.method} ${req.url.slice(0, 300)} (${req.note}) answered ${res.status}: ${res.body.slice(0, 500)}`);
      }),
      // below the test's own 30 s limit: on a loaded machine a slow route (image cleaning) runs fewer cases instead of timing out
      { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: 20_000 },
    );
  });

  it('reached every declared route (none is left out of the loop, none answered only "no such route")', () => {
    expect(KEYS.filter((k) => !reached.has(k))).toEqual([]);
    expect([...reached.keys()].sort()).toEqual([...KEYS].sort());
  });
});
