import type { z } from 'zod';
import { ConnectorError } from '../connector.js';
import { errorBody } from './wire.js';

/** Control Center's rate-limit error code (HTTP 429): more than one call in flight, or too many a second. */
export const RATE_LIMIT_CODE = '40000029';
const DEFAULT_TIMEOUT_MS = 15_000;

/** Cisco's guidance: at most 5 calls a second per API user. */
export const MIN_CALL_SPACING_MS = 200;

// Control Center allows one call in flight per API user: every call of an account (base URL and
// user name) made in this process waits for the one before it, and starts no sooner than
// MIN_CALL_SPACING_MS (or the account's own spacing) after it started.
const lanes = new Map<string, Promise<void>>();
const lastStart = new Map<string, number>();

function inLane<T>(key: string, spacingMs: number, call: () => Promise<T>): Promise<T> {
  const run = (lanes.get(key) ?? Promise.resolve()).then(async () => {
    const wait = (lastStart.get(key) ?? 0) + spacingMs - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    lastStart.set(key, Date.now());
    return call();
  });
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  lanes.set(key, tail);
  void tail.then(() => {
    if (lanes.get(key) === tail) lanes.delete(key);
  });
  return run;
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now. */
function retryAfterMs(header: string | null, now: () => Date): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now().getTime());
}

function failure(status: number, body: string, retryAfter: string | null, now: () => Date): ConnectorError {
  let parsed: z.infer<typeof errorBody> | null = null;
  try {
    const r = errorBody.safeParse(JSON.parse(body));
    if (r.success) parsed = r.data;
  } catch {
    parsed = null;
  }
  const code = parsed?.errorCode != null ? String(parsed.errorCode) : null;
  const message = parsed?.errorMessage || `HTTP ${status}`;
  if (status === 429 || code === RATE_LIMIT_CODE) return new ConnectorError('rate_limited', message, code, status, retryAfterMs(retryAfter, now));
  if (status === 401 || status === 403) return new ConnectorError('auth', message, code, status);
  // a 404 without Control Center's error body is some other server's page: the address is wrong
  if (status === 404)
    return code
      ? new ConnectorError('not_found', message, code, status)
      : new ConnectorError('malformed', `HTTP 404 without a Control Center error body: is the address right?`, null, status);
  if (status >= 500) return new ConnectorError('server', message, code, status);
  return new ConnectorError('refused', message, code, status);
}

function networkFailure(e: unknown, signal: AbortSignal, timeoutMs: number): ConnectorError {
  if (signal.aborted) return new ConnectorError('timeout', `no answer within ${timeoutMs} ms`);
  const err = e as Error & { cause?: { code?: string; message?: string } };
  const detail = err.cause?.code ?? err.cause?.message ?? err.message;
  return new ConnectorError('unreachable', `the connection failed: ${detail}`);
}

export type CcClientOptions = {
  baseUrl: string;
  username: string;
  apiKey: string;
  timeoutMs?: number;
  /** calls of the account start at least this far apart (default MIN_CALL_SPACING_MS) */
  minCallSpacingMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
};

/** Control Center's REST API v1 for one API user: HTTP Basic, one call at a time, answers checked. */
export class CcClient {
  private readonly root: string;
  private readonly lane: string;
  private readonly authorization: string;
  private readonly timeoutMs: number;
  private readonly spacingMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => Date;

  constructor(opts: CcClientOptions) {
    // the address may be given with or without the API's path
    this.root = opts.baseUrl.replace(/\/+$/, '').replace(/\/rws\/api\/v\d+$/, '');
    this.lane = `${this.root}\n${opts.username}`;
    this.authorization = `Basic ${Buffer.from(`${opts.username}:${opts.apiKey}`).toString('base64')}`;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.spacingMs = opts.minCallSpacingMs ?? MIN_CALL_SPACING_MS;
    this.fetchImpl = opts.fetch ?? fetch;
    this.now = opts.now ?? (() => new Date());
  }

  /** One call; its answer checked against `schema`, and kept as sent for the operation log. */
  call<S extends z.ZodType>(method: 'GET' | 'PUT', path: string, schema: S, body?: unknown): Promise<{ data: z.infer<S>; raw: Record<string, unknown> }> {
    return inLane(this.lane, this.spacingMs, async () => {
      const signal = AbortSignal.timeout(this.timeoutMs);
      let status: number;
      let text: string;
      let retryAfter: string | null;
      try {
        const res = await this.fetchImpl(`${this.root}/rws/api/v1${path}`, {
          method,
          headers: {
            authorization: this.authorization,
            accept: 'application/json',
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
          signal,
        });
        status = res.status;
        retryAfter = res.headers.get('retry-after');
        text = await res.text();
      } catch (e) {
        throw networkFailure(e, signal, this.timeoutMs);
      }
      if (status < 200 || status > 299) throw failure(status, text, retryAfter, this.now);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new ConnectorError('malformed', 'the answer is not JSON', null, status);
      }
      const checked = schema.safeParse(json);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new ConnectorError(
          'malformed',
          `unexpected answer: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'wrong shape'}`,
          null,
          status,
        );
      }
      return { data: checked.data, raw: json as Record<string, unknown> };
    });
  }
}
