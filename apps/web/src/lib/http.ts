import { DEFAULT_LOCALE, SESSION_ENDED_CODES, signedHeaders } from '@rrp/contracts/constants';
import i18next from 'i18next';
import { newUuid } from './ids';
import { toast } from './toast';

/**
 * The one HTTP transport of the console. Every call carries Accept-Language and, when signed,
 * the headers of docs/api.md computed over the exact bytes sent (JSON or multipart). It never
 * imports the router or the stores: the app registers what it needs through setHttpHooks().
 * Features call endpoints through lib/api.ts, typed from the contracts.
 */

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
  /** do not show the error message (the caller shows its own) */
  silent?: boolean;
  signal?: AbortSignal;
};

/** What a call sends: the exact bytes (signed as they are) and their content type. */
export type Payload = { bytes: string | Uint8Array; contentType: string };

const sessionEnded: ReadonlySet<number> = new Set(SESSION_ENDED_CODES);
let lastSessionEndedAt = 0;

function isEnvelope(v: unknown): v is { success: boolean; code: number; msg: string; obj: unknown } {
  return !!v && typeof v === 'object' && 'success' in v && 'code' in v && typeof (v as { success: unknown }).success === 'boolean';
}

function failAbnormal(url: string, status: number | null, opts: RequestOptions, detail: string): never {
  const text = i18next.t('common:serverAbnormal');
  hooks.reportError(detail, url);
  if (!opts.silent) hooks.showError(text);
  throw new ServerAbnormalError(text, status);
}

/** The headers of a call: language, and the signature over `bytes` when it is signed and a session exists. */
async function headersFor(method: 'GET' | 'POST', url: string, payload: Payload | null, sign: boolean): Promise<Record<string, string>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': hooks.getLocale() };
  if (payload) headers['Content-Type'] = payload.contentType;
  const cred = sign ? hooks.getCredentials() : null;
  if (cred) {
    Object.assign(
      headers,
      await signedHeaders({
        secretKey: cred.secretKey,
        token: cred.token,
        method,
        url,
        body: payload?.bytes ?? '',
        timestamp: Date.now(),
        requestId: newUuid(),
      }),
    );
  }
  return headers;
}

/** Sends a call and answers the fetch Response; a network failure is the server-abnormal error. */
export async function transport(method: 'GET' | 'POST', url: string, payload: Payload | null, sign: boolean, opts: RequestOptions = {}): Promise<Response> {
  const headers = await headersFor(method, url, payload, sign);
  try {
    return await fetch(url, { method, headers, body: payload ? (payload.bytes as BodyInit) : undefined, signal: opts.signal, credentials: 'same-origin' });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    return failAbnormal(url, null, opts, `network: ${(err as Error)?.message ?? String(err)}`);
  }
}

/** Reads an envelope answer: obj on success, else the message shown and an error thrown. */
export async function readEnvelope<T>(res: Response, url: string, opts: RequestOptions = {}): Promise<T> {
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
    if (sessionEnded.has(data.code)) {
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

/** A file answer: its bytes and name; an envelope answer instead is an error shown like any other. */
export async function readFile(res: Response, url: string, opts: RequestOptions = {}): Promise<{ blob: Blob; name: string | null }> {
  const type = res.headers.get('Content-Type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    await readEnvelope<unknown>(res, url, opts);
    return failAbnormal(url, res.status, opts, `HTTP ${res.status}: no file in the answer`);
  }
  return { blob: await res.blob(), name: filenameFromDisposition(res.headers.get('Content-Disposition')) };
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
