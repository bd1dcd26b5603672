import { randomUUID } from 'node:crypto';
import { API_RATE_LIMITS, DEVELOPER_LIMITS, type Permission, signedHeaders } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDevices } from '../../../test/companies.js';
import { companyIdOf } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp, testConfig } from '../../../test/helper.js';
import { buildApp } from '../../app.js';
import type { Count, Row } from '../../db/row.js';

type Key = { keyId: string; secret: string };

let t: TestApp;
let admin: Session;
let demoId: string;

/** A call signed with an API key, as an integration makes it, from a chosen client address. */
async function keyCall(key: Key, path: string, body: unknown = {}, opts: { ip?: string; requestId?: string; app?: TestApp['app'] } = {}) {
  const payload = JSON.stringify(body);
  const url = api(path);
  const headers = await signedHeaders({
    secretKey: key.secret,
    token: key.keyId,
    method: 'POST',
    url,
    body: payload,
    timestamp: Date.now(),
    requestId: opts.requestId ?? randomUUID(),
  });
  return (opts.app ?? t.app).inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'en' },
    payload,
    remoteAddress: opts.ip ?? '198.51.100.7',
  });
}

async function addKey(session: Session, body: { permissions: Permission[]; name?: string; expiresAt?: string; ipAllowList?: string[] }): Promise<Key> {
  const res = await call(t.app, session, api('/developer/apiKey/add'), { name: 'integration', ...body });
  expect(res.json().code, res.body).toBe(0);
  return res.json().obj;
}

/** A member of the demo company holding one role made of `codes`; returns the session and the role id. */
async function memberWith(codes: Permission[]): Promise<{ session: Session; roleId: string; userId: string }> {
  const [role] = await t.database.rows<Row<'roles', 'id'>>(
    sql`INSERT INTO roles (company_id, name, permissions) VALUES (${demoId}, ${`r-${randomUUID().slice(0, 8)}`}, ${`{${codes.join(',')}}`}::text[]) RETURNING id`,
  );
  const email = `k${randomUUID().slice(0, 8)}@keys.rrp.local`;
  const [hash] = await t.database.rows<Row<'users', 'password_hash'>>(sql`SELECT password_hash FROM users WHERE email = ${DEMO.admin}`);
  const [user] = await t.database.rows<Row<'users', 'id'>>(
    sql`INSERT INTO users (company_id, kind, name, email, password_hash, state, locale) VALUES (${demoId}, 'member', 'Key maker', ${email}, ${hash.password_hash}, 'enabled', 'en') RETURNING id`,
  );
  await t.database.rows(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${user.id}, ${role.id})`);
  return { session: await login(t.app, email), roleId: role.id, userId: user.id };
}

const count = async (q: ReturnType<typeof sql>) => Number((await t.database.rows<Count>(q))[0].n);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
  demoId = (await companyIdOf(t.database, DEMO.admin)).id;
  await addDevices(t.database, demoId, ['861234500000029', '861234500000037'], { online: 1 });
});
afterAll(() => t.close());

describe('API keys', () => {
  it('lets a key created by the administrator list the devices with a signed call, with the published RateLimit headers', async () => {
    const key = await addKey(admin, { permissions: ['DEVICE_LIST'] });
    expect(key.keyId).toMatch(/^ak_[0-9a-f]{24}$/);
    const res = await keyCall(key, '/device/list', { pageNum: 1, pageSize: 5 });
    expect(res.json().code, res.body).toBe(0);
    expect(res.json().obj.total).toBeGreaterThan(0);
    expect(res.headers['ratelimit-limit']).toBe(String(API_RATE_LIMITS.perKeyPerSecond));
    expect(res.headers['ratelimit-remaining']).toBe(String(API_RATE_LIMITS.perKeyPerSecond - 1));
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.rows<Row<'api_keys', 'last_used_at'>>(sql`SELECT last_used_at FROM api_keys WHERE key_id = ${key.keyId}`);
    expect(row.last_used_at).not.toBeNull();
    // a session's call is not limited by the API key limits
    const session = await call(t.app, admin, api('/device/list'), { pageNum: 1 });
    expect(session.headers['ratelimit-limit']).toBeUndefined();
  });

  it('stores only a hash of the secret, lists keys without it, and audits the creation', async () => {
    const key = await addKey(admin, { permissions: ['DEVICE_LIST'], name: 'no secret', ipAllowList: ['203.0.113.0/24'] });
    const [row] = await t.database.rows<Record<string, unknown>>(sql`SELECT * FROM api_keys WHERE key_id = ${key.keyId}`);
    expect(JSON.stringify(row)).not.toContain(key.secret);
    const res = await call(t.app, admin, api('/developer/apiKey/list'));
    expect(res.json().code).toBe(0);
    expect(res.body).not.toContain(key.secret);
    const listed = res.json().obj.find((k: { keyId: string }) => k.keyId === key.keyId);
    expect(listed).toMatchObject({ name: 'no secret', permissions: ['DEVICE_LIST'], ipAllowList: ['203.0.113.0/24'], state: 'active', lastUsedAt: null });
    expect(listed.createdBy).toBeTruthy();
    expect(Object.keys(listed)).not.toContain('secret');
    expect(await count(sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'developer.apiKey.add' AND target_id = ${key.keyId}`)).toBe(1);
  });

  it('refuses a code the key does not carry (10002)', async () => {
    const key = await addKey(admin, { permissions: ['DEVICE_LIST'] });
    const res = await keyCall(key, '/developer/apiKey/list');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(10002);
  });

  it('never reaches its creator’s own sign-in and account (a leaked key cannot take the account over)', async () => {
    const key = await addKey(admin, { permissions: ['DEVICE_LIST'] });
    for (const [path, body] of [
      ['/account/update', { name: 'Taken', phone: '13800000000' }],
      ['/account/email/code', { email: 'attacker@example.com' }],
      ['/account/password/update', { oldPassword: 'x', password: 'y', confirmPassword: 'y' }],
      ['/user/changeLocal', { localCode: 'en' }],
      ['/user/logout', {}],
      ['/account/query', {}],
    ] as const)
      expect((await keyCall(key, path, body)).json().code, path).toBe(10002);
    // the company's data open to every member stays reachable
    expect((await keyCall(key, '/announcement/list', { pageNum: 1, pageSize: 5 })).json().code).toBe(0);
  });

  it('acts with no more than the creator holds now: a code the creator lost is lost on the key', async () => {
    const maker = await memberWith(['DEVICE_LIST', 'DEVELOPER_MANAGEMENT']);
    const key = await addKey(maker.session, { permissions: ['DEVICE_LIST'] });
    expect((await keyCall(key, '/device/list')).json().code).toBe(0);
    await t.database.rows(sql`UPDATE roles SET permissions = '{DEVELOPER_MANAGEMENT}' WHERE id = ${maker.roleId}`);
    expect((await keyCall(key, '/device/list')).json().code).toBe(10002);
    // a disabled creator: the key signs nothing
    await t.database.rows(sql`UPDATE users SET state = 'disabled' WHERE id = ${maker.userId}`);
    expect((await keyCall(key, '/device/list')).json().code).toBe(88016);
  });

  it('refuses creating a key with codes the creator lacks (38002, naming them) and writes nothing', async () => {
    const maker = await memberWith(['DEVELOPER_MANAGEMENT']);
    const before = await count(sql`SELECT count(*)::int AS n FROM api_keys`);
    const res = await call(t.app, maker.session, api('/developer/apiKey/add'), { name: 'too much', permissions: ['DEVICE_LIST', 'USER_LIST'] }, { lang: 'en' });
    expect(res.json().code).toBe(38002);
    expect(res.json().msg).toContain('DEVICE_LIST');
    expect(await count(sql`SELECT count(*)::int AS n FROM api_keys`)).toBe(before);
  });

  it('checks the input: an expiry in the past names expiresAt, and at most apiKeysPerCompany active keys', async () => {
    const past = await call(
      t.app,
      admin,
      api('/developer/apiKey/add'),
      { name: 'x', permissions: ['DEVICE_LIST'], expiresAt: '2020-01-01T00:00:00Z' },
      { lang: 'en' },
    );
    expect(past.json().code).toBe(28002);
    expect(past.json().msg).toContain('expiry');
    const badIp = await call(t.app, admin, api('/developer/apiKey/add'), { name: 'x', permissions: ['DEVICE_LIST'], ipAllowList: ['300.1.1.1'] });
    expect(badIp.json().code).toBe(28002);

    // fill the company up to the limit, then one more
    const active = await count(
      sql`SELECT count(*)::int AS n FROM api_keys WHERE company_id = ${demoId} AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
    );
    await t.database.rows(sql`
      INSERT INTO api_keys (company_id, created_by, key_id, name, permissions, secret_hash)
      SELECT ${demoId}, u.id, 'ak_' || lpad(to_hex(g), 24, 'f'), 'filler', '{DEVICE_LIST}', repeat('0', 64)
      FROM users u, generate_series(1, ${DEVELOPER_LIMITS.apiKeysPerCompany - active}) g WHERE u.email = ${DEMO.admin}`);
    const add = () => call(t.app, admin, api('/developer/apiKey/add'), { name: 'n', permissions: ['DEVICE_LIST'] }, { lang: 'en' });
    try {
      const over = await add();
      expect(over.json().code).toBe(38006);
      expect(over.json().msg).toContain(String(DEVELOPER_LIMITS.apiKeysPerCompany));
      // a revoked key frees its place
      const [one] = await t.database.rows<Row<'api_keys', 'key_id'>>(sql`SELECT key_id FROM api_keys WHERE name = 'filler' LIMIT 1`);
      expect((await call(t.app, admin, api('/developer/apiKey/revoke'), { keyId: one.key_id })).json().code).toBe(0);
      expect((await add()).json().code).toBe(0);
    } finally {
      await t.database.rows(sql`DELETE FROM api_keys WHERE name = 'filler'`);
    }
  });

  it('refuses a revoked key and an expired key (38008, HTTP 401); revoking is audited, another company’s key is not found', async () => {
    const key = await addKey(admin, { permissions: ['DEVICE_LIST'] });
    const rev = await call(t.app, admin, api('/developer/apiKey/revoke'), { keyId: key.keyId });
    expect(rev.json().code).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'developer.apiKey.revoke' AND target_id = ${key.keyId}`)).toBe(1);
    const res = await keyCall(key, '/device/list');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(38008);
    // revoking again changes nothing
    expect((await call(t.app, admin, api('/developer/apiKey/revoke'), { keyId: key.keyId })).json().code).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'developer.apiKey.revoke' AND target_id = ${key.keyId}`)).toBe(1);

    const soon = await addKey(admin, { permissions: ['DEVICE_LIST'], expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await keyCall(soon, '/device/list')).json().code).toBe(0);
    await t.database.rows(sql`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE key_id = ${soon.keyId}`);
    expect((await keyCall(soon, '/device/list')).json().code).toBe(38008);
    const list = (await call(t.app, admin, api('/developer/apiKey/list'))).json().obj as { keyId: string; state: string }[];
    expect(list.find((k) => k.keyId === soon.keyId)?.state).toBe('expired');
    expect(list.find((k) => k.keyId === key.keyId)?.state).toBe('revoked');

    const subAdmin = await login(t.app, DEMO.subAdmin);
    const other = await addKey(subAdmin, { permissions: ['DEVICE_LIST'] });
    expect((await call(t.app, admin, api('/developer/apiKey/revoke'), { keyId: other.keyId })).json().code).toBe(38001);
    expect((await call(t.app, admin, api('/developer/apiKey/revoke'), { keyId: 'ak_000000000000000000000000' })).json().code).toBe(38001);
    expect((await keyCall(other, '/device/list')).json().code).toBe(0);
  });

  it('refuses a client address outside the allow-list (38007)', async () => {
    const key = await addKey(admin, { permissions: ['DEVICE_LIST'], ipAllowList: ['203.0.113.0/24', '2001:db8::/32'] });
    expect((await keyCall(key, '/device/list', {}, { ip: '203.0.113.9' })).json().code).toBe(0);
    expect((await keyCall(key, '/device/list', {}, { ip: '2001:db8::1' })).json().code).toBe(0);
    const res = await keyCall(key, '/device/list', {}, { ip: '198.51.100.7' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(38007);
  });

  it('refuses a replayed request id (28003)', async () => {
    const key = await addKey(admin, { permissions: ['DEVICE_LIST'] });
    const requestId = randomUUID();
    expect((await keyCall(key, '/device/list', {}, { requestId })).json().code).toBe(0);
    const again = await keyCall(key, '/device/list', {}, { requestId });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe(28003);
  });

  it('refuses a signature made with another secret (28003) and a key id nobody issued (88003)', async () => {
    const key = await addKey(admin, { permissions: ['DEVICE_LIST'] });
    expect((await keyCall({ ...key, secret: `${key.secret}x` }, '/device/list')).json().code).toBe(28003);
    expect((await keyCall({ keyId: 'ak_0123456789abcdef01234567', secret: key.secret }, '/device/list')).json().code).toBe(88003);
  });

  it('answers 429 with Retry-After over the per-key and per-company per-second limits', async () => {
    const key = await addKey(admin, { permissions: ['DEVICE_LIST'] });
    expect((await keyCall(key, '/device/list')).json().code).toBe(0);
    await t.database.rows(sql`UPDATE rate_limits SET hits = ${API_RATE_LIMITS.perKeyPerSecond}, window_ends = now() + interval '30 seconds'
                              WHERE bucket = 'api-key-second' AND subject = ${key.keyId}`);
    const over = await keyCall(key, '/device/list');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe(29013);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(over.headers['ratelimit-remaining']).toBe('0');
    expect(over.headers['ratelimit-limit']).toBe(String(API_RATE_LIMITS.perKeyPerSecond));

    // the company's other keys share its per-second limit
    const other = await addKey(admin, { permissions: ['DEVICE_LIST'] });
    await t.database.rows(sql`INSERT INTO rate_limits (bucket, subject, hits, window_ends) VALUES ('api-company-second', ${demoId}, ${API_RATE_LIMITS.perCompanyPerSecond}, now() + interval '30 seconds')
                              ON CONFLICT (bucket, subject) DO UPDATE SET hits = excluded.hits, window_ends = excluded.window_ends`);
    const shared = await keyCall(other, '/device/list');
    expect(shared.statusCode).toBe(429);
    expect(shared.headers['ratelimit-limit']).toBe(String(API_RATE_LIMITS.perCompanyPerSecond));
    await t.database.rows(sql`DELETE FROM rate_limits WHERE bucket = 'api-company-second'`);
  });

  it('names the key in the audit events of the calls it signs', async () => {
    const key = await addKey(admin, { permissions: ['DEVELOPER_MANAGEMENT'] });
    const res = await keyCall(key, '/developer/deviceKey/rotate');
    expect(res.json().code, res.body).toBe(0);
    const [event] = await t.database.rows<Row<'audit_events', 'actor_kind' | 'actor_name'>>(
      sql`SELECT actor_kind, actor_name FROM audit_events WHERE action = 'developer.deviceKey.rotate' ORDER BY at DESC LIMIT 1`,
    );
    expect(event.actor_kind).toBe('member');
    expect(event.actor_name).toContain(`apiKey:${key.keyId}`);
  });

  it('refuses every key once the master secret changes (88003)', async () => {
    const key = await addKey(admin, { permissions: ['DEVICE_LIST'] });
    const other = await buildApp({
      config: testConfig({ RRP_API_KEY_SECRET: 'another-master-secret-of-32-characters!' }),
      database: t.database,
      provider: t.provider,
      logger: false,
    });
    try {
      await other.ready();
      const res = await keyCall(key, '/device/list', {}, { app: other });
      expect(res.json().code).toBe(88003);
    } finally {
      await other.close();
    }
  });
});
