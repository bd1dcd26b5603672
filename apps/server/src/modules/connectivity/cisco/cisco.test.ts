import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CcSimulator, startCcSimulator } from '../../../../../operator-sims/src/index.js';
import { type Connector, ConnectorError, type ConnectorErrorKind, type InventoryCursor } from '../connector.js';
import { MIN_CALL_SPACING_MS } from './client.js';
import { createCiscoConnector } from './index.js';

let sim: CcSimulator;
let cc: Connector;
const SIMS = 130;

const connector = (over: { apiKey?: string; timeoutMs?: number; baseUrl?: string } = {}) =>
  createCiscoConnector({
    baseUrl: over.baseUrl ?? sim.url,
    timeoutMs: over.timeoutMs ?? 5_000,
    credentials: { kind: 'cisco_cc', username: sim.username, apiKey: over.apiKey ?? sim.apiKey },
  });

async function failure(p: Promise<unknown>): Promise<ConnectorError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ConnectorError);
    return e as ConnectorError;
  }
  throw new Error('expected the call to fail');
}

const fault = (mode: string) =>
  fetch(`${sim.url}/_sim/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode, count: 1 }) });

beforeAll(async () => {
  sim = await startCcSimulator({ sims: SIMS, seed: 'connector-test', username: 'rrp-api', apiKey: 'cc-key-123' });
  cc = connector();
});
afterAll(() => sim.close());
beforeEach(async () => {
  await fetch(`${sim.url}/_sim/faults`, { method: 'DELETE' });
  sim.server.setDelay(0);
});

describe('Control Center connector: connection and authentication', () => {
  it('proves the address and credentials with one search, in the platform’s words', async () => {
    const r = await cc.testConnection();
    expect(r.message).toMatch(/^Control Center accepted the API key of rrp-api: Search Devices answered device 89860624\d+ \(\w+\)\.$/);
    expect(r.detail).toMatchObject({ pageNumber: 1, lastPage: false });
    // the address may carry the API path too
    await expect(connector({ baseUrl: `${sim.url}/rws/api/v1/` }).testConnection()).resolves.toBeTruthy();
  });

  it('a wrong API key is an auth failure carrying the platform’s code and message', async () => {
    const e = await failure(connector({ apiKey: 'wrong' }).testConnection());
    expect(e.kind).toBe('auth');
    expect(e.platformCode).toBe('10000001');
    expect(e.platformMessage).toBe('Invalid credentials');
    expect(e.httpStatus).toBe(401);
    expect(e.retryable).toBe(false);
  });
});

describe('inventory, details and usage', () => {
  it('pages through the whole inventory to the last page', async () => {
    const seen = new Set<string>();
    let cursor: InventoryCursor | null = { since: null, page: 1 };
    let pages = 0;
    while (cursor) {
      const page = await cc.inventoryPage(cursor);
      expect(page.complete).toBe(false);
      for (const s of page.sims) {
        expect(s.imsi).toBeNull();
        expect(s.state).toBeTruthy();
        seen.add(s.iccid);
      }
      pages++;
      cursor = page.next;
    }
    expect(pages).toBe(3);
    expect(seen.size).toBe(SIMS);
  });

  it('reads only what changed since a time', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const target = sim.fleet.sims[11];
    await cc.changeState(target.iccid, 'suspend', 'k-since');
    const page = await cc.inventoryPage({ since, page: 1 });
    expect(page.sims.map((s) => s.iccid)).toEqual([target.iccid]);
    expect(page.next).toBeNull();
  });

  it('reads full records, leaving out an ICCID the platform does not know', async () => {
    const [a, b] = sim.fleet.sims;
    const got = await cc.details([a.iccid, '8986000000000000000', b.iccid]);
    expect(got.map((s) => s.iccid)).toEqual([a.iccid, b.iccid]);
    expect(got[0]).toMatchObject({ imsi: a.imsi, msisdn: a.msisdn, imei: a.imei, status: a.status, ratePlan: a.ratePlan });
    expect(got[0].modifiedAt).toBeInstanceOf(Date);
    expect(got[0].modifiedAt?.getTime()).toBe(a.modifiedAt);
  });

  it('reads cycle-to-date bytes', async () => {
    const a = sim.fleet.sims[0];
    const [u] = await cc.usage([a.iccid, '8986000000000000000']);
    expect(u.iccid).toBe(a.iccid);
    expect(u.ctdBytes).toBeGreaterThan(0);
    expect(u.cycleStart).toBeNull();
  });
});

describe('status mapping and state changes', () => {
  it('reads every documented status value as its state', async () => {
    const expected = {
      ACTIVATED: 'active',
      DEACTIVATED: 'suspended',
      ACTIVATION_READY: 'ready',
      TEST_READY: 'ready',
      INVENTORY: 'inventory',
      RETIRED: 'deactivated',
      PURGED: 'retired',
      REPLACED: 'retired',
    } as const;
    const pool = sim.fleet.sims.slice(100, 108);
    for (const [i, status] of Object.keys(expected).entries()) sim.fleet.setStatus(pool[i], status);
    const got = await cc.details(pool.map((s) => s.iccid));
    expect(Object.fromEntries(got.map((s) => [s.status, s.state]))).toEqual(expected);
  });

  it('suspends, resumes and deactivates with DEACTIVATED, ACTIVATED and RETIRED; applying the same again succeeds', async () => {
    const s = sim.fleet.sims[20];
    expect(s.status).toBe('ACTIVATED');
    expect(await cc.changeState(s.iccid, 'suspend', 'k1')).toMatchObject({ status: 'DEACTIVATED', state: 'suspended', answer: { iccid: s.iccid } });
    expect(s.status).toBe('DEACTIVATED');
    expect(await cc.changeState(s.iccid, 'suspend', 'k2')).toMatchObject({ status: 'DEACTIVATED', state: 'suspended' });
    expect(await cc.changeState(s.iccid, 'resume', 'k3')).toMatchObject({ status: 'ACTIVATED', state: 'active' });
    expect(s.status).toBe('ACTIVATED');
    expect(await cc.changeState(s.iccid, 'deactivate', 'k4')).toMatchObject({ status: 'RETIRED', state: 'deactivated' });
    expect(s.status).toBe('RETIRED');
  });

  it('a change the platform refuses is refused; an unknown SIM is not_found', async () => {
    const s = sim.fleet.sims[21];
    sim.fleet.setStatus(s, 'PURGED');
    const refused = await failure(cc.changeState(s.iccid, 'resume', 'k5'));
    expect(refused.kind).toBe('refused');
    expect(refused.httpStatus).toBe(400);
    expect(refused.platformCode).toBeTruthy();
    const missing = await failure(cc.changeState('8986000000000000000', 'suspend', 'k6'));
    expect(missing.kind).toBe('not_found');
    expect(missing.platformCode).toBe('20000001');
  });
});

describe('one call in flight per account', () => {
  it('parallel calls through the connector (and through a second connector of the account) all succeed, one after another', async () => {
    sim.server.setDelay(250);
    const other = connector();
    const started = Date.now();
    const [a, b, c] = await Promise.all([cc.testConnection(), cc.details([sim.fleet.sims[0].iccid]), other.usage([sim.fleet.sims[1].iccid])]);
    expect(a.message).toMatch(/accepted/);
    expect(b).toHaveLength(1);
    expect(c).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 250 - 20);
  });

  it('starts at most 5 calls a second per account', async () => {
    const iccids = sim.fleet.sims.slice(30, 36).map((s) => s.iccid);
    const started = Date.now();
    await cc.details(iccids);
    // six calls: five gaps of at least 200 ms
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * MIN_CALL_SPACING_MS - 20);
  });
});

describe('faults', () => {
  const cases: Array<[string, ConnectorErrorKind, string | null]> = [
    ['error500', 'server', '30000001'],
    ['malformed', 'malformed', null],
    ['refuse_credentials', 'auth', '10000001'],
    ['rate_limit', 'rate_limited', '40000029'],
    ['down', 'unreachable', null],
  ];
  for (const [mode, kind, code] of cases) {
    it(`${mode} → ${kind}`, async () => {
      await fault(mode);
      const e = await failure(cc.testConnection());
      expect(e.kind).toBe(kind);
      expect(e.platformCode).toBe(code);
      await expect(cc.testConnection()).resolves.toBeTruthy();
    });
  }

  it('timeout → timeout after timeoutMs, and the next call of the account is not held up', async () => {
    await fault('timeout');
    const quick = connector({ timeoutMs: 300 });
    const started = Date.now();
    const e = await failure(quick.testConnection());
    expect(e.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect(quick.testConnection()).resolves.toBeTruthy();
  });

  it('nothing listening → unreachable', async () => {
    const e = await failure(connector({ baseUrl: 'http://127.0.0.1:9' }).testConnection());
    expect(e.kind).toBe('unreachable');
    expect(e.retryable).toBe(true);
  });

  it('answers not in the documented format → malformed; Retry-After is kept', async () => {
    // another server at the address: one answering the wrong JSON, an HTML 404, and a 429 with Retry-After
    const other = createServer((req, res) => {
      if (req.url?.startsWith('/shape/')) return res.writeHead(200, { 'content-type': 'application/json' }).end('{"devices":[{"iccid":1}],"pageNumber":1}');
      if (req.url?.startsWith('/busy/'))
        return res
          .writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' })
          .end('{"errorMessage":"Rate Limit Exceeded","errorCode":"40000029"}');
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html>Not Found</html>');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const shape = await failure(connector({ baseUrl: `${base}/shape` }).testConnection());
      expect(shape.kind).toBe('malformed');
      expect(shape.platformMessage).toMatch(/devices/);
      const html404 = await failure(connector({ baseUrl: `${base}/nothing` }).details(['8986000000000000000']));
      expect(html404.kind).toBe('malformed');
      const busy = await failure(connector({ baseUrl: `${base}/busy` }).testConnection());
      expect(busy).toMatchObject({ kind: 'rate_limited', platformCode: '40000029', retryAfterMs: 7000 });
    } finally {
      other.closeAllConnections();
      await new Promise((r) => other.close(r));
    }
  });
});
