import { Faults } from '../core/faults.js';
import { SimFleet } from '../core/fleet.js';
import { type SimServer, startSimServer } from '../core/server.js';
import { carriesTraffic } from './codes.js';
import { OneLinkPlatform } from './platform.js';

export { BATCH_LIMIT, CARD_STATUS, type CardStatus, CODES } from './codes.js';
export { OneLinkPlatform } from './platform.js';

export type OneLinkSimulatorOptions = {
  port?: number;
  host?: string;
  /** cards on the platform (default 1000) */
  sims?: number;
  seed?: string;
  appid?: string;
  password?: string;
  /** how long an issued token lasts (default 3600 s) */
  tokenTtlSeconds?: number;
  delayMs?: number;
  stateFile?: string;
  log?: (line: string) => void;
  /** cards per customer group (default 500) */
  groupSize?: number;
  /** how far apart one card's status changes must be (the platform says 30 minutes; default 0, no limit) */
  changeIntervalSeconds?: number;
  /** the platform's clock (tests) */
  now?: () => number;
};

export type OneLinkSimulator = {
  url: string;
  appid: string;
  password: string;
  fleet: SimFleet;
  faults: Faults;
  platform: OneLinkPlatform;
  server: SimServer;
  close(): Promise<void>;
  /** Every token issued so far is expired from now on. */
  expireTokens(): void;
};

export const DEFAULT_APPID = 'C5010000000001';
export const DEFAULT_PASSWORD = 'onelink-demo-password';

/** A new card's status by its index: mostly activated, some stopped, waiting, testing, in stock or closing. */
function initialStatus(i: number): string {
  if (i % 97 === 96) return '9';
  switch (i % 20) {
    case 3:
    case 13:
      return '4';
    case 5:
      return '1';
    case 7:
      return '6';
    case 11:
      return '7';
    case 17:
      return '8';
    default:
      return '2';
  }
}

/** Starts the China Mobile OneLink (API v5) simulator. */
export async function startOneLinkSimulator(opts: OneLinkSimulatorOptions = {}): Promise<OneLinkSimulator> {
  const now = opts.now ?? Date.now;
  const appid = opts.appid ?? DEFAULT_APPID;
  const password = opts.password ?? DEFAULT_PASSWORD;
  const fleet = new SimFleet({
    count: opts.sims ?? 1000,
    seed: opts.seed ?? 'onelink',
    iccidPrefix: '898604',
    imsiPrefix: '460040',
    msisdnPrefix: '1440',
    tac: '86423104',
    ratePlans: ['物联网流量套餐 30M/月', '物联网流量套餐 500M/月', '物联网流量套餐 2G/月', '物联网流量池共享套餐'],
    initialStatus,
    carriesTraffic,
    now,
  });
  const faults = new Faults(now);
  const platform = new OneLinkPlatform({
    appid,
    password,
    tokenTtlSeconds: opts.tokenTtlSeconds ?? 3600,
    fleet,
    groupSize: opts.groupSize ?? 500,
    changeIntervalSeconds: opts.changeIntervalSeconds ?? 0,
    now,
  });
  const server = await startSimServer({
    platform,
    faults,
    host: opts.host,
    port: opts.port,
    delayMs: opts.delayMs,
    stateFile: opts.stateFile,
    log: opts.log,
  });
  return {
    url: server.url,
    appid,
    password,
    fleet,
    faults,
    platform,
    server,
    close: () => server.close(),
    expireTokens: () => platform.expireTokens(),
  };
}
