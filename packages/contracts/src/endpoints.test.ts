import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ROOT, type EndpointMap, joinEndpoints, memberEndpoint, PRINCIPAL_PREFIX, parseKey, publicEndpoint, staffEndpoint } from './core/endpoint.js';
import { field, labelAt, unlabelledFields } from './core/labels.js';
import { zDeviceListRequest } from './devices/schemas.js';
import { ENDPOINTS } from './endpoints.js';
import { zDeviceReportRequest } from './network/schemas.js';

const all = Object.entries(ENDPOINTS as EndpointMap);

describe('the endpoint declarations', () => {
  it('put every endpoint under its principal’s prefix', () => {
    for (const [key, e] of all) expect(parseKey(key).path.startsWith(`${API_ROOT}${PRINCIPAL_PREFIX[e.principal]}`), key).toBe(true);
  });

  it('label every field of every request, so a validation error can name it', () => {
    const missing = all.flatMap(([key, e]) =>
      [e.body, e.query, e.params, e.multipart?.fields].flatMap((s) => (s ? unlabelledFields(s).map((f) => `${key} ${f}`) : [])),
    );
    expect(missing).toEqual([]);
  });

  it('give every member and staff endpoint a scope other than none, and public and provider ones none', () => {
    for (const [key, e] of all) {
      // a provider's notification names its order itself, verified by the provider's signature
      if (e.principal === 'public' || e.principal === 'provider') expect(e.scope, key).toBe('none');
      else expect(e.scope, key).not.toBe('none');
    }
  });

  it('refuse a key declared twice, a malformed key and a path outside the principal’s prefix', () => {
    const a = { 'POST /rrp/x': publicEndpoint({ summary: 'x', response: z.null() }) };
    expect(() => joinEndpoints(a, a)).toThrow(/declared twice/);
    expect(() => joinEndpoints({ 'PUT /rrp/x': a['POST /rrp/x'] } as never)).toThrow(/is not/);
    expect(() => joinEndpoints({ 'POST /ops/x': memberEndpoint({ summary: 'x', permission: null, scope: 'self', response: z.null() }) })).toThrow(
      /must live under \/api\/v1\/rrp\//,
    );
    expect(() => joinEndpoints({ 'POST /rrp/x': staffEndpoint({ summary: 'x', permission: null, scope: 'self', response: z.null() }) })).toThrow(
      /must live under \/api\/v1\/ops\//,
    );
  });
});

describe('field labels', () => {
  it('name the field, not another field of the same name elsewhere', () => {
    expect(labelAt(zDeviceListRequest, ['name'])).toEqual({ zh: '设备名称', en: 'device name' });
    expect(labelAt(zDeviceListRequest, ['cursor'])?.en).toBe('page cursor');
  });

  it('name nested fields with their position', () => {
    expect(labelAt(zDeviceReportRequest, ['reports', 2, 'imei'])).toEqual({ zh: '上报 #3 IMEI', en: 'reports #3 IMEI' });
  });

  it('find a label under optional, default and pipe wrappers, and nothing for an unknown path', () => {
    const s = z.object({ a: field('甲', 'a', z.string()).optional().default('x'), b: z.string() });
    expect(labelAt(s, ['a'])?.en).toBe('a');
    expect(labelAt(s, ['b'])).toBeNull();
    expect(labelAt(s, ['nope'])).toBeNull();
    expect(unlabelledFields(s)).toEqual(['b']);
  });
});
