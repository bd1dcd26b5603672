import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OneLinkSimulator, startOneLinkSimulator } from './index.js';

type Envelope = { status: string; message: string; result: Array<Record<string, unknown>> };

let clock = Date.UTC(2026, 10, 15, 4, 0, 0);
let seq = 0;
let sim: OneLinkSimulator;

const stamp = () => new Date(clock + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
const transid = () => `${sim.appid}${stamp()}${String(++seq).padStart(8, '0')}`;

async function call(path: string, params: Record<string, string>): Promise<Envelope> {
  const res = await fetch(`${sim.url}/v5/ec${path}?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Envelope;
}

async function token(): Promise<string> {
  const t = await call('/get/token', { appid: sim.appid, password: sim.password, transid: transid() });
  expect(t.status).toBe('0');
  return t.result[0].token as string;
}

const query = async (path: string, params: Record<string, string>) => call(path, { transid: transid(), token: await token(), ...params });

describe('OneLink simulator', () => {
  beforeAll(async () => {
    sim = await startOneLinkSimulator({ sims: 250, groupSize: 100, tokenTtlSeconds: 60, now: () => clock });
  });
  afterAll(async () => {
    await sim.close();
  });

  it('issues a token with its ttl, and refuses a wrong password', async () => {
    const ok = await call('/get/token', { appid: sim.appid, password: sim.password, transid: transid() });
    expect(ok).toMatchObject({ status: '0', message: '正确' });
    expect(ok.result[0].token).toMatch(/^[0-9a-f]{64}$/);
    expect(ok.result[0].ttl).toBe('60');
    const bad = await call('/get/token', { appid: sim.appid, password: 'wrong', transid: transid() });
    expect(bad).toMatchObject({ status: '12002', result: [] });
  });

  it('checks the transid: appid + yyyyMMddHHmmss + 8 digits, used once', async () => {
    const t = await token();
    const iccid = sim.fleet.sims[0].iccid;
    expect((await call('/query/sim-status', { transid: `${sim.appid}2026111512`, token: t, iccid })).status).toBe('12006');
    expect((await call('/query/sim-status', { transid: `OTHER${stamp()}00000001`, token: t, iccid })).status).toBe('12006');
    const once = transid();
    expect((await call('/query/sim-status', { transid: once, token: t, iccid })).status).toBe('0');
    expect((await call('/query/sim-status', { transid: once, token: t, iccid })).status).toBe('12007');
  });

  it('answers 12021 to an unknown token, a token past its ttl, and every token after expireTokens', async () => {
    const iccid = sim.fleet.sims[0].iccid;
    expect((await call('/query/sim-status', { transid: transid(), token: 'nope', iccid })).status).toBe('12021');
    const t = await token();
    clock += 61_000;
    expect((await call('/query/sim-status', { transid: transid(), token: t, iccid })).message).toBe('TOKEN不存在或已过期，请重新获取');
    const t2 = await token();
    sim.expireTokens();
    expect((await call('/query/sim-status', { transid: transid(), token: t2, iccid })).status).toBe('12021');
  });

  it('answers card information in batches of at most 100, joined by _', async () => {
    const iccids = sim.fleet.sims.slice(0, 100).map((s) => s.iccid);
    const batch = await query('/query/sim-card-info/batch', { iccids: iccids.join('_') });
    expect(batch.status).toBe('0');
    expect(batch.result).toHaveLength(100);
    expect(batch.result[0]).toMatchObject({ status: '0', iccid: iccids[0], msisdn: sim.fleet.sims[0].msisdn, imsi: sim.fleet.sims[0].imsi });
    expect(sim.fleet.sims[0].iccid).toMatch(/^898604\d{13}$/);
    expect(sim.fleet.sims[0].msisdn).toMatch(/^1440\d{9}$/);
    const mixed = await query('/query/sim-card-info/batch', { iccids: `${iccids[1]}_89860400000000000000` });
    expect(mixed.result.map((r) => r.status)).toEqual(['0', '12024']);
    const tooMany = await query('/query/sim-card-info/batch', {
      iccids: sim.fleet.sims
        .slice(0, 101)
        .map((s) => s.iccid)
        .join('_'),
    });
    expect(tooMany).toMatchObject({ status: '12023', result: [] });
  });

  it("answers a month's data of at most 100 cards in one batch call, in KB", async () => {
    type Row = { iccid?: string; msisdn?: string; dataAmount: string; apnDataAmountList?: Array<{ apnName: string; apnDataAmount: string }> };
    const month = new Date(clock + 8 * 3600_000).toISOString().slice(0, 7).replace('-', '');
    const rowsOf = (e: Envelope) => e.result[0].dataAmountList as Row[];
    const cards = sim.fleet.sims.slice(0, 100);
    const batch = await query('/query/sim-data-usage-monthly/batch', { iccids: cards.map((s) => s.iccid).join('_'), queryDate: month });
    expect(batch.status).toBe('0');
    expect(batch.result).toHaveLength(1);
    const rows = rowsOf(batch);
    expect(rows.map((r) => r.iccid)).toEqual(cards.map((s) => s.iccid));
    const active = cards.find((s) => s.status === '2')!;
    const activeRow = rows.find((r) => r.iccid === active.iccid)!;
    expect(Number(activeRow.dataAmount)).toBeCloseTo(sim.fleet.usageOf(active, clock) / 1024, 1);
    expect(Number(activeRow.dataAmount)).toBeGreaterThan(0);
    expect(activeRow.apnDataAmountList).toEqual([{ apnName: 'CMIOT', apnDataAmount: activeRow.dataAmount }]);
    // a card in stock carries no data: 0, and no APN list
    const stock = cards.find((s) => s.status === '7')!;
    expect(rows.find((r) => r.iccid === stock.iccid)).toEqual({ iccid: stock.iccid, dataAmount: '0.00' });

    // named by msisdn, answered by msisdn; a card the platform does not know is left out
    const byMsisdn = await query('/query/sim-data-usage-monthly/batch', { msisdns: `${active.msisdn}_14400000000000`, queryDate: month });
    expect(rowsOf(byMsisdn)).toEqual([{ msisdn: active.msisdn, dataAmount: activeRow.dataAmount, apnDataAmountList: activeRow.apnDataAmountList }]);

    // the same call as a POST with a JSON body
    const posted = await fetch(`${sim.url}/v5/ec/query/sim-data-usage-monthly/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transid: transid(), token: await token(), imsis: active.imsi, queryDate: month }),
    });
    expect(rowsOf((await posted.json()) as Envelope)).toEqual([
      { imsi: active.imsi, dataAmount: activeRow.dataAmount, apnDataAmountList: activeRow.apnDataAmountList },
    ]);

    // grows while a card is activated, not while it is stopped
    const stopped = cards.find((s) => s.status === '4')!;
    const pair = `${active.iccid}_${stopped.iccid}`;
    const [a1, s1] = rowsOf(await query('/query/sim-data-usage-monthly/batch', { iccids: pair, queryDate: month }));
    clock += 3600_000;
    const [a2, s2] = rowsOf(await query('/query/sim-data-usage-monthly/batch', { iccids: pair, queryDate: month }));
    expect(Number(a2.dataAmount)).toBeGreaterThan(Number(a1.dataAmount));
    expect(s2.dataAmount).toBe(s1.dataAmount);

    // an earlier month of the last six answers 0; other months and a missing queryDate are refused
    const earlier = await query('/query/sim-data-usage-monthly/batch', { iccids: active.iccid, queryDate: '202606' });
    expect(rowsOf(earlier)).toEqual([{ iccid: active.iccid, dataAmount: '0' }]);
    for (const queryDate of ['202605', '202612', '2026-11', '']) {
      expect((await query('/query/sim-data-usage-monthly/batch', { iccids: active.iccid, queryDate })).status).toBe('12001');
    }
    const tooMany = await query('/query/sim-data-usage-monthly/batch', {
      iccids: sim.fleet.sims
        .slice(0, 101)
        .map((s) => s.iccid)
        .join('_'),
      queryDate: month,
    });
    expect(tooMany).toMatchObject({ status: '12023', result: [] });
  });

  it('stops and resumes a card; data grows only while it is active', async () => {
    const card = sim.fleet.sims.find((s) => s.status === '2')!;
    const usage = async () => Number((await query('/query/sim-data-usage', { msisdn: card.msisdn })).result[0].dataAmount);
    const before = await usage();
    clock += 3600_000;
    const active = await usage();
    expect(active).toBeGreaterThan(before);
    expect(await query('/change/sim-status', { iccid: card.iccid, operType: '0' })).toMatchObject({ status: '0', result: [{ iccid: card.iccid }] });
    expect((await query('/query/sim-status', { iccid: card.iccid })).result[0]).toMatchObject({ cardStatus: '4' });
    clock += 3600_000;
    expect(await usage()).toBe(active);
    // stopping a stopped card is refused
    expect((await query('/change/sim-status', { iccid: card.iccid, operType: '0' })).status).toBe('13012');
    expect((await query('/change/sim-status', { imsi: card.imsi, operType: '1' })).status).toBe('0');
    expect((await query('/query/sim-status', { msisdn: card.msisdn })).result[0].cardStatus).toBe('2');
    const posted = await fetch(`${sim.url}/v5/ec/query/sim-status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transid: transid(), token: await token(), iccid: card.iccid }),
    });
    expect(((await posted.json()) as Envelope).result[0].cardStatus).toBe('2');
    expect((await query('/query/sim-status', { iccid: '89860400000000000000' })).status).toBe('12024');
    expect((await query('/query/sim-status', {})).status).toBe('12001');
  });

  it('lists the customer groups and their members, 50 at most a page', async () => {
    const groups = await query('/query/group-info', { startNum: '1', pageSize: '50' });
    expect(groups.result[0]).toMatchObject({ totalCount: '3' });
    const list = groups.result[0].groupList as Array<{ groupId: string }>;
    expect(list).toHaveLength(3);
    const members = await query('/query/group-member', { groupId: list[2].groupId, startNum: '1', pageSize: '50' });
    expect(members.result[0]).toMatchObject({ totalCount: '50' });
    expect((members.result[0].memberList as unknown[]).length).toBe(50);
    expect((await query('/query/group-member', { groupId: list[0].groupId, startNum: '1', pageSize: '51' })).status).toBe('12001');
  });

  it('answers the faults as the platform would', async () => {
    const iccid = sim.fleet.sims[0].iccid;
    const t = await token();
    sim.faults.set('refuse_credentials', { count: 1 });
    expect((await call('/get/token', { appid: sim.appid, password: sim.password, transid: transid() })).status).toBe('12002');
    sim.faults.set('rate_limit', { count: 1 });
    expect((await call('/query/sim-status', { transid: transid(), token: t, iccid })).status).toBe('12030');
    const t2 = await token();
    sim.faults.set('expire_tokens', { count: 1 });
    expect((await call('/query/sim-status', { transid: transid(), token: t2, iccid })).status).toBe('12021');
    expect((await call('/query/sim-status', { transid: transid(), token: t2, iccid })).status).toBe('12021');
    const t3 = await token();
    sim.faults.set('error500', { count: 1 });
    const res = await fetch(`${sim.url}/v5/ec/query/sim-status?transid=${transid()}&token=${t3}&iccid=${iccid}`);
    expect(res.status).toBe(500);
  });

  it('shows the cards on its page, and stops one from the form', async () => {
    const card = sim.fleet.sims.find((s) => s.status === '2')!;
    const page = await (await fetch(`${sim.url}/?q=${card.msisdn}`)).text();
    expect(page).toContain(card.iccid);
    expect(page).toContain('已激活 (2)');
    const post = await fetch(`${sim.url}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ iccid: card.iccid, operType: '0', q: card.msisdn }).toString(),
      redirect: 'manual',
    });
    expect(post.status).toBe(303);
    expect(card.status).toBe('4');
    expect(await (await fetch(`${sim.url}/?q=<script>`)).text()).toContain('&lt;script&gt;');
  });
});

describe('OneLink simulator change interval', () => {
  it('refuses a second status change of one card within the interval', async () => {
    let now = Date.UTC(2026, 10, 15, 4, 0, 0);
    const s = await startOneLinkSimulator({ sims: 20, changeIntervalSeconds: 1800, now: () => now });
    const card = s.fleet.sims.find((c) => c.status === '2')!;
    expect(s.platform.change(card, '0')).toMatchObject({ status: '0' });
    expect(s.platform.change(card, '1')).toMatchObject({ status: '13013' });
    expect(card.status).toBe('4');
    now += 1800_000;
    expect(s.platform.change(card, '1')).toMatchObject({ status: '0' });
    await s.close();
  });
});

describe('OneLink simulator state', () => {
  it('keeps status changes across a restart', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'onelink-sim-')), 'state.json');
    const first = await startOneLinkSimulator({ sims: 20, stateFile });
    const card = first.fleet.sims.find((s) => s.status === '2')!;
    first.platform.change(card, '0');
    await first.close();
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).changes).toHaveLength(1);
    const second = await startOneLinkSimulator({ sims: 20, stateFile });
    expect(second.fleet.get(card.iccid)?.status).toBe('4');
    await second.close();
  });
});
