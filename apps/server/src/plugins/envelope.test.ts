import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, buildTestApp, type TestApp } from '../../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: false, config: { BODY_LIMIT_BYTES: '4096' } });
});
afterAll(() => t.close());

describe('envelope and errors', () => {
  it('answers malformed JSON with 28001 and no stack trace', async () => {
    const res = await t.app.inject({ method: 'POST', url: api('/user/login'), headers: { 'content-type': 'application/json' }, payload: '{"name": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 28001, msg: '请求不是合法的 JSON', obj: null });
    expect(res.body).not.toMatch(/at |stack|SyntaxError/);
  });

  it('answers a body over the limit with 413 and 29011', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('/user/login'),
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: JSON.stringify({ name: 'x'.repeat(5000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 29011, msg: 'The request is too large' });
  });

  it('answers an unknown API path with the envelope 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: api('/no/such/thing'), headers: { 'accept-language': 'en-GB' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 29012, msg: 'Not found', obj: null });
  });

  it('follows Accept-Language for msg, defaulting to Chinese', async () => {
    const ask = (lang?: string) => t.app.inject({ method: 'POST', url: api('/account/query'), headers: lang ? { 'accept-language': lang } : {} });
    expect((await ask()).json().msg).toBe('缺少 token');
    expect((await ask('en')).json().msg).toBe('Token is missing');
    expect((await ask('zh-TW')).json().msg).toBe('缺少 token');
    expect((await ask('fr-FR')).json().msg).toBe('缺少 token');
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/rrp/user/login', '/api/v1/rrp/account/overview']));
    expect(doc.paths['/api/v1/rrp/user/login'].post.requestBody).toBeTruthy();
  });
});
