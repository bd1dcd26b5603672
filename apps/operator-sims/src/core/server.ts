import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { dirname } from 'node:path';
import { type FaultMode, type Faults, isFaultMode } from './faults.js';

export type SimRequest = {
  method: string;
  /** the path without the query */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** the parsed JSON or form body; null when empty; undefined when it did not parse */
  body: unknown;
  rawBody: string;
};

export type SimAnswer =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; raw: string; contentType: string; headers?: Record<string, string> }
  | { redirect: string };

export type Platform = {
  /** shown in /healthz as `service` */
  service: string;
  /** the platform's API (paths under its prefix); null: not an API path */
  api(req: SimRequest): Promise<SimAnswer | null> | SimAnswer | null;
  /**
   * Called when an API call starts (before the answer delay): a refusal to answer instead (a
   * platform that allows one call in flight per account), or null; `leave` is called when a call
   * let in has been answered.
   */
  enter?(req: SimRequest): SimAnswer | null;
  leave?(req: SimRequest): void;
  /** the platform's answer to a fault that has one (500 body, refused credentials, rate limit) */
  faultAnswer(mode: Exclude<FaultMode, 'timeout' | 'down' | 'malformed'>, req: SimRequest): SimAnswer;
  /** pages for people, and their form posts */
  page(req: SimRequest): Promise<SimAnswer | null> | SimAnswer | null;
  /** the state to save and restore across restarts */
  save?(): unknown;
  restore?(state: unknown): void;
  /** extra fields for /healthz and /_sim/state */
  describe(): Record<string, unknown>;
};

export type SimServerOptions = {
  platform: Platform;
  faults: Faults;
  host?: string;
  port?: number;
  /** added before every API answer (default 0) */
  delayMs?: number;
  /** where the state is saved (none: in memory only) */
  stateFile?: string;
  log?: (line: string) => void;
};

export type SimServer = { url: string; port: number; close(): Promise<void>; save(): void; setDelay(ms: number): void };

const MAX_BODY = 1 << 20;
const TIMEOUT_HOLD_MS = 120_000;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseBody(raw: string, contentType: string | undefined): unknown {
  if (raw === '') return null;
  if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, answer: SimAnswer) {
  if ('redirect' in answer) {
    res.writeHead(303, { location: answer.redirect });
    res.end();
    return;
  }
  if ('json' in answer) {
    const text = JSON.stringify(answer.json);
    res.writeHead(answer.status, { 'content-type': 'application/json;charset=UTF-8', ...answer.headers });
    res.end(text);
    return;
  }
  res.writeHead(answer.status, { 'content-type': answer.contentType, ...answer.headers });
  res.end(answer.raw);
}

/**
 * The HTTP server every platform simulator runs on: its API behind the fault controls and the
 * answer delay, `/_sim/*` test controls, `/healthz`, and its pages for people.
 */
export async function startSimServer(opts: SimServerOptions): Promise<SimServer> {
  const { platform, faults } = opts;
  let delayMs = opts.delayMs ?? 0;
  const held = new Set<Socket>();
  let saveTimer: NodeJS.Timeout | undefined;

  if (opts.stateFile && platform.restore) {
    try {
      platform.restore(JSON.parse(readFileSync(opts.stateFile, 'utf8')));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') opts.log?.(`state not restored: ${(e as Error).message}`);
    }
  }
  const saveNow = () => {
    if (!opts.stateFile || !platform.save) return;
    mkdirSync(dirname(opts.stateFile), { recursive: true });
    const tmp = `${opts.stateFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(platform.save()));
    renameSync(tmp, opts.stateFile);
  };
  const scheduleSave = () => {
    if (!opts.stateFile || saveTimer) return;
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      saveNow();
    }, 200);
  };

  const control = async (req: SimRequest): Promise<SimAnswer | null> => {
    if (req.path === '/healthz') return { status: 200, json: { service: platform.service, ...platform.describe() } };
    if (req.path === '/_sim/state' && req.method === 'GET') return { status: 200, json: { fault: faults.current(), delayMs, ...platform.describe() } };
    if (req.path === '/_sim/faults' && req.method === 'DELETE') {
      faults.clear();
      return { status: 200, json: { fault: null } };
    }
    if (req.path === '/_sim/faults' && req.method === 'POST') {
      const b = (req.body ?? {}) as { mode?: unknown; seconds?: unknown; count?: unknown };
      if (!isFaultMode(b.mode)) return { status: 400, json: { error: 'mode must be one of the fault modes' } };
      const seconds = typeof b.seconds === 'number' && b.seconds > 0 ? b.seconds : undefined;
      const count = typeof b.count === 'number' && Number.isInteger(b.count) && b.count > 0 ? b.count : undefined;
      return { status: 200, json: { fault: faults.set(b.mode, { seconds, count }) } };
    }
    if (req.path === '/_sim/delay' && req.method === 'POST') {
      const ms = (req.body as { ms?: unknown } | null)?.ms;
      if (typeof ms !== 'number' || ms < 0 || ms > 60_000) return { status: 400, json: { error: 'ms must be 0 to 60000' } };
      delayMs = ms;
      return { status: 200, json: { delayMs } };
    }
    return null;
  };

  const server = createServer(async (incoming, res) => {
    try {
      const url = new URL(incoming.url ?? '/', 'http://sim.local');
      const rawBody = await readBody(incoming);
      const req: SimRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: parseBody(rawBody, incoming.headers['content-type']),
        rawBody,
      };
      const ctl = await control(req);
      if (ctl) return send(res, ctl);
      const pageAnswer = await platform.page(req);
      if (pageAnswer) {
        scheduleSave();
        return send(res, pageAnswer);
      }
      const fault = faults.take();
      if (fault === 'down') {
        incoming.socket.destroy();
        return;
      }
      if (fault === 'timeout') {
        held.add(incoming.socket);
        setTimeout(() => incoming.socket.destroy(), TIMEOUT_HOLD_MS).unref();
        return;
      }
      const refused = platform.enter?.(req) ?? null;
      if (refused) return send(res, refused);
      try {
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        if (fault === 'malformed') return send(res, { status: 200, raw: '{"status":"0","result":[{"unterminated', contentType: 'application/json' });
        if (fault) return send(res, platform.faultAnswer(fault, req));
        const answer = await platform.api(req);
        if (!answer) return send(res, { status: 404, json: { error: 'not found' } });
        if (req.method !== 'GET') scheduleSave();
        send(res, answer);
      } finally {
        platform.leave?.(req);
      }
    } catch (e) {
      opts.log?.(`error: ${(e as Error).message}`);
      if (!res.headersSent) send(res, { status: 500, json: { error: 'internal error' } });
    }
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1';
  return {
    url: `http://${host}:${port}`,
    port,
    save: saveNow,
    setDelay: (ms) => {
      delayMs = ms;
    },
    close: async () => {
      if (saveTimer) {
        clearTimeout(saveTimer);
        saveTimer = undefined;
      }
      saveNow();
      for (const s of held) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Escapes text for HTML. */
export const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
