import { timingSafeEqual } from 'node:crypto';
import { Faults } from '../core/faults.js';
import type { SimFleet } from '../core/fleet.js';
import { type Platform, type SimAnswer, type SimRequest, type SimServer, startSimServer } from '../core/server.js';
import { ccApi } from './api.js';
import { CC_ERRORS, ccError, noAuthentication } from './errors.js';
import { ccPage } from './page.js';
import { CcAccount } from './platform.js';

export const DEFAULT_CC_USERNAME = 'rrp-demo';
export const DEFAULT_CC_API_KEY = '5b7c2f1e-8a4d-4c3b-9e6f-1d2a3b4c5d6e';

export type CcSimulatorOptions = {
  /** 0 (default) for any free port */
  port?: number;
  host?: string;
  /** SIMs in the account (default 1000) */
  sims?: number;
  seed?: string;
  username?: string;
  apiKey?: string;
  /** added before every API answer (default 0) */
  delayMs?: number;
  /** where the state is saved (none: in memory only) */
  stateFile?: string;
  log?: (line: string) => void;
  now?: () => number;
};

export type CcSimulator = {
  url: string;
  username: string;
  apiKey: string;
  fleet: SimFleet;
  account: CcAccount;
  faults: Faults;
  server: SimServer;
  close(): Promise<void>;
};

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The user name of an HTTP Basic Authorization header, whatever its password; null without one. */
function basicUser(req: SimRequest): { user: string; key: string } | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string' || !/^Basic /i.test(h)) return null;
  const decoded = Buffer.from(h.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? { user: decoded, key: '' } : { user: decoded.slice(0, colon), key: decoded.slice(colon + 1) };
}

/**
 * A Cisco IoT Control Center simulator: one enterprise account behind the REST API v1 (HTTP Basic
 * with the user name and API key), one call in flight per user name, the operator's SIM pages at
 * `/`, and the shared fault and delay controls under `/_sim/`.
 */
export async function startCcSimulator(opts: CcSimulatorOptions = {}): Promise<CcSimulator> {
  const now = opts.now ?? Date.now;
  const username = opts.username ?? DEFAULT_CC_USERNAME;
  const apiKey = opts.apiKey ?? DEFAULT_CC_API_KEY;
  const account = new CcAccount({ sims: opts.sims ?? 1000, seed: opts.seed ?? 'cisco-cc' }, now);
  const faults = new Faults(now);
  const inFlight = new Set<string>();
  const slot = (req: SimRequest) => basicUser(req)?.user ?? '';

  const platform: Platform = {
    service: 'cisco-control-center-simulator',
    enter(req) {
      if (!req.path.startsWith('/rws/')) return null;
      const who = slot(req);
      if (inFlight.has(who)) return ccError(CC_ERRORS.rateLimitExceeded);
      inFlight.add(who);
      return null;
    },
    leave(req) {
      if (req.path.startsWith('/rws/')) inFlight.delete(slot(req));
    },
    api(req): SimAnswer | null {
      if (!req.path.startsWith('/rws/')) return null;
      const creds = basicUser(req);
      if (!creds) return noAuthentication();
      if (!sameText(creds.user, username) || !sameText(creds.key, apiKey)) return ccError(CC_ERRORS.invalidCredentials);
      return ccApi(account, req);
    },
    faultAnswer(mode) {
      if (mode === 'rate_limit') return ccError(CC_ERRORS.rateLimitExceeded);
      if (mode === 'error500') return ccError(CC_ERRORS.unknownServerError);
      // refuse_credentials, and expire_tokens (Control Center has no tokens: the key is refused)
      return ccError(CC_ERRORS.invalidCredentials);
    },
    page: (req) => ccPage(account, req),
    save: () => account.save(),
    restore: (state) => account.restore(state),
    describe: () => ({ sims: account.fleet.sims.length, username, scheduledChanges: account.scheduledCount(), callsInFlight: inFlight.size }),
  };

  const server = await startSimServer({ platform, faults, host: opts.host, port: opts.port, delayMs: opts.delayMs, stateFile: opts.stateFile, log: opts.log });
  opts.log?.(`listening on ${server.url}`);
  return { url: server.url, username, apiKey, fleet: account.fleet, account, faults, server, close: () => server.close() };
}
