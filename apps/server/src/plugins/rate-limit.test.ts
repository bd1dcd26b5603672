import { randomUUID } from 'node:crypto';
import { API_ROOT, type ApiKey, ENDPOINTS, type Endpoint, parseKey } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testConfig } from '../../test/helper.js';
import { buildApp } from '../app.js';
import type { Count, Row } from '../db/row.js';
import { PUBLIC_LIMITS, publicLimitOf } from '../http/public-limits.js';
import { cleanup } from '../jobs/cleanup.js';
import { createProvider } from '../modules/network/index.js';
import { rateLimitPlugin } from './rate-limit.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PUBLIC = (Object.entries(ENDPOINTS) as [ApiKey, Endpoint][]).filter(([, e]) => e.principal === 'public').map(([k]) => k);

/** A request to an endpoint that its handler would refuse cheaply (no body, a bad path parameter). */
function requestTo(key: string, ip: string, lang = 'zh-CN') {
  const { method, path } = parseKey(key);
  return { method, url: path.replace(/:(\w+)/g, 'not-valid'), remoteAddress: ip, headers: { 'accept-language': lang } };
}

describe('every public endpoint is rate-limited per client address', () => {
  it('the contract declares public endpoints, and each has a limit (nothing else does)', () => {
    expect(PUBLIC.length).toBeGreaterThanOrEqual(9);
    for (const key of PUBLIC) expect(publicLimitOf(key), `${key} has no entry in PUBLIC_LIMITS`).toBeDefined();
    expect(Object.keys(PUBLIC_LIMITS).sort()).toEqual([...PUBLIC].sort());
  });

  it.each(PUBLIC)('%s: the call over the limit answers 429 29013 with Retry-After, in the caller’s language', async (key) => {
    const limit = publicLimitOf(key)!;
    const ip = `10.77.${PUBLIC.indexOf(key)}.1`;
    for (let i = 0; i < limit.max; i++) {
      const res = await t.app.inject(requestTo(key, ip));
      expect(res.statusCode, `call ${i + 1} of ${limit.max}`).not.toBe(429);
    }
    const over = await t.app.inject(requestTo(key, ip, 'en'));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ success: false, code: 29013, obj: null });
    expect(over.json().msg).toMatch(/^Too many requests, try again in \d+ seconds$/);
    const retryAfter = Number(over.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(limit.windowS);
    expect(over.json().msg).toContain(` ${retryAfter} seconds`);
    const zh = await t.app.inject(requestTo(key, ip, 'zh-CN'));
    expect(zh.json().msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    // another address is not held back
    expect((await t.app.inject(requestTo(key, `10.78.${PUBLIC.indexOf(key)}.1`))).statusCode).not.toBe(429);
  });

  it('stops a captcha flood: rows written stay at the limit', async () => {
    const { max } = PUBLIC_LIMITS['GET /rrp/captcha/generator/:captchaId'];
    const before = (await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM captchas`))[0].n;
    const statuses: number[] = [];
    for (let i = 0; i < max + 50; i++) {
      const res = await t.app.inject({ method: 'GET', url: `${API_ROOT}/rrp/captcha/generator/${randomUUID()}`, remoteAddress: '10.79.0.1' });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
    const after = (await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM captchas`))[0].n;
    expect(after - before).toBe(max);
  });

  it('lets exactly the limit through when the calls come at once', async () => {
    const key = 'POST /rrp/user/register';
    const { max } = PUBLIC_LIMITS[key];
    const res = await Promise.all(Array.from({ length: max + 15 }, () => t.app.inject(requestTo(key, '10.80.0.1'))));
    expect(res.filter((r) => r.statusCode === 429)).toHaveLength(15);
  });

  it('opens again when the window ends', async () => {
    const key = 'POST /rrp/send/verifyCode';
    const { max } = PUBLIC_LIMITS[key];
    for (let i = 0; i < max; i++) await t.app.inject(requestTo(key, '10.81.0.1'));
    expect((await t.app.inject(requestTo(key, '10.81.0.1'))).statusCode).toBe(429);
    await t.database.rows(sql`UPDATE rate_limits SET window_ends = now() - interval '1 second' WHERE bucket = ${key} AND subject = '10.81.0.1'`);
    expect((await t.app.inject(requestTo(key, '10.81.0.1'))).statusCode).toBe(400);
    const [row] = await t.database.rows<Row<'rate_limits', 'hits'>>(sql`SELECT hits FROM rate_limits WHERE bucket = ${key} AND subject = '10.81.0.1'`);
    expect(row.hits).toBe(1);
  });

  it('shares the counters between API processes on one database', async () => {
    const other = await buildApp({ config: t.config, database: t.database, provider: createProvider(t.database, { simulateFleet: false }), logger: false });
    try {
      const key = 'POST /rrp/user/forget/password';
      const { max } = PUBLIC_LIMITS[key];
      for (let i = 0; i < max; i++) await (i % 2 ? other : t.app).inject(requestTo(key, '10.82.0.1'));
      expect((await other.inject(requestTo(key, '10.82.0.1'))).statusCode).toBe(429);
      expect((await t.app.inject(requestTo(key, '10.82.0.1'))).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('counts the address behind a trusted proxy, and ignores a forwarded address from anyone else', async () => {
    const key = 'POST /rrp/user/invitation/accept';
    const { max } = PUBLIC_LIMITS[key];
    const behind = (config: Record<string, string>) =>
      buildApp({
        config: testConfig(config),
        database: t.database,
        provider: createProvider(t.database, { simulateFleet: false }),
        logger: false,
      });
    const send = (app: FastifyInstance, peer: string, forwarded: string) => app.inject({ ...requestTo(key, peer), headers: { 'x-forwarded-for': forwarded } });
    const proxied = await behind({ RRP_TRUST_PROXY: '10.84.0.1' });
    const direct = await behind({});
    try {
      // through the proxy: each client has its own count, whatever it writes on the left of the header
      for (let i = 0; i < max; i++) expect((await send(proxied, '10.84.0.1', `1.2.3.${i}, 10.85.0.1`)).statusCode).not.toBe(429);
      expect((await send(proxied, '10.84.0.1', '9.9.9.9, 10.85.0.1')).statusCode).toBe(429);
      expect((await send(proxied, '10.84.0.1', '10.85.0.2')).statusCode).not.toBe(429);
      // without a trusted proxy, X-Forwarded-For changes nothing: the peer is counted
      for (let i = 0; i < max; i++) await send(direct, '10.86.0.1', `10.87.0.${i}`);
      expect((await send(direct, '10.86.0.1', '10.87.1.1')).statusCode).toBe(429);
      // and a peer that is not the trusted proxy cannot name another address either
      for (let i = 0; i < max; i++) await send(proxied, '10.88.0.1', `10.89.0.${i}`);
      expect((await send(proxied, '10.88.0.1', '10.89.1.1')).statusCode).toBe(429);
    } finally {
      await proxied.close();
      await direct.close();
    }
  });

  it('does not limit signed endpoints by address', async () => {
    const member = (Object.entries(ENDPOINTS) as [ApiKey, Endpoint][]).find(([, e]) => e.principal === 'member')![0];
    for (let i = 0; i < 130; i++) expect((await t.app.inject(requestTo(member, '10.83.0.1'))).statusCode).not.toBe(429);
  });

  it('refuses to start with a public route that has no limit', async () => {
    const app: FastifyInstance = Fastify();
    await app.register(rateLimitPlugin, { database: t.database });
    expect(() =>
      app.route({
        method: 'POST',
        url: `${API_ROOT}/rrp/unlimited`,
        config: { endpoint: { principal: 'public' } as Endpoint, endpointKey: 'POST /rrp/unlimited' },
        handler: async () => null,
      }),
    ).toThrow(/POST \/rrp\/unlimited has no rate limit/);
    await app.close();
  });
});

describe('the periodic clean-up', () => {
  it('removes expired captchas and ended rate windows, and keeps live ones', async () => {
    await t.database.rows(sql`DELETE FROM captchas`);
    await t.database.rows(sql`DELETE FROM rate_limits`);
    const live = randomUUID();
    const dead = randomUUID();
    await t.database.rows(sql`INSERT INTO captchas (id, answer_hash, expires_at) VALUES
      (${live}, 'x', now() + interval '1 minute'), (${dead}, 'x', now() - interval '1 second')`);
    await t.database.rows(sql`INSERT INTO rate_limits (bucket, subject, hits, window_ends) VALUES
      ('b', 'live', 1, now() + interval '1 minute'), ('b', 'dead', 1, now() - interval '1 second')`);
    await cleanup(t.database);
    expect(await t.database.rows(sql`SELECT id FROM captchas`)).toEqual([{ id: live }]);
    expect(await t.database.rows(sql`SELECT subject FROM rate_limits`)).toEqual([{ subject: 'live' }]);
  });

  it('closes an import left running by a process that died, not one still under way', async () => {
    const [company] = await t.database.rows<Row<'companies', 'id'>>(sql`SELECT id FROM companies ORDER BY created_at LIMIT 1`);
    const task = (name: string, age: string) =>
      t.database
        .rows<Row<'import_tasks', 'id'>>(sql`INSERT INTO import_tasks (company_id, task_name, region, status, total, created_at)
              VALUES (${company.id}, ${name}, 'europe', 'running', 7, now() - ${age}::interval) RETURNING id`)
        .then((r) => r[0].id);
    const dead = await task('dead.xlsx', '31 minutes');
    const live = await task('live.xlsx', '10 seconds');
    await cleanup(t.database);
    const rows = await t.database.rows<Row<'import_tasks', 'id' | 'status' | 'failed' | 'error'>>(
      sql`SELECT id, status, failed, error FROM import_tasks WHERE id IN (${dead}, ${live})`,
    );
    expect(rows.find((r) => r.id === dead)).toMatchObject({ status: 'failed', failed: 7, error: 'interrupted' });
    expect(rows.find((r) => r.id === live)).toMatchObject({ status: 'running', error: null });
  });
});
