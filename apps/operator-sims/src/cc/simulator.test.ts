import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CcSimulator, startCcSimulator } from './index.js';

let clock = Date.UTC(2026, 10, 15, 12, 0, 0);
let sim: CcSimulator;
const auth = (user = 'acme', key = 'key-1') => `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;

async function call(path: string, init: RequestInit & { user?: string; key?: string } = {}) {
  const { user, key, ...rest } = init;
  const res = await fetch(`${sim.url}${path}`, {
    ...rest,
    headers: { authorization: auth(user, key), accept: 'application/json', 'content-type': 'application/json', ...(rest.headers ?? {}) },
  });
  const text = await res.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: the tests read answer bodies loosely
  return { status: res.status, json: json as Record<string, any>, text };
}

const SINCE = encodeURIComponent('2000-01-01T00:00:00+00:00');
const fault = (mode: string) =>
  fetch(`${sim.url}/_sim/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode, count: 1 }) });

beforeAll(async () => {
  sim = await startCcSimulator({ sims: 120, seed: 'test', username: 'acme', apiKey: 'key-1', now: () => clock });
});
afterAll(() => sim.close());
beforeEach(async () => {
  await fetch(`${sim.url}/_sim/faults`, { method: 'DELETE' });
  sim.server.setDelay(0);
});

describe('Control Center simulator: authentication', () => {
  it('refuses a wrong API key or user name with the documented 401 body, and a missing header too', async () => {
    for (const r of [
      await call('/rws/api/v1/devices?modifiedSince=' + SINCE, { key: 'wrong' }),
      await call(`/rws/api/v1/devices?modifiedSince=${SINCE}`, { user: 'other' }),
    ]) {
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ errorMessage: 'Invalid credentials', errorCode: '10000001' });
    }
    const bare = await fetch(`${sim.url}/rws/api/v1/devices?modifiedSince=${SINCE}`);
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { errorMessage: string }).errorMessage).toMatch(/authentication is required/);
  });
});

describe('Search Devices', () => {
  it('pages through every SIM, oldest change first, with pageNumber and lastPage', async () => {
    const seen: string[] = [];
    let last = false;
    let page = 1;
    let prevUpdated = '';
    while (!last) {
      const r = await call(`/rws/api/v1/devices?modifiedSince=${SINCE}&pageSize=50&pageNumber=${page}`);
      expect(r.status).toBe(200);
      expect(r.json.pageNumber).toBe(page);
      for (const d of r.json.devices) {
        expect(Object.keys(d).sort()).toEqual(['communicationPlan', 'iccid', 'ratePlan', 'status']);
        const updated = sim.account.details(sim.fleet.get(d.iccid)!).dateUpdated as string;
        expect(updated >= prevUpdated).toBe(true);
        prevUpdated = updated;
        seen.push(d.iccid);
      }
      last = r.json.lastPage;
      page++;
    }
    expect(page - 1).toBe(3);
    expect(new Set(seen).size).toBe(120);
    expect(seen.every((i) => /^89860624\d{11}$/.test(i))).toBe(true);
  });

  it('filters by modification time and status', async () => {
    const target = sim.fleet.sims[7];
    const since = new Date(clock - 1000).toISOString().replace('Z', '+00:00');
    const before = await call(`/rws/api/v1/devices?modifiedSince=${encodeURIComponent(since)}`);
    expect(before.json.devices.some((d: { iccid: string }) => d.iccid === target.iccid)).toBe(false);
    await call(`/rws/api/v1/devices/${target.iccid}`, { method: 'PUT', body: JSON.stringify({ status: 'DEACTIVATED' }) });
    const after = await call(`/rws/api/v1/devices?modifiedSince=${encodeURIComponent(since)}`);
    expect(after.json.devices.map((d: { iccid: string }) => d.iccid)).toContain(target.iccid);
    const retired = await call(`/rws/api/v1/devices?modifiedSince=${SINCE}&status=RETIRED`);
    expect(retired.json.devices.length).toBeGreaterThan(0);
    expect(retired.json.devices.every((d: { status: string }) => d.status === 'RETIRED')).toBe(true);
  });

  it('answers the documented 400s: no modifiedSince, a date that is not ISO 8601, pageSize over 50, an unknown status', async () => {
    expect((await call('/rws/api/v1/devices')).json.errorCode).toBe('10000003');
    const notIso = await call(`/rws/api/v1/devices?modifiedSince=${encodeURIComponent('2024-01-01 00:00:00')}`);
    expect(notIso.status).toBe(400);
    const big = await call(`/rws/api/v1/devices?modifiedSince=${SINCE}&pageSize=51`);
    expect(big.status).toBe(400);
    expect(big.json.errorMessage).toMatch(/pageSize/);
    const status = await call(`/rws/api/v1/devices?modifiedSince=${SINCE}&status=SUSPENDED`);
    expect(status.status).toBe(400);
    expect(status.json.errorMessage).toMatch(/status/);
    expect((await call(`/rws/api/v2/devices?modifiedSince=${SINCE}`)).json.errorCode).toBe('10000024');
  });
});

describe('Get Device Details, Edit Device Details, Get Device Usage', () => {
  it('answers the full record, and the documented 404 for an unknown ICCID', async () => {
    const s = sim.fleet.sims[0];
    const r = await call(`/rws/api/v1/devices/${s.iccid}`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ iccid: s.iccid, imsi: s.imsi, msisdn: s.msisdn, imei: s.imei, status: 'ACTIVATED', ratePlan: s.ratePlan });
    expect(r.json.imei).toMatch(/^\d{15}$/);
    expect(r.json.dateAdded).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}\+0000$/);
    expect(r.json.dateActivated).not.toBeNull();
    const missing = await call('/rws/api/v1/devices/8986000000000000000');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ errorMessage: 'Resource not found - Invalid ICCID.', errorCode: '20000001' });
  });

  it('changes a status now, refuses an invalid one, and applies a scheduled change at its time', async () => {
    const s = sim.fleet.sims[1];
    const put = await call(`/rws/api/v1/devices/${s.iccid}`, { method: 'PUT', body: JSON.stringify({ status: 'DEACTIVATED' }) });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ iccid: s.iccid });
    expect((await call(`/rws/api/v1/devices/${s.iccid}`)).json.status).toBe('DEACTIVATED');
    const bad = await call(`/rws/api/v1/devices/${s.iccid}`, { method: 'PUT', body: JSON.stringify({ status: 'SUSPENDED' }) });
    expect(bad.status).toBe(400);
    expect(bad.json.errorCode).toBeTruthy();

    const at = new Date(clock + 3600_000).toISOString();
    const scheduled = await call(`/rws/api/v1/devices/${s.iccid}`, { method: 'PUT', body: JSON.stringify({ status: 'ACTIVATED', effectiveDate: at }) });
    expect(scheduled.status).toBe(200);
    expect((await call(`/rws/api/v1/devices/${s.iccid}`)).json.status).toBe('DEACTIVATED');
    clock += 3600_000 + 1000;
    expect((await call(`/rws/api/v1/devices/${s.iccid}`)).json.status).toBe('ACTIVATED');
    const tooFar = await call(`/rws/api/v1/devices/${s.iccid}`, {
      method: 'PUT',
      body: JSON.stringify({ status: 'DEACTIVATED', effectiveDate: new Date(clock + 200 * 86_400_000).toISOString() }),
    });
    expect(tooFar.status).toBe(400);
  });

  it('grows cycle-to-date data only while the SIM carries traffic', async () => {
    const active = sim.fleet.sims[2];
    const stopped = sim.fleet.sims[3];
    await call(`/rws/api/v1/devices/${stopped.iccid}`, { method: 'PUT', body: JSON.stringify({ status: 'DEACTIVATED' }) });
    const a1 = (await call(`/rws/api/v1/devices/${active.iccid}/ctdUsages`)).json;
    const s1 = (await call(`/rws/api/v1/devices/${stopped.iccid}/ctdUsages`)).json;
    expect(a1).toMatchObject({ iccid: active.iccid, status: 'ACTIVATED' });
    expect(typeof a1.ctdDataUsage).toBe('number');
    clock += 2 * 3600_000;
    const a2 = (await call(`/rws/api/v1/devices/${active.iccid}/ctdUsages`)).json;
    const s2 = (await call(`/rws/api/v1/devices/${stopped.iccid}/ctdUsages`)).json;
    expect(a2.ctdDataUsage).toBeGreaterThan(a1.ctdDataUsage);
    expect(s2.ctdDataUsage).toBe(s1.ctdDataUsage);
    expect((await call('/rws/api/v1/devices/8986000000000000000/ctdUsages')).status).toBe(404);
  });
});

describe('one call in flight per account', () => {
  it('refuses a second concurrent call of the same user name with the rate-limit answer', async () => {
    sim.server.setDelay(300);
    const path = `/rws/api/v1/devices?modifiedSince=${SINCE}&pageSize=1`;
    const [a, b] = await Promise.all([call(path), call(path)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 429]);
    const refused = a.status === 429 ? a : b;
    expect(refused.json).toEqual({ errorMessage: 'Rate Limit Exceeded', errorCode: '40000029' });
    // one after the other is fine
    expect((await call(path)).status).toBe(200);
  });
});

describe('fault controls', () => {
  const path = `/rws/api/v1/devices?modifiedSince=${SINCE}&pageSize=1`;
  it('error500, malformed, refuse_credentials, expire_tokens and rate_limit answer as the platform would', async () => {
    await fault('error500');
    const e = await call(path);
    expect(e.status).toBe(500);
    expect(e.json.errorCode).toBe('30000001');
    await fault('malformed');
    const m = await call(path);
    expect(m.status).toBe(200);
    expect(m.json).toBeUndefined();
    await fault('refuse_credentials');
    expect((await call(path)).json).toEqual({ errorMessage: 'Invalid credentials', errorCode: '10000001' });
    await fault('expire_tokens');
    expect((await call(path)).status).toBe(401);
    await fault('rate_limit');
    const r = await call(path);
    expect(r.status).toBe(429);
    expect(r.json.errorCode).toBe('40000029');
    expect((await call(path)).status).toBe(200);
  });

  it('timeout never answers and down drops the connection', async () => {
    await fault('timeout');
    await expect(fetch(`${sim.url}${path}`, { headers: { authorization: auth() }, signal: AbortSignal.timeout(300) })).rejects.toThrow();
    await fault('down');
    await expect(fetch(`${sim.url}${path}`, { headers: { authorization: auth() } })).rejects.toThrow();
    expect((await call(path)).status).toBe(200);
  });
});

describe('operator pages', () => {
  it('lists and searches SIMs, and changes a status through the form', async () => {
    const s = sim.fleet.sims[4];
    const list = await (await fetch(`${sim.url}/?q=${s.imei}`)).text();
    expect(list).toContain(s.iccid);
    expect(list).toContain('1 SIMs');
    const res = await fetch(`${sim.url}/sims/${s.iccid}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ status: 'DEACTIVATED', back: `/?q=${s.imei}` }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/?q=${s.imei}`);
    expect(s.status).toBe('DEACTIVATED');
    const detail = await (await fetch(`${sim.url}/sims/${s.iccid}`)).text();
    expect(detail).toContain('DEACTIVATED');
    expect(detail).toContain(s.imsi);
  });
});

describe('state file', () => {
  it('keeps status changes, first activations and scheduled changes across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-sim-'));
    const stateFile = join(dir, 'cc-sim', 'state.json');
    const t = Date.UTC(2026, 10, 20, 8, 0, 0);
    const opts = { sims: 40, seed: 'restart', username: 'acme', apiKey: 'key-1', stateFile, now: () => t };
    try {
      const first = await startCcSimulator(opts);
      const [a, b, c] = [first.fleet.sims[0], first.fleet.sims[1], first.fleet.sims[14]];
      expect(c.status).toBe('ACTIVATION_READY');
      first.account.change(a, 'DEACTIVATED', null);
      first.account.change(b, 'RETIRED', t + 86_400_000);
      first.account.change(c, 'ACTIVATED', null);
      await first.close();

      const second = await startCcSimulator(opts);
      try {
        expect(second.fleet.get(a.iccid)?.status).toBe('DEACTIVATED');
        expect(second.account.scheduledFor(b.iccid)).toMatchObject({ status: 'RETIRED', at: t + 86_400_000 });
        expect(second.account.details(second.fleet.get(c.iccid)!).dateActivated).toBe('2026-11-20 08:00:00.000+0000');
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
