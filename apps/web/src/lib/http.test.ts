import { signRequest } from '@rrp/contracts/constants';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { envelope, jsonResponse, mockApi } from '../test/utils';
import { api, publicApi } from './api';
import { ApiError, resetHttpHooks, ServerAbnormalError, setHttpHooks } from './http';
import { toast } from './toast';

const hooks = () => ({
  getCredentials: vi.fn(() => ({ token: 't0k3n', secretKey: 's3cr3t' })),
  getLocale: vi.fn(() => 'en'),
  clearSession: vi.fn(),
  onUnauthorized: vi.fn(),
  showError: vi.fn(),
  reportError: vi.fn(),
});
let h: ReturnType<typeof hooks>;

beforeEach(() => {
  resetHttpHooks();
  h = hooks();
  setHttpHooks(h);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('http client', () => {
  test('signs the call: X-Sign recomputed with signRequest over the exact body matches', async () => {
    const server = mockApi({ '/announcement/list': () => ({ ok: 1 }) });
    const out = await api('POST /rrp/announcement/list', { pageNum: 1 });
    expect(out).toEqual({ ok: 1 });
    const [call] = server.calls;
    expect(call.url).toBe('/api/v1/rrp/announcement/list');
    expect(server.fetchMock.mock.calls[0][1]?.method).toBe('POST');
    const sentBody = server.fetchMock.mock.calls[0][1]?.body as string;
    expect(sentBody).toBe('{"pageNum":1}');
    const hd = call.headers;
    expect(hd['X-Token']).toBe('t0k3n');
    expect(hd['X-Version']).toBe('1.0');
    expect(hd['X-Sign-Method']).toBe('HMAC-SHA256');
    expect(hd['X-Request-Id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Number(hd['X-Timestamp']) - Date.now())).toBeLessThan(5000);
    const expected = await signRequest({
      secretKey: 's3cr3t',
      token: 't0k3n',
      method: 'POST',
      url: '/api/v1/rrp/announcement/list',
      body: sentBody,
      timestamp: Number(hd['X-Timestamp']),
      requestId: hd['X-Request-Id'],
    });
    expect(hd['X-Sign']).toBe(expected);
  });

  test('uses a new request id for every call', async () => {
    const server = mockApi();
    await api('POST /rrp/account/query');
    await api('POST /rrp/account/query');
    expect(server.calls[0].headers['X-Request-Id']).not.toBe(server.calls[1].headers['X-Request-Id']);
  });

  test('sends Accept-Language on signed and public calls; public calls are not signed', async () => {
    const server = mockApi();
    await api('POST /rrp/account/overview');
    h.getLocale.mockReturnValue('zh-CN');
    await publicApi('POST /rrp/country/list');
    expect(server.calls[0].headers['Accept-Language']).toBe('en');
    expect(server.calls[1].headers['Accept-Language']).toBe('zh-CN');
    expect(server.calls[1].headers['X-Sign']).toBeUndefined();
    expect(server.calls[1].headers['X-Token']).toBeUndefined();
  });

  test('shows the envelope msg and rejects on success:false', async () => {
    mockApi({ '/feedback/add': () => jsonResponse({ success: false, code: 28002, msg: 'feedback is too long', obj: null }, 400) });
    const err = await api('POST /rrp/feedback/add', { feedback: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(28002);
    expect(h.showError).toHaveBeenCalledWith('feedback is too long');
    expect(h.onUnauthorized).not.toHaveBeenCalled();
    expect(h.reportError).toHaveBeenCalled();
  });

  test('the default message hook shows the error through the page-wide message holder', async () => {
    resetHttpHooks();
    const spy = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    mockApi({ '/feedback/add': () => jsonResponse({ success: false, code: 28002, msg: 'bad input', obj: null }, 400) });
    await expect(api('POST /rrp/feedback/add', { feedback: 'x' })).rejects.toBeInstanceOf(ApiError);
    expect(spy).toHaveBeenCalledWith('bad input');
  });

  test.each([88003, 88016])('code %i clears the session and calls onUnauthorized', async (code) => {
    mockApi({ '/account/overview': () => jsonResponse({ success: false, code, msg: 'session ended', obj: null }, 401) });
    await expect(api('POST /rrp/account/overview')).rejects.toBeInstanceOf(ApiError);
    expect(h.clearSession).toHaveBeenCalledTimes(1);
    expect(h.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test('other 401 codes (28003 signature) do not end the session', async () => {
    mockApi({ '/account/overview': () => jsonResponse({ success: false, code: 28003, msg: 'Authentication failed', obj: null }, 401) });
    await expect(api('POST /rrp/account/overview')).rejects.toBeInstanceOf(ApiError);
    expect(h.onUnauthorized).not.toHaveBeenCalled();
    expect(h.clearSession).not.toHaveBeenCalled();
  });

  test('a network failure shows the localised server-abnormal message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('POST /rrp/account/overview')).rejects.toBeInstanceOf(ServerAbnormalError);
    expect(h.showError).toHaveBeenCalledWith('抱歉，服务器异常，请刷新后稍后重试');
  });

  test('an HTTP error without an envelope shows the server-abnormal message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502 })),
    );
    const err = await api('POST /rrp/account/overview').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServerAbnormalError);
    expect((err as ServerAbnormalError).status).toBe(502);
    expect(h.showError).toHaveBeenCalledWith('抱歉，服务器异常，请刷新后稍后重试');
  });

  test('silent calls do not show the message', async () => {
    mockApi({ '/user/logout': () => jsonResponse({ success: false, code: 10001, msg: 'boom', obj: null }, 500) });
    await expect(api('POST /rrp/user/logout', undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(h.showError).not.toHaveBeenCalled();
  });

  test('returns obj of a successful envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(envelope([{ code: 'CN' }]))),
    );
    await expect(publicApi('POST /rrp/country/list')).resolves.toEqual([{ code: 'CN' }]);
  });
});
