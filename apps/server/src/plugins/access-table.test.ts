import { API_ACCESS, API_PREFIX } from '@rrp/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, freshDatabase, type TestApp } from '../../test/helper.js';
import { accessKey, authPlugin } from './auth.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false });
});
afterAll(() => t.close());

describe('permission table', () => {
  it('declares every registered API route, and registers every declared one', () => {
    expect([...t.app.apiRouteKeys].sort()).toEqual(Object.keys(API_ACCESS).sort());
  });

  it('refuses to build an app with an API route missing from the table', async () => {
    const database = await freshDatabase();
    const app = Fastify();
    await app.register(authPlugin, { database });
    await expect(
      app.register(async (a) => {
        a.post(`${API_PREFIX}/undeclared/route`, async () => ({}));
      }),
    ).rejects.toThrow(/no entry in API_ACCESS/);
    await app.close().catch(() => {});
    await database.close();
  });

  it('keys routes relative to the API prefix', () => {
    expect(accessKey('POST', `${API_PREFIX}/user/login`)).toBe('POST /user/login');
  });
});
