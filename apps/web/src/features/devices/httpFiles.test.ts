import { sha256Hex, signRequest } from '@rrp/contracts';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, download, filenameFromDisposition, resetHttpHooks, setHttpHooks, upload } from '../../lib/http';
import { envelope, jsonResponse } from '../../test/utils';

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
afterEach(() => vi.unstubAllGlobals());

describe('upload (multipart)', () => {
  test('signs over the empty body, sends the FormData as is and no Content-Type', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(envelope({ id: 't1' })));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('region', 'europe');
    form.append('file', new File(['x'], 'a.xlsx'));
    const out = await upload<{ id: string }>('/device/import', form);
    expect(out).toEqual({ id: 't1' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/rrp/device/import');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(form);
    const hd = init.headers as Record<string, string>;
    expect(Object.keys(hd).map((k) => k.toLowerCase())).not.toContain('content-type');
    expect(hd['Accept-Language']).toBe('en');
    const expected = await signRequest({
      secretKey: 's3cr3t',
      token: 't0k3n',
      method: 'POST',
      url: '/api/v1/rrp/device/import',
      body: '',
      timestamp: Number(hd['X-Timestamp']),
      requestId: hd['X-Request-Id'],
    });
    expect(hd['X-Sign']).toBe(expected);
    // and not over anything else
    const other = await signRequest({
      secretKey: 's3cr3t',
      token: 't0k3n',
      method: 'POST',
      url: '/api/v1/rrp/device/import',
      body: '{}',
      timestamp: Number(hd['X-Timestamp']),
      requestId: hd['X-Request-Id'],
    });
    expect(hd['X-Sign']).not.toBe(other);
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  test('an envelope error is shown and rejects', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: false, code: 23010, msg: 'not enough Licenses', obj: null }, 409)),
    );
    const err = await upload('/device/import', new FormData()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(h.showError).toHaveBeenCalledWith('not enough Licenses');
  });
});

describe('download (signed GET of a file)', () => {
  test('signs the GET with its query over the empty body and saves the file under its Content-Disposition name', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(new Uint8Array([0x50, 0x4b]), {
          status: 200,
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': `attachment; filename="usage.xlsx"; filename*=UTF-8''${encodeURIComponent('用量-2026-11.xlsx')}`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const created = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const name = await download('/device/export', { query: { mode: 'day', start: '2026-11-18', end: '2026-11-20' } });
    expect(name).toBe('用量-2026-11.xlsx');
    expect(click).toHaveBeenCalledTimes(1);
    expect(created).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/rrp/device/export?mode=day&start=2026-11-18&end=2026-11-20');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    const hd = init.headers as Record<string, string>;
    const expected = await signRequest({
      secretKey: 's3cr3t',
      token: 't0k3n',
      method: 'GET',
      url,
      body: '',
      timestamp: Number(hd['X-Timestamp']),
      requestId: hd['X-Request-Id'],
    });
    expect(hd['X-Sign']).toBe(expected);
  });

  test('an envelope answer instead of a file is an error shown to the person', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: false, code: 23013, msg: 'Day mode exports at most 3 days', obj: null }, 400)),
    );
    await expect(download('/device/export', { query: { mode: 'day', start: '2026-11-01', end: '2026-11-20' } })).rejects.toBeInstanceOf(ApiError);
    expect(h.showError).toHaveBeenCalledWith('Day mode exports at most 3 days');
  });

  test('file names from Content-Disposition', () => {
    expect(filenameFromDisposition('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(filenameFromDisposition('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E6%A8%A1%E6%9D%BF.xlsx")).toBe('模板.xlsx');
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
