import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OneLinkSimulator, startOneLinkSimulator } from '../../../../../operator-sims/src/index.js';
import { type Connector, ConnectorError, type ConnectorErrorKind } from '../connector.js';
import { createOneLinkConnector, ONELINK_STATUS, stateOf } from './index.js';

let clock = Date.UTC(2026, 10, 15, 4, 0, 0);
let sim: OneLinkSimulator;
let urls: string[] = [];

const recordingFetch: typeof fetch = (input, init) => {
  urls.push(String(input));
  return fetch(input, init);
};

function connector(overrides: { password?: string; timeoutMs?: number; baseUrl?: string; simulator?: OneLinkSimulator } = {}): Connector {
  const s = overrides.simulator ?? sim;
  return createOneLinkConnector({
    baseUrl: overrides.baseUrl ?? s.url,
    credentials: { kind: 'onelink', appid: s.appid, password: overrides.password ?? s.password },
    fetch: recordingFetch,
    now: () => new Date(clock),
    timeoutMs: overrides.timeoutMs ?? 5_000,
  });
}

const tokenCalls = () => urls.filter((u) => u.includes('/v5/ec/get/token')).length;
const activeCard = () => sim.fleet.sims.find((s) => s.status === '2')!;

async function failure(p: Promise<unknown>): Promise<ConnectorError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ConnectorError);
  return e as ConnectorError;
}

describe('OneLink connector', () => {
  beforeAll(async () => {
    sim = await startOneLinkSimulator({ sims: 300, tokenTtlSeconds: 600, now: () => clock });
  });
  afterAll(async () => {
    await sim.close();
  });
  afterEach(() => {
    sim.faults.clear();
    urls = [];
  });

  it('tests the connection with a real token call', async () => {
    const result = await connector().testConnection();
    expect(result.message).toContain(sim.appid);
    expect(result.detail).toEqual({ appid: sim.appid, ttlSeconds: 600 });
    expect(tokenCalls()).toBe(1);
    const e = await failure(connector({ password: 'wrong' }).testConnection());
    expect(e).toMatchObject({ kind: 'auth', platformCode: '12002', platformMessage: 'APPID或PASSWORD错误' });
  });

  it('keeps the token until a little before its ttl, then fetches a new one', async () => {
    const c = connector();
    const iccids = sim.fleet.sims.slice(0, 5).map((s) => s.iccid);
    // five calls at once on a new connector share one token fetch
    expect((await Promise.all(iccids.map((i) => c.usage([i])))).flat()).toHaveLength(5);
    expect(tokenCalls()).toBe(1);
    await c.details(iccids);
    await c.usage(iccids);
    expect(tokenCalls()).toBe(1);
    clock += 545_000; // within the last minute of 600 s
    await c.usage(iccids);
    expect(tokenCalls()).toBe(2);
  });

  it('fetches the token again once when the platform finds it expired, and retries the call', async () => {
    const c = connector();
    const iccid = sim.fleet.sims[0].iccid;
    await c.usage([iccid]);
    expect(tokenCalls()).toBe(1);
    sim.expireTokens();
    expect(await c.usage([iccid])).toHaveLength(1);
    expect(tokenCalls()).toBe(2);
    sim.faults.set('expire_tokens', { count: 1 });
    expect(await c.details([iccid])).toHaveLength(1);
    expect(tokenCalls()).toBe(3);
  });

  it('sends a transid of appid + China time + an 8-digit sequence, a new one on every call', async () => {
    const c = connector();
    await c.details(sim.fleet.sims.slice(0, 5).map((s) => s.iccid));
    const transids = urls.map((u) => new URL(u).searchParams.get('transid')!);
    expect(transids.length).toBe(1 + 1 + 5 + 5);
    const stamp = new Date(clock + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
    for (const t of transids) expect(t).toMatch(new RegExp(`^${sim.appid}${stamp}\\d{8}$`));
    expect(new Set(transids).size).toBe(transids.length);
  });

  it('reads details in batches of at most 100, leaving out cards the platform does not know', async () => {
    const c = connector();
    expect(c.batchSize).toBe(100);
    const cards = sim.fleet.sims.slice(0, 100);
    const sims = await c.details(cards.map((s) => s.iccid));
    expect(sims).toHaveLength(100);
    expect(sims[0]).toMatchObject({ iccid: cards[0].iccid, msisdn: cards[0].msisdn, imsi: cards[0].imsi, status: cards[0].status, imei: cards[0].imei });
    expect(urls.filter((u) => u.includes('/sim-card-info/batch'))).toHaveLength(1);
    expect(new URL(urls.find((u) => u.includes('/sim-card-info/batch'))!).searchParams.get('iccids')).toBe(cards.map((s) => s.iccid).join('_'));
    expect(await c.details([cards[1].iccid, '89860400000000000000'])).toHaveLength(1);
    urls = [];
    const e = await failure(c.details(sim.fleet.sims.slice(0, 101).map((s) => s.iccid)));
    expect(e.kind).toBe('refused');
    expect(urls).toHaveLength(0);
    expect((await failure(c.usage(sim.fleet.sims.slice(0, 101).map((s) => s.iccid)))).kind).toBe('refused');
  });

  it('reads usage of up to 100 cards in one sim-data-usage-monthly/batch call for this month, in bytes', async () => {
    const c = connector();
    const cards = sim.fleet.sims.slice(0, 100);
    const readings = await c.usage(cards.map((s) => s.iccid));
    const usageCalls = urls.filter((u) => !u.includes('/get/token'));
    expect(usageCalls).toHaveLength(1);
    const params = new URL(usageCalls[0]).searchParams;
    expect(new URL(usageCalls[0]).pathname).toBe('/v5/ec/query/sim-data-usage-monthly/batch');
    expect(params.get('iccids')).toBe(cards.map((s) => s.iccid).join('_'));
    const china = new Date(clock + 8 * 3600_000).toISOString();
    expect(params.get('queryDate')).toBe(`${china.slice(0, 4)}${china.slice(5, 7)}`);
    expect(readings.map((r) => r.iccid)).toEqual(cards.map((s) => s.iccid));
    for (const [i, r] of readings.entries()) {
      // the platform answers KB with two decimals
      expect(Math.abs(r.ctdBytes - sim.fleet.usageOf(cards[i], clock))).toBeLessThanOrEqual(6);
      expect(Number.isInteger(r.ctdBytes)).toBe(true);
      expect(r.cycleStart).toBe(`${china.slice(0, 7)}-01`);
    }
    expect(readings.some((r) => r.ctdBytes > 1024 * 1024)).toBe(true);
    expect(readings.filter((r) => r.ctdBytes === 0).length).toBeGreaterThan(0);

    // a card the platform does not know is left out, the others are read
    expect((await c.usage([cards[0].iccid, '89860400000000000000'])).map((r) => r.iccid)).toEqual([cards[0].iccid]);

    // more than 100 is refused before any call
    urls = [];
    expect(await failure(c.usage(sim.fleet.sims.slice(0, 101).map((s) => s.iccid)))).toMatchObject({ kind: 'refused' });
    expect(urls).toHaveLength(0);

    // in the first hours of a month in China (still the month before in UTC) the month asked is China's;
    // another simulator, so that the shared one's cards are not read ahead of the shared clock
    const saved = clock;
    clock = Date.UTC(2026, 10, 30, 17, 0, 0);
    const edge = await startOneLinkSimulator({ sims: 5, now: () => clock });
    try {
      urls = [];
      const [early] = await connector({ simulator: edge }).usage([edge.fleet.sims[0].iccid]);
      expect(new URL(urls.find((u) => u.includes('monthly/batch'))!).searchParams.get('queryDate')).toBe('202612');
      expect(early.cycleStart).toBe('2026-12-01');
    } finally {
      clock = saved;
      await edge.close();
    }
  });

  it('maps every card status to our state', async () => {
    const expected: Record<string, string> = {
      '1': 'ready',
      '2': 'active',
      '4': 'suspended',
      '6': 'ready',
      '7': 'inventory',
      '8': 'deactivated',
      '9': 'retired',
    };
    expect(Object.fromEntries(Object.entries(ONELINK_STATUS).map(([k, v]) => [k, v.state]))).toEqual(expected);
    expect(stateOf('3')).toBeNull();
    const cards = sim.fleet.sims.slice(200, 207);
    Object.keys(expected).forEach((status, i) => {
      sim.fleet.setStatus(cards[i], status, clock);
    });
    const sims = await connector().details(cards.map((s) => s.iccid));
    expect(Object.fromEntries(sims.map((s) => [s.status, s.state]))).toEqual(expected);
    expect(sims[0].modifiedAt?.getTime()).toBe(Math.floor(clock / 1000) * 1000);
    sim.fleet.setStatus(cards[0], '3', clock);
    expect((await failure(connector().details([cards[0].iccid]))).kind).toBe('malformed');
    sim.fleet.setStatus(cards[0], '2', clock);
  });

  it('stops and resumes a card; usage grows only while it is active', async () => {
    const c = connector();
    const card = activeCard();
    const [first] = await c.usage([card.iccid]);
    expect(Math.abs(first.ctdBytes - sim.fleet.usageOf(card, clock))).toBeLessThan(10);
    const stamp = new Date(clock + 8 * 3600_000).toISOString();
    expect(first.cycleStart).toBe(`${stamp.slice(0, 7)}-01`);
    const stopped = await c.changeState(card.iccid, 'suspend', 'k1');
    expect(stopped).toMatchObject({ status: '4', state: 'suspended' });
    expect(card.status).toBe('4');
    expect(urls.filter((u) => u.includes('/change/sim-status'))).toHaveLength(1);
    expect(new URL(urls.find((u) => u.includes('/change/sim-status'))!).searchParams.get('operType')).toBe('0');
    const [afterStop] = await c.usage([card.iccid]);
    clock += 3600_000;
    expect((await c.usage([card.iccid]))[0].ctdBytes).toBe(afterStop.ctdBytes);
    // asked again: answered as it is, nothing changed on the platform
    expect(await c.changeState(card.iccid, 'suspend', 'k1')).toMatchObject({ status: '4', state: 'suspended', answer: { unchanged: true } });
    expect(urls.filter((u) => u.includes('/change/sim-status'))).toHaveLength(1);
    expect(await c.changeState(card.iccid, 'resume', 'k2')).toMatchObject({ status: '2', state: 'active' });
    clock += 3600_000;
    expect((await c.usage([card.iccid]))[0].ctdBytes).toBeGreaterThan(afterStop.ctdBytes);
  });

  it('refuses deactivation and state changes the platform does not allow; an unknown card is not found', async () => {
    const c = connector();
    expect(await failure(c.changeState(activeCard().iccid, 'deactivate', 'k'))).toMatchObject({ kind: 'refused' });
    const stock = sim.fleet.sims.find((s) => s.status === '7')!;
    expect(await failure(c.changeState(stock.iccid, 'resume', 'k'))).toMatchObject({
      kind: 'refused',
      platformCode: '13012',
      platformMessage: '当前卡状态不允许办理该业务',
    });
    expect(await failure(c.changeState('89860400000000000000', 'suspend', 'k'))).toMatchObject({ kind: 'not_found' });
    const strict = await startOneLinkSimulator({ sims: 20, changeIntervalSeconds: 1800, now: () => clock });
    const card = strict.fleet.sims.find((s) => s.status === '2')!;
    const sc = connector({ simulator: strict });
    await sc.changeState(card.iccid, 'suspend', 'k3');
    expect(await failure(sc.changeState(card.iccid, 'resume', 'k4'))).toMatchObject({ kind: 'refused', platformCode: '13013' });
    await strict.close();
    expect(await c.usage(['89860400000000000000'])).toEqual([]);
  });

  it('answers every fault with the right error kind', async () => {
    const iccid = sim.fleet.sims[0].iccid;
    const cases: Array<[Parameters<OneLinkSimulator['faults']['set']>[0], ConnectorErrorKind, number]> = [
      ['error500', 'server', 1],
      ['malformed', 'malformed', 1],
      ['rate_limit', 'rate_limited', 1],
      ['down', 'unreachable', 1],
      ['refuse_credentials', 'auth', 2],
      ['timeout', 'timeout', 1],
    ];
    for (const [mode, kind, count] of cases) {
      const c = connector({ timeoutMs: 400 });
      await c.usage([iccid]);
      sim.faults.set(mode, { count });
      const e = await failure(c.usage([iccid]));
      expect({ mode, kind: e.kind }).toEqual({ mode, kind });
      if (mode === 'error500') expect(e.httpStatus).toBe(500);
      if (mode === 'rate_limit') expect(e.platformCode).toBe('12030');
      if (mode === 'refuse_credentials') expect(e.platformCode).toBe('12002');
      sim.faults.clear();
    }
    const closed = await startOneLinkSimulator({ sims: 1 });
    const url = closed.url;
    await closed.close();
    expect((await failure(connector({ baseUrl: url }).testConnection())).kind).toBe('unreachable');
  });
});

describe('OneLink connector inventory', () => {
  let small: OneLinkSimulator;
  beforeAll(async () => {
    small = await startOneLinkSimulator({ sims: 130, groupSize: 60, now: () => clock });
  });
  afterAll(async () => {
    await small.close();
  });

  it('walks every group and its members, 50 a page, to the last page', async () => {
    const c = connector({ simulator: small });
    const seen: string[] = [];
    let cursor: { since: string | null; page: number } | null = { since: null, page: 1 };
    let pages = 0;
    while (cursor) {
      const page = await c.inventoryPage(cursor);
      expect(page.sims.length).toBeLessThanOrEqual(50);
      expect(page.complete).toBe(false);
      for (const s of page.sims) {
        const card = small.fleet.get(s.iccid)!;
        expect(s).toMatchObject({ msisdn: card.msisdn, status: card.status, state: stateOf(card.status) });
        seen.push(s.iccid);
      }
      cursor = page.next;
      pages += 1;
    }
    expect(pages).toBe(5);
    expect(new Set(seen).size).toBe(130);
    expect(seen.sort()).toEqual(small.fleet.sims.map((s) => s.iccid).sort());
  });
});
