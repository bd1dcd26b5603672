import { z } from 'zod';
import { ConnectorError, type ConnectorOptions, type OneLinkCredentials } from '../connector.js';
import { makeTransid } from './transid.js';

/** The platform's `status` codes the connector acts on (docs/connectors/onelink.md). */
export const ONELINK_CODES = {
  ok: '0',
  badCredentials: '12002',
  tokenExpired: '12021',
  unknownCard: '12024',
  rateLimited: '12030',
} as const;

const envelope = z.object({
  status: z.union([z.string(), z.number()]).transform(String),
  message: z.string().nullish(),
  result: z.array(z.unknown()).nullish(),
});

const tokenResult = z.object({ token: z.string().min(1), ttl: z.union([z.string(), z.number()]).transform(Number).pipe(z.number().positive()) });

/** What a `status` other than "0" means for the caller. */
function errorFor(status: string, message: string): ConnectorError {
  switch (status) {
    case ONELINK_CODES.badCredentials:
      return new ConnectorError('auth', message, status);
    case ONELINK_CODES.unknownCard:
      return new ConnectorError('not_found', message, status);
    case ONELINK_CODES.rateLimited:
      return new ConnectorError('rate_limited', message, status);
    default:
      return new ConnectorError('refused', message, status);
  }
}

type Envelope = z.infer<typeof envelope>;
type Token = { value: string; expiresAt: number };

/**
 * One account's calls to OneLink: GET `/v5/ec/<path>` with the query string, a transid per call,
 * the token cached until a little before its ttl and fetched again once when a call finds it expired.
 */
export class OneLinkClient {
  private token: Token | null = null;
  private fetching: Promise<Token> | null = null;
  private readonly base: string;
  private readonly fetchFn: typeof fetch;
  private readonly now: () => Date;

  constructor(private readonly opts: ConnectorOptions & { credentials: OneLinkCredentials }) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.fetchFn = opts.fetch ?? fetch;
    this.now = opts.now ?? (() => new Date());
  }

  get appid(): string {
    return this.opts.credentials.appid;
  }

  /** A new token from the platform (the real call, not the cached one). */
  async fetchToken(): Promise<{ token: string; ttl: number }> {
    const { appid, password } = this.opts.credentials;
    const env = await this.send('/get/token', { appid, password, transid: makeTransid(appid, this.now()) });
    if (env.status !== ONELINK_CODES.ok) throw errorFor(env.status, env.message || `status ${env.status}`);
    const parsed = tokenResult.safeParse(env.result?.[0]);
    if (!parsed.success) throw new ConnectorError('malformed', 'the token answer has no token and ttl');
    return parsed.data;
  }

  private async currentToken(): Promise<Token> {
    const now = this.now().getTime();
    if (this.token && this.token.expiresAt > now) return this.token;
    this.fetching ??= this.fetchToken()
      .then(({ token, ttl }) => {
        // a little before the platform drops it: a tenth of its life, at most a minute
        const margin = Math.min(60_000, ttl * 100);
        this.token = { value: token, expiresAt: this.now().getTime() + ttl * 1000 - margin };
        return this.token;
      })
      .finally(() => {
        this.fetching = null;
      });
    return this.fetching;
  }

  /** A call with the account's token; its `result` rows read with `row`. */
  async call<T>(path: string, params: Record<string, string>, row: z.ZodType<T>): Promise<T[]> {
    let token = await this.currentToken();
    let env = await this.send(path, { transid: makeTransid(this.appid, this.now()), token: token.value, ...params });
    if (env.status === ONELINK_CODES.tokenExpired) {
      if (this.token === token) this.token = null;
      token = await this.currentToken();
      env = await this.send(path, { transid: makeTransid(this.appid, this.now()), token: token.value, ...params });
      // a token just issued is refused again: the platform is not in order
      if (env.status === ONELINK_CODES.tokenExpired) throw new ConnectorError('server', env.message || 'token refused right after it was issued', env.status);
    }
    if (env.status !== ONELINK_CODES.ok) throw errorFor(env.status, env.message || `status ${env.status}`);
    const rows = z.array(row).safeParse(env.result ?? []);
    if (!rows.success) throw new ConnectorError('malformed', `${path}: the result is not in the documented form`, env.status);
    return rows.data;
  }

  private async send(path: string, params: Record<string, string>): Promise<Envelope> {
    const url = `${this.base}/v5/ec${path}?${new URLSearchParams(params)}`;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.opts.timeoutMs ?? 15_000);
    try {
      let res: Response;
      let text: string;
      try {
        res = await this.fetchFn(url, { method: 'GET', headers: { accept: 'application/json' }, signal: controller.signal });
        text = await res.text();
      } catch (e) {
        if (timedOut) throw new ConnectorError('timeout', `no answer from ${path} within ${this.opts.timeoutMs ?? 15_000} ms`);
        throw new ConnectorError(
          'unreachable',
          `${path}: ${(e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message}`,
        );
      }
      if (res.status === 429) {
        const after = Number(res.headers.get('retry-after'));
        throw new ConnectorError('rate_limited', `${path}: HTTP 429`, null, 429, Number.isFinite(after) && after > 0 ? after * 1000 : null);
      }
      if (res.status >= 500) throw new ConnectorError('server', `${path}: HTTP ${res.status}`, null, res.status);
      if (res.status === 401 || res.status === 403) throw new ConnectorError('auth', `${path}: HTTP ${res.status}`, null, res.status);
      if (res.status >= 400) throw new ConnectorError('refused', `${path}: HTTP ${res.status}`, null, res.status);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new ConnectorError('malformed', `${path}: the answer is not JSON`, null, res.status);
      }
      const env = envelope.safeParse(json);
      if (!env.success) throw new ConnectorError('malformed', `${path}: the answer has no status`, null, res.status);
      return env.data;
    } finally {
      clearTimeout(timer);
    }
  }
}
