import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWechatPayClient, openNotification } from './index.js';
import { configFor, type SimOrderView, simGet, simPost, startReceiver, startTestSimulator, tempDataDir, tradeNo } from './test-fixtures.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function paid(sim: { url: string; dataDir: string }, notifyUrl: string) {
  const no = tradeNo('R');
  await createWechatPayClient(configFor(sim.dataDir, sim.url, notifyUrl)).createNative({
    outTradeNo: no,
    description: 'retry',
    amountFen: 1,
    timeExpire: new Date(Date.now() + 600_000),
  });
  await simPost(sim, '/sim/pay', { out_trade_no: no });
  return no;
}

describe('notification retries', () => {
  it('follow the documented schedule, scaled: failing twice then 204 gives exactly 3 attempts at 0, 15 s and 30 s', async () => {
    const scale = 0.01; // 15 s → 150 ms
    const sim = await startTestSimulator({ timeScale: scale });
    cleanup.push(() => sim.close());
    const receiver = await startReceiver([500, 503, 204, 204]);
    cleanup.push(() => receiver.close());
    const no = await paid(sim, receiver.url);

    const got = await receiver.waitFor(3);
    // as the merchant saw them (the first connection may take a little longer to arrive)
    const offsets = got.map((r) => r.at - got[0].at);
    expect(offsets[1]).toBeGreaterThan(150 - 40);
    expect(offsets[1]).toBeLessThan(150 + 120);
    expect(offsets[2]).toBeGreaterThan(300 - 40);
    expect(offsets[2]).toBeLessThan(300 + 240);
    // the retries carry the same notification, each genuinely signed
    const cfg = configFor(sim.dataDir, sim.url, receiver.url);
    const events = got.map((r) => openNotification(cfg, r.headers, r.body)).map((o) => (o.ok ? o.eventId : o.reason));
    expect(new Set(events).size).toBe(1);

    await new Promise((r) => setTimeout(r, 400)); // the next retry would be at +300 ms
    expect(receiver.received).toHaveLength(3);
    const { data } = await simGet<SimOrderView>(sim, `/sim/orders/${no}`);
    const n = data.notifications[0];
    expect(n).toMatchObject({ delivered: true, done: true, next_at: null });
    expect(n.attempts.map((a) => [a.status, a.ok])).toEqual([
      [500, false],
      [503, false],
      [204, true],
    ]);
    // as the simulator sent them: never early
    expect(n.attempts[1].offset_ms).toBeGreaterThanOrEqual(150);
    expect(n.attempts[1].offset_ms).toBeLessThan(150 + 120);
    expect(n.attempts[2].offset_ms).toBeGreaterThanOrEqual(300);
    expect(n.attempts[2].offset_ms).toBeLessThan(300 + 240);
  });

  it('count a merchant that does not answer in time as a failure', async () => {
    const hang = createServer(() => {});
    await new Promise<void>((r) => hang.listen(0, '127.0.0.1', r));
    cleanup.push(async () => {
      hang.closeAllConnections();
      await new Promise<void>((r) => hang.close(() => r()));
    });
    const sim = await startTestSimulator({ timeScale: 100, notifyTimeoutMs: 100 });
    cleanup.push(() => sim.close());
    const no = await paid(sim, `http://127.0.0.1:${(hang.address() as AddressInfo).port}/notify`);
    const view = await until(
      () => simGet<SimOrderView>(sim, `/sim/orders/${no}`).then((r) => r.data),
      (v) => v.notifications[0]?.attempts.length === 1,
    );
    expect(view.notifications[0].attempts[0]).toMatchObject({ status: null, ok: false });
    expect(view.notifications[0]).toMatchObject({ delivered: false, done: false });
    // the first retry is planned 15 s × 100 later
    expect(view.notifications[0].next_at! - view.notifications[0].attempts[0].at).toBe(1_500_000);
  });

  it('survive a restart: orders, payments and pending retries are kept in sim-state.json', async () => {
    const dataDir = tempDataDir();
    const answers = [500];
    const receiver = await startReceiver(answers);
    cleanup.push(() => receiver.close());
    const sim = await startTestSimulator({ dataDir, timeScale: 0.01 });
    const no = await paid(sim, receiver.url);
    await receiver.waitFor(1);
    const before = (await simGet<SimOrderView>(sim, `/sim/orders/${no}`)).data;
    await sim.close();
    expect(before.notifications[0]).toMatchObject({ delivered: false, done: false });

    // the merchant is fixed while the simulator is down; the retry fell due meanwhile
    answers.splice(0, 1, 204);
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.received).toHaveLength(1);
    const again = await startTestSimulator({ dataDir, timeScale: 0.01 });
    cleanup.push(() => again.close());
    const after = await until(
      () => simGet<SimOrderView>(again, `/sim/orders/${no}`).then((r) => r.data),
      (v) => v.notifications[0].done,
    );
    expect(after).toMatchObject({ trade_state: 'SUCCESS', transaction_id: before.transaction_id, code_url: before.code_url });
    expect(after.notifications[0].attempts.map((a) => a.status)).toEqual([500, 204]);
    expect(after.notifications[0].delivered).toBe(true);
    expect(receiver.received).toHaveLength(2);
  });
});
