import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonce, rsaSign, signMessage } from './protocol.js';
import { type Simulator, startSimulator } from './simulator.js';

let sim: Simulator;
let merchantKey: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wxsim-'));
  sim = await startSimulator({ dataDir, port: 0, env: {} });
  merchantKey = readFileSync(join(sim.keys.dir, 'merchant_private_key.pem'), 'utf8');
});
afterAll(() => sim?.close());

/** A merchant request signed as WeChat Pay requires. */
async function signed(method: string, path: string, payload?: unknown) {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const ts = Math.floor(Date.now() / 1000);
  const n = nonce();
  const signature = rsaSign(signMessage(method, path, ts, n, body), merchantKey);
  return fetch(`${sim.url}${path}`, {
    method,
    body: payload === undefined ? undefined : body,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `WECHATPAY2-SHA256-RSA2048 mchid="${sim.keys.mchid}",nonce_str="${n}",signature="${signature}",timestamp="${ts}",serial_no="${sim.keys.merchantSerialNo}"`,
    },
  });
}

async function order(no: string, total = 1999, description = '物联网卡月包 <1G>') {
  const res = await signed('POST', '/v3/pay/transactions/native', {
    appid: sim.keys.appid,
    mchid: sim.keys.mchid,
    description,
    out_trade_no: no,
    time_expire: new Date(Date.now() + 15 * 60_000).toISOString().replace('Z', '+00:00'),
    notify_url: 'http://127.0.0.1:9/notify',
    amount: { total, currency: 'CNY' },
  });
  expect(res.status).toBe(200);
  const { code_url } = (await res.json()) as { code_url: string };
  return new URL(code_url).searchParams.get('pr') as string;
}

describe('the simulator’s pages', () => {
  it('shows an order to pay, in both languages, with a real button, and pays it', async () => {
    const pr = await order('PAGE000001');
    const page = await fetch(`${sim.url}/pay?pr=${pr}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<html lang="zh-CN">/);
    expect(html).toContain('确认支付 / <span lang="en">Pay</span>');
    expect(html).toContain('¥19.99');
    expect(html).toContain('物联网卡月包 &#60;1G&#62;'); // escaped
    expect(html).toMatch(/<button type="submit">/);
    expect(html).toContain(sim.keys.mchid);
    expect(html).toMatch(/剩余时间.*(1[45]|\d) 分/);

    const en = await (await fetch(`${sim.url}/pay?pr=${pr}&lang=en`)).text();
    expect(en).toMatch(/<html lang="en">/);
    expect(en).not.toContain('确认支付');
    expect(en).toContain('>Pay</button>');

    const paid = await fetch(`${sim.url}/pay`, { method: 'POST', body: new URLSearchParams({ pr, lang: 'en' }), redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/pay?pr=${pr}&lang=en`);
    const after = await (await fetch(`${sim.url}/pay?pr=${pr}&lang=en`)).text();
    expect(after).toContain('role="status"');
    expect(after).toContain('Paid');
    expect(after).not.toContain('<button');
    const state = (await (await fetch(`${sim.url}/sim/orders/PAGE000001`)).json()) as { trade_state: string; transaction_id: string };
    expect(state.trade_state).toBe('SUCCESS');
    expect(state.transaction_id).toMatch(/^4200\d{24}$/);
  });

  it('lists recent orders with links to their pages, and says so for an unknown code', async () => {
    const pr = await order('PAGE000002', 5);
    const list = await (await fetch(`${sim.url}/`)).text();
    expect(list).toContain(`href="/pay?pr=${pr}"`);
    expect(list).toContain('<th scope="col">');
    const missing = await fetch(`${sim.url}/pay?pr=nope`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('没有这笔订单');
  });

  it('shows a closed order as closed', async () => {
    const pr = await order('PAGE000003');
    expect((await signed('POST', '/v3/pay/transactions/out-trade-no/PAGE000003/close', { mchid: sim.keys.mchid })).status).toBe(204);
    const html = await (await fetch(`${sim.url}/pay?pr=${pr}`)).text();
    expect(html).toContain('已关闭');
    expect(html).not.toContain('<button');
  });
});

describe('the simulator’s API', () => {
  it('signs every /v3 answer, errors and 204 too, and says who it is on /healthz', async () => {
    for (const res of [
      await signed('GET', `/v3/pay/transactions/out-trade-no/NOSUCH0001?mchid=${sim.keys.mchid}`),
      await fetch(`${sim.url}/v3/pay/transactions/native`, { method: 'POST', body: '{}' }),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      for (const h of ['wechatpay-nonce', 'wechatpay-signature', 'wechatpay-timestamp', 'request-id']) expect(res.headers.get(h)).toBeTruthy();
      expect(res.headers.get('wechatpay-serial')).toBe(sim.keys.platformPublicKeyId);
    }
    const health = (await (await fetch(`${sim.url}/healthz`)).json()) as Record<string, unknown>;
    expect(health).toEqual({
      ok: true,
      service: 'wechatpay-sim',
      mchid: sim.keys.mchid,
      appid: sim.keys.appid,
      platform_public_key_id: sim.keys.platformPublicKeyId,
    });
  });

  it('keeps its state in sim-state.json (mode 0600)', async () => {
    await order('STATE00001');
    const file = join(sim.keys.dir, 'sim-state.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).orders.map((o: { out_trade_no: string }) => o.out_trade_no)).toContain('STATE00001');
  });
});
