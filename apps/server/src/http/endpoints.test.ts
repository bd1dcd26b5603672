import { API_ROOT, ENDPOINTS, type Endpoint, parseKey } from '@rrp/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testConfig } from '../../test/helper.js';
import { buildApp } from '../app.js';
import { PlatformScope, TenantScope } from '../db/scope.js';
import type { MemberCaller, StaffCaller } from '../plugins/auth.js';
import { guardUndeclaredRoutes, handlerMismatch, scopeOf } from './endpoints.js';
import type { HandlerMap } from './handler.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
});
afterAll(() => t.close());

describe('the route registry', () => {
  it('registers a route for every declared endpoint, with the declared method and path', () => {
    for (const key of Object.keys(ENDPOINTS)) {
      const { method, path } = parseKey(key);
      expect(t.app.hasRoute({ method, url: path }), key).toBe(true);
    }
  });

  it('publishes every declared endpoint in the OpenAPI document, with its summary', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [key, e] of Object.entries(ENDPOINTS)) {
      const { method, path } = parseKey(key);
      const openApiPath = path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[openApiPath]?.[method.toLowerCase()]?.summary, key).toBe(e.summary);
    }
  });

  it('names a declared endpoint without a handler, and a handler without a declaration', () => {
    const keys = Object.keys(ENDPOINTS);
    expect(handlerMismatch(keys)).toEqual({ missing: [], undeclared: [] });
    expect(handlerMismatch([...keys.slice(1), 'POST /rrp/nowhere'])).toEqual({ missing: [keys[0]], undeclared: ['POST /rrp/nowhere'] });
  });

  it('refuses to start when a handler is missing', async () => {
    const config = testConfig();
    const handlers = { 'POST /rrp/user/publicKey': async () => ({ keyId: 'k', publicKey: 'p' }) } as unknown as HandlerMap;
    await expect(buildApp({ config, database: t.database, provider: t.provider, logger: false }, handlers)).rejects.toThrow(
      /no handler for POST \/rrp\/user\/login/,
    );
  });

  it('hands a staff caller the platform scope on a platform endpoint, and a member only its own companies', () => {
    const staff: StaffCaller = { principal: 'staff', userId: 'u1', name: 'ops', tokenHash: 'h', permissions: [], locale: 'en' };
    const member: MemberCaller = {
      principal: 'member',
      userId: 'u2',
      name: 'admin',
      companyId: '00000000-0000-0000-0000-000000000001',
      companyPath: '/00000000-0000-0000-0000-000000000001/',
      tokenHash: 'h',
      permissions: [],
      deductionSource: 0,
      locale: 'en',
    };
    const endpoint = (key: string) => ENDPOINTS[key as keyof typeof ENDPOINTS] as Endpoint;
    const ops = endpoint('POST /ops/invoice/list');
    expect(ops.scope).toBe('platform');
    expect(scopeOf(ops, staff)).toBeInstanceOf(PlatformScope);
    const staffSelf = Object.values(ENDPOINTS).find((e) => e.principal === 'staff' && e.scope === 'self');
    if (staffSelf) expect(scopeOf(staffSelf, staff)).toBeUndefined();
    const own = scopeOf(endpoint('POST /rrp/receipt/list'), member);
    expect(own).toBeInstanceOf(TenantScope);
    expect(own?.reach).toBe('company');
    expect(scopeOf(endpoint('POST /rrp/report/flow'), member)?.reach).toBe('subtree');
    // whatever the endpoint declares, a member's scope is its own companies
    expect(scopeOf(ops, member)).toBeInstanceOf(TenantScope);
    expect(scopeOf(ops, undefined)).toBeUndefined();
  });

  it('refuses a route under the API root that was not declared', async () => {
    const app = Fastify();
    guardUndeclaredRoutes(app);
    await expect(
      app.register(async (a) => {
        a.post(`${API_ROOT}/rrp/undeclared/route`, async () => ({}));
      }),
    ).rejects.toThrow(/is not declared/);
    await app.close().catch(() => {});
  });
});
