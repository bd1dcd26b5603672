import { sha256Hex, signRequest } from '@rrp/contracts/constants';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { download, upload } from '../../lib/api';
import { ApiError, filenameFromDisposition, resetHttpHooks, setHttpHooks } from '../../lib/http';
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
  test('encodes the multipart body itself and signs over exactly the bytes it sends', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(envelope({ id: 't1' })));
    vi.stubGlobal('fetch', fetchMock);
    const out = await upload('POST /rrp/device/import', { region: 'europe' }, { file: new File(['xyz'], '设备.xlsx', { type: 'application/octet-stream' }) });
    expect(out).toEqual({ id: 't1' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/rrp/device/import');
    expect(init.method).toBe('POST');
    const bytes = init.body as Uint8Array;
    const text = new TextDecoder().decode(bytes);
    const hd = init.headers as Record<string, string>;
    const boundary = /boundary=(\S+)$/.exec(hd['Content-Type'])?.[1];
    expect(hd['Content-Type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(text).toContain(`--${boundary}\r\nContent-Disposition: form-data; name="region"\r\n\r\neurope\r\n`);
    expect(text).toContain('name="file"; filename="设备.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nxyz\r\n');
    expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
    expect(hd['Accept-Language']).toBe('en');
    const sign = (body: string | Uint8Array) =>
      signRequest({
        secretKey: 's3cr3t',
        token: 't0k3n',
        method: 'POST',
        url: '/api/v1/rrp/device/import',
        body,
        timestamp: Number(hd['X-Timestamp']),
        requestId: hd['X-Request-Id'],
      });
    expect(hd['X-Sign']).toBe(await sign(bytes));
    // not over an empty body, nor over anything else
    expect(hd['X-Sign']).not.toBe(await sign(''));
    expect(await sha256Hex(bytes)).not.toBe(await sha256Hex(''));
  });

  test('an envelope error is shown and rejects', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ success: false, code: 23010, msg: 'not enough Licenses', obj: null }, 409)),
    );
    const err = await upload('POST /rrp/device/import', { region: 'europe' }, {}).catch((e: unknown) => e);
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
    const name = await download('GET /rrp/device/export', { query: { mode: 'day', start: '2026-11-18', end: '2026-11-20' } });
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
    await expect(download('GET /rrp/device/export', { query: { mode: 'day', start: '2026-11-01', end: '2026-11-20' } })).rejects.toBeInstanceOf(ApiError);
    expect(h.showError).toHaveBeenCalledWith('Day mode exports at most 3 days');
  });

  test('file names from Content-Disposition', () => {
    expect(filenameFromDisposition('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(filenameFromDisposition('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E6%A8%A1%E6%9D%BF.xlsx")).toBe('模板.xlsx');
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
