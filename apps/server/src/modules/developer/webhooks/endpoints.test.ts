import { DEVELOPER_LIMITS } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { otherCompany } from '../../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, type Session, type TestApp } from '../../../../test/helper.js';
import { allHandlers, buildApp } from '../../../app.js';
import type { Count, Narrow, Row } from '../../../db/row.js';
import { refusalOf } from './addresses.js';
import { webhookHandlers } from './handlers.js';
import { checkUrl, type Resolver } from './url-policy.js';

type Envelope = { success: boolean; code: number; msg: string; obj: Record<string, unknown> & { list?: Record<string, unknown>[] } };

let t: TestApp;
let app: FastifyInstance;
let admin: Session;
let foreign: Session;

/** DNS as the tests need it: names of public, private and mixed addresses; anything else does not resolve. */
const dns: Record<string, { address: string; family: number }[]> = {
  'hooks.example.com': [{ address: '93.184.216.34', family: 4 }],
  'internal.example.com': [{ address: '10.0.0.7', family: 4 }],
  'mixed.example.com': [
    { address: '93.184.216.34', family: 4 },
    { address: '192.168.1.20', family: 4 },
  ],
  'v6.example.com': [{ address: 'fe80::1', family: 6 }],
};
const resolve: Resolver = async (host) => {
  const found = dns[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

const post = (path: string, b: unknown = {}, s = admin, lang = 'en') => call(app, s, api(path), b, { lang }).then((r) => r.json() as Envelope);
const add = (url: string, events = ['order.paid']) => post('/developer/webhook/add', { url, events });
const count = async () => (await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM webhook_endpoints`))[0].n;

beforeAll(async () => {
  t = await buildTestApp();
  // the product's handlers, with the webhook routes checking URLs against the test's DNS and allow-private off
  const opts = { config: t.config, database: t.database, provider: t.provider, payments: null, logger: false };
  const handlerMap = {
    ...allHandlers(opts),
    ...webhookHandlers({ database: t.database, options: { allowHttp: true, allowPrivate: false, resolve, timeoutMs: 1000 } }),
  };
  app = await buildApp(opts, handlerMap);
  await app.ready();
  admin = await login(app, DEMO.admin);
  foreign = await login(app, (await otherCompany(t.database)).email);
});
afterAll(async () => {
  await app.close();
  await t.close();
});
beforeEach(async () => {
  await t.database.rows(sql`DELETE FROM webhook_endpoints`);
});

describe('webhook URL rules (allow-private off)', () => {
  it.each([
    ['http://127.0.0.1/hook', 'loopback'],
    ['http://127.8.9.10:8080/hook', 'loopback'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://internal.example.com/hook', 'private network'],
    ['https://mixed.example.com/hook', 'private network'],
    ['http://[::1]/hook', 'loopback'],
    ['http://[::ffff:127.0.0.1]/hook', 'loopback'],
    ['http://[::ffff:a9fe:a9fe]/hook', 'link-local'],
    ['http://v6.example.com/hook', 'link-local'],
    ['http://[fd00::1]/hook', 'private network'],
    ['http://100.64.1.1/hook', 'carrier-grade NAT'],
    ['http://0.0.0.0/hook', 'unspecified'],
    ['http://0.1.2.3/hook', '"this network"'],
    ['http://224.0.0.1/hook', 'multicast'],
    ['http://172.31.255.255/hook', 'private network'],
    ['http://192.168.0.1/hook', 'private network'],
    ['http://nowhere.invalid/hook', 'does not resolve'],
    ['https://user:pass@hooks.example.com/hook', 'user name or password'],
  ])('refuses %s (%s) with 38004 and changes nothing', async (url, reason) => {
    const r = await add(url);
    expect(r.code).toBe(38004);
    expect(r.msg).toContain(reason);
    expect(r.msg).toContain('URL');
    expect(await count()).toBe(0);
  });

  it('names the reason in Chinese too', async () => {
    const r = await post('/developer/webhook/add', { url: 'http://169.254.169.254/', events: ['order.paid'] }, admin, 'zh-CN');
    expect(r.code).toBe(38004);
    expect(r.msg).toContain('链路本地地址');
  });

  it('accepts public addresses, by name or literally', async () => {
    for (const url of ['https://hooks.example.com/rrp', 'http://93.184.216.34/hook', 'https://[2606:4700:4700::1111]/hook']) {
      const r = await add(url);
      expect(r.code, `${url}: ${r.msg}`).toBe(0);
    }
  });

  it('refuses http:// when only https is allowed, and every private range at the address level', async () => {
    const strict = { allowHttp: false, allowPrivate: false, resolve };
    expect(await checkUrl('http://hooks.example.com/', strict)).toMatchObject({ ok: false, refusal: 'scheme' });
    expect(await checkUrl('ftp://hooks.example.com/', { ...strict, allowHttp: true })).toMatchObject({ ok: false, refusal: 'scheme' });
    expect(await checkUrl('https://hooks.example.com/', strict)).toMatchObject({ ok: true, address: '93.184.216.34' });
    // allow-private lets a local receiver through, but never credentials
    expect(await checkUrl('http://127.0.0.1:9/', { allowHttp: true, allowPrivate: true })).toMatchObject({ ok: true });
    expect(await checkUrl('http://a:b@127.0.0.1:9/', { allowHttp: true, allowPrivate: true })).toMatchObject({ ok: false, refusal: 'credentials' });
    const cases: [string, string | null][] = [
      ['10.255.255.255', 'private'],
      ['172.15.255.255', null],
      ['172.16.0.0', 'private'],
      ['172.32.0.0', null],
      ['192.169.0.1', null],
      ['100.63.255.255', null],
      ['100.127.255.255', 'sharedAddress'],
      ['169.254.169.254', 'linkLocal'],
      ['255.255.255.255', 'reserved'],
      ['8.8.8.8', null],
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['fc00::1', 'private'],
      ['fe80::abcd', 'linkLocal'],
      ['febf::1', 'linkLocal'],
      ['ff02::1', 'multicast'],
      ['::ffff:10.1.2.3', 'private'],
      ['::ffff:8.8.8.8', null],
      ['64:ff9b::169.254.169.254', 'linkLocal'],
      ['2001:4860:4860::8888', null],
    ];
    for (const [address, refusal] of cases) expect(refusalOf(address), address).toBe(refusal);
  });

  it('checks the address again at every delivery: a name that now resolves privately is not called', async () => {
    const created = await add('https://hooks.example.com/rrp');
    dns['hooks.example.com'] = [{ address: '10.1.1.1', family: 4 }];
    try {
      const r = await post('/developer/webhook/test', { id: created.obj.id });
      expect(r.obj).toMatchObject({ state: 'retrying', attempts: 1, lastStatus: null });
      expect(r.obj.lastResponse).toBe('refused: the host resolves to a private address (10.1.1.1)');
    } finally {
      dns['hooks.example.com'] = [{ address: '93.184.216.34', family: 4 }];
    }
  });
});

describe('webhook endpoints', () => {
  it('adds an endpoint with a Standard Webhooks secret, lists it with the secret, and audits it', async () => {
    const r = await post('/developer/webhook/add', {
      url: 'https://hooks.example.com/a',
      events: ['ac.bound', 'ac.bound', 'order.paid'],
      description: ' ERP ',
    });
    expect(r.code, r.msg).toBe(0);
    expect(r.obj).toMatchObject({
      url: 'https://hooks.example.com/a',
      events: ['ac.bound', 'order.paid'],
      description: 'ERP',
      enabled: true,
      disabledReason: null,
    });
    expect(Buffer.from(String(r.obj.secret).slice(6), 'base64')).toHaveLength(32);
    const list = await post('/developer/webhook/list');
    expect(list.obj).toEqual([r.obj]);
    const [audit] = await t.database.rows<Narrow<Row<'audit_events', 'changes'>, { changes: Record<string, unknown> }>>(
      sql`SELECT changes FROM audit_events WHERE action = 'developer.webhook.add' AND target_id = ${String(r.obj.id)}`,
    );
    expect(JSON.stringify(audit.changes)).not.toContain(String(r.obj.secret));
  });

  it(`allows at most ${DEVELOPER_LIMITS.webhooksPerCompany} endpoints (38006)`, async () => {
    for (let i = 0; i < DEVELOPER_LIMITS.webhooksPerCompany; i++) expect((await add(`https://hooks.example.com/${i}`)).code).toBe(0);
    const r = await add('https://hooks.example.com/one-more');
    expect(r.code).toBe(38006);
    expect(r.msg).toContain(String(DEVELOPER_LIMITS.webhooksPerCompany));
    expect(await count()).toBe(DEVELOPER_LIMITS.webhooksPerCompany);
  });

  it('updates, disables and deletes an endpoint; its waiting deliveries go with it', async () => {
    const created = (await add('https://hooks.example.com/u')).obj;
    const u = await post('/developer/webhook/update', { id: created.id, url: 'https://hooks.example.com/v', events: ['import.finished'], description: 'new' });
    expect(u.obj).toMatchObject({ url: 'https://hooks.example.com/v', events: ['import.finished'], description: 'new', enabled: true });
    expect(u.obj).not.toHaveProperty('secret');
    const refused = await post('/developer/webhook/update', { id: created.id, url: 'http://10.0.0.1/' });
    expect(refused.code).toBe(38004);
    expect((await post('/developer/webhook/list')).obj).toMatchObject([{ url: 'https://hooks.example.com/v' }]);
    expect((await post('/developer/webhook/update', { id: created.id, enabled: false })).obj).toMatchObject({ enabled: false, disabledReason: null });
    await post('/developer/webhook/update', { id: created.id, enabled: true });
    // a delivery waiting for it
    await t.database.rows(sql`INSERT INTO webhook_messages (id, company_id, event, payload)
      SELECT 'msg_0123456789abcdef01234567', company_id, 'import.finished', '{}' FROM webhook_endpoints WHERE id = ${String(created.id)}`);
    await t.database.rows(sql`INSERT INTO webhook_deliveries (message_id, endpoint_id, company_id)
      SELECT 'msg_0123456789abcdef01234567', id, company_id FROM webhook_endpoints WHERE id = ${String(created.id)}`);
    expect((await post('/developer/webhook/delete', { id: created.id })).code).toBe(0);
    expect(await count()).toBe(0);
    expect(await t.database.rows(sql`SELECT 1 FROM webhook_deliveries`)).toHaveLength(0);
    for (const action of ['developer.webhook.update', 'developer.webhook.delete'])
      expect(await t.database.rows(sql`SELECT 1 FROM audit_events WHERE action = ${action}`)).not.toHaveLength(0);
  });

  it('answers another company’s endpoint as not found (38003), changing nothing', async () => {
    const created = (await add('https://hooks.example.com/mine')).obj;
    expect((await post('/developer/webhook/update', { id: created.id, description: 'x' }, foreign)).code).toBe(38003);
    expect((await post('/developer/webhook/delete', { id: created.id }, foreign)).code).toBe(38003);
    expect((await post('/developer/webhook/test', { id: created.id }, foreign)).code).toBe(38003);
    expect((await post('/developer/webhook/list', {}, foreign)).obj).toEqual([]);
    expect((await post('/developer/webhook/list')).obj).toMatchObject([{ description: '' }]);
  });

  it('answers bad input with 28002 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ url: 'not a url', events: ['order.paid'] }, 'URL'],
      [{ url: `https://hooks.example.com/${'a'.repeat(DEVELOPER_LIMITS.webhookUrlMax)}`, events: ['order.paid'] }, 'URL'],
      [{ url: 'https://hooks.example.com/', events: [] }, 'events'],
      [{ url: 'https://hooks.example.com/', events: ['device.exploded'] }, 'events'],
      [{ url: 'https://hooks.example.com/', events: ['order.paid'], description: 'd'.repeat(DEVELOPER_LIMITS.webhookDescriptionMax + 1) }, 'description'],
    ];
    for (const [body, field] of cases) {
      const r = await post('/developer/webhook/add', body);
      expect(r.code, JSON.stringify(body)).toBe(28002);
      expect(r.msg).toContain(field);
    }
    expect((await post('/developer/webhook/update', { id: 'nope' })).code).toBe(28002);
    expect((await post('/developer/webhook/delivery/list', { state: 'lost', pageNum: 1, pageSize: 10 })).code).toBe(28002);
    expect(await count()).toBe(0);
  });

  it('creates the first callback key on first need and rotates it', async () => {
    const [first] = (await post('/developer/callbackKey/list')).obj as unknown as { keyId: string; publicKey: string; publicKeyPem: string }[];
    expect(first.publicKey).toMatch(/^whpk_/);
    expect(Buffer.from(first.publicKey.slice(5), 'base64')).toHaveLength(32);
    expect(first.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect((await post('/developer/callbackKey/list')).obj).toMatchObject([{ keyId: first.keyId }]);
    const other = (await post('/developer/callbackKey/list', {}, foreign)).obj as unknown as { keyId: string }[];
    expect(other[0].keyId).not.toBe(first.keyId);
    // rotating twice within the grace period: only the latest previous key still signs
    await post('/developer/callbackKey/rotate');
    const keys = (await post('/developer/callbackKey/rotate')).obj as unknown as { keyId: string; state: string }[];
    expect(keys.map((k) => k.state)).toEqual(['current', 'previous']);
    expect(keys.map((k) => k.keyId)).not.toContain(first.keyId);
  });
});
