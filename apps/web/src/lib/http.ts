import { API_PREFIX, DEFAULT_LOCALE, type Envelope, signedHeaders } from '@rrp/contracts';
import i18next from 'i18next';
import { newUuid } from './ids';
import { toast } from './toast';

/**
 * The one HTTP client of the console. Every call goes to `/api/v1/rrp/...` as JSON, carries
 * Accept-Language and, when signed, the headers of docs/api.md. It never imports the router or
 * the stores: the app registers what it needs through setHttpHooks().
 */

/** Codes that mean the session is gone: clear it and go to the login page. */
export const SESSION_ENDED_CODES: ReadonlySet<number> = new Set([88003, 88016, 22007, 22008]);

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A network failure or an HTTP error without an envelope. */
export class ServerAbnormalError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ServerAbnormalError';
  }
}

export type Credentials = { token: string; secretKey: string };

export type HttpHooks = {
  getCredentials: () => Credentials | null;
  getLocale: () => string;
  /** clears the stored session (88003 / 88016) */
  clearSession: () => void;
  /** sends the person to the login page; registered by the router */
  onUnauthorized: () => void;
  /** shows an error to the person for 3 seconds */
  showError: (text: string) => void;
  /** records a failed call for the error-logger page */
  reportError: (text: string, url: string) => void;
};

function defaultHooks(): HttpHooks {
  return {
    getCredentials: () => null,
    getLocale: () => i18next.language || DEFAULT_LOCALE,
    clearSession: () => {},
    onUnauthorized: () => {},
    showError: (text) => toast.error(text),
    reportError: () => {},
  };
}

const hooks: HttpHooks = defaultHooks();

export function setHttpHooks(next: Partial<HttpHooks>): void {
  Object.assign(hooks, next);
}

/** Back to the defaults (tests). */
export function resetHttpHooks(): void {
  Object.assign(hooks, defaultHooks());
}

export type RequestOptions = {
  /** sign the call with the session (default true) */
  auth?: boolean;
  /** do not show the error message (the caller shows its own) */
  silent?: boolean;
  signal?: AbortSignal;
  /** query string pairs for GET calls, sent in this order */
  query?: Record<string, string | number>;
};

let lastSessionEndedAt = 0;

function serverAbnormalText(): string {
  return i18next.t('common:serverAbnormal');
}

function isEnvelope(v: unknown): v is Envelope<unknown> {
  return !!v && typeof v === 'object' && 'success' in v && 'code' in v && typeof (v as { success: unknown }).success === 'boolean';
}

export async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const qs = opts.query
    ? Object.entries(opts.query)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
        .join('&')
    : '';
  const url = `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
  const json = method === 'POST' ? JSON.stringify(body ?? {}) : '';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': hooks.getLocale(),
  };
  if (method === 'POST') headers['Content-Type'] = 'application/json';
  if (opts.auth !== false) {
    const cred = hooks.getCredentials();
    if (cred) {
      Object.assign(
        headers,
        await signedHeaders({
          secretKey: cred.secretKey,
          token: cred.token,
          method,
          url,
          body: json,
          timestamp: Date.now(),
          requestId: newUuid(),
        }),
      );
    }
  }

  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: method === 'POST' ? json : undefined, signal: opts.signal, credentials: 'same-origin' });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    return failAbnormal(url, null, opts, `network: ${(err as Error)?.message ?? String(err)}`);
  }

  return readEnvelope<T>(res, url, opts);
}

function failAbnormal(url: string, status: number | null, opts: RequestOptions, detail: string): never {
  const text = serverAbnormalText();
  hooks.reportError(detail, url);
  if (!opts.silent) hooks.showError(text);
  throw new ServerAbnormalError(text, status);
}

/** POST JSON to `/api/v1/rrp{path}` and return the envelope's obj. */
export function post<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
  return request<T>('POST', path, body, opts);
}

/** An unsigned POST for the public pages (login, register, captcha, country list). */
export function postPublic<T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'auth'>): Promise<T> {
  return request<T>('POST', path, body, { ...opts, auth: false });
}

/**
 * Signed headers for a call whose body is not JSON (multipart upload, file download): the
 * signature covers the empty body, as docs/api.md states for these calls.
 */
async function emptyBodySignature(method: 'GET' | 'POST', url: string, opts: RequestOptions): Promise<Record<string, string>> {
  const headers: Record<string, string> = { 'Accept-Language': hooks.getLocale() };
  if (opts.auth === false) return headers;
  const cred = hooks.getCredentials();
  if (!cred) return headers;
  return {
    ...headers,
    ...(await signedHeaders({ secretKey: cred.secretKey, token: cred.token, method, url, body: '', timestamp: Date.now(), requestId: newUuid() })),
  };
}

function buildUrl(path: string, query?: Record<string, string | number>): string {
  const qs = query
    ? Object.entries(query)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
        .join('&')
    : '';
  return `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
}

/** Reads an envelope answer the way request() does: obj on success, else the message and an error. */
async function readEnvelope<T>(res: Response, url: string, opts: RequestOptions): Promise<T> {
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!isEnvelope(data)) return failAbnormal(url, res.status, opts, `HTTP ${res.status} without an envelope`);
  if (!data.success) {
    const text = data.msg || i18next.t('common:systemError');
    hooks.reportError(`${data.code} ${text}`, url);
    if (SESSION_ENDED_CODES.has(data.code)) {
      // several calls in flight fail together when a session ends: say it once
      const now = Date.now();
      const repeated = now - lastSessionEndedAt < 2000;
      lastSessionEndedAt = now;
      hooks.clearSession();
      if (!repeated && !opts.silent) hooks.showError(text);
      hooks.onUnauthorized();
    } else if (!opts.silent) {
      hooks.showError(text);
    }
    throw new ApiError(data.code, text, res.status);
  }
  return data.obj as T;
}

/**
 * POSTs a multipart form (file upload) to `/api/v1/rrp{path}`. Signed over the empty body; the
 * browser sets the multipart content type with its boundary, so no Content-Type is given here.
 */
export async function upload<T>(path: string, form: FormData, opts: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, opts.query);
  const headers = { Accept: 'application/json', ...(await emptyBodySignature('POST', url, opts)) };
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers, body: form, signal: opts.signal, credentials: 'same-origin' });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    return failAbnormal(url, null, opts, `network: ${(err as Error)?.message ?? String(err)}`);
  }
  return readEnvelope<T>(res, url, opts);
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), or null. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  if (plain) return (plain[2] ?? plain[1]).trim();
  return null;
}

export type DownloadOptions = RequestOptions & { /** used when the answer names no file */ fallbackName?: string };

/**
 * A signed GET of a file (spreadsheet export, template). An envelope answer is an error and is
 * shown like any other; a file answer is saved under the name of its Content-Disposition.
 * Returns the saved file's name.
 */
export async function download(path: string, opts: DownloadOptions = {}): Promise<string> {
  const url = buildUrl(path, opts.query);
  const headers = await emptyBodySignature('GET', url, opts);
  let res: Response;
  try {
    res = await fetch(url, { method: 'GET', headers, signal: opts.signal, credentials: 'same-origin' });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    return failAbnormal(url, null, opts, `network: ${(err as Error)?.message ?? String(err)}`);
  }
  const type = res.headers.get('Content-Type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    await readEnvelope<unknown>(res, url, opts);
    return failAbnormal(url, res.status, opts, `HTTP ${res.status}: no file in the answer`);
  }
  const blob = await res.blob();
  const name = filenameFromDisposition(res.headers.get('Content-Disposition')) ?? opts.fallbackName ?? 'download';
  saveBlob(blob, name);
  return name;
}

/** Hands a Blob to the browser as a download. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
