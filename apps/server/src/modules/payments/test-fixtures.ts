/**
 * Test helpers: the WeChat Pay simulator in this process (from its sources) on a free port with
 * a fresh data directory, our config for it, and a notify_url receiver that records what arrives.
 * (Named test-fixtures.ts so the server build leaves it out.)
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Simulator, type SimulatorOptions, startSimulator } from '../../../../wechatpay-sim/src/index.js';
import { ensureEmbeddedKeys } from './wechatpay/keys.js';
import type { WechatPayConfig } from './wechatpay/types.js';

export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'rrp-wxpay-'));

export async function startTestSimulator(opts: Partial<SimulatorOptions> = {}): Promise<Simulator & { dataDir: string }> {
  const dataDir = opts.dataDir ?? tempDataDir();
  // the server writes the keys first, as at a real start
  ensureEmbeddedKeys(dataDir);
  const sim = await startSimulator({ port: 0, env: {}, timeScale: 0.001, notifyTimeoutMs: 2000, ...opts, dataDir });
  return Object.assign(sim, { dataDir });
}

/** Our client's settings for a simulator's data directory. */
export function configFor(dataDir: string, baseUrl: string, notifyUrl = 'http://127.0.0.1:9/api/v1/pay/wechat/notify'): WechatPayConfig {
  const k = ensureEmbeddedKeys(dataDir);
  return {
    baseUrl,
    mchId: k.mchId,
    appId: k.appId,
    merchantSerialNo: k.merchantSerialNo,
    merchantPrivateKey: k.merchantPrivateKey,
    platformPublicKeyId: k.platformPublicKeyId,
    platformPublicKey: k.platformPublicKey,
    apiV3Key: k.apiV3Key,
    notifyUrl,
  };
}

/** The platform private key (only the simulator and independent tests hold it). */
export const platformPrivateKeyPem = (dataDir: string) => readFileSync(join(dataDir, 'wechatpay', 'platform_private_key.pem'), 'utf8');

export type Received = { at: number; headers: IncomingHttpHeaders; body: string };

/** A notify_url: records every request and answers with the next status of `answers` (then the last one). */
export async function startReceiver(answers: number[] = [204]) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ at: Date.now(), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers[Math.min(received.length - 1, answers.length - 1)];
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(status === 204 ? undefined : JSON.stringify({ code: status < 300 ? 'SUCCESS' : 'FAIL', message: '' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/pay/wechat/notify`;
  return {
    url,
    received,
    /** resolves once `n` requests arrived */
    async waitFor(n: number, timeoutMs = 5000) {
      const t0 = Date.now();
      while (received.length < n) {
        if (Date.now() - t0 > timeoutMs) throw new Error(`only ${received.length} of ${n} notifications arrived`);
        await new Promise((r) => setTimeout(r, 5));
      }
      return received;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** What GET /sim/orders/:no and POST /sim/pay answer. */
export type SimOrderView = {
  out_trade_no: string;
  trade_state: string;
  transaction_id?: string;
  success_time?: string;
  amount: { total: number; payer_total?: number };
  time_expire: string | null;
  code_url: string;
  pay_url: string;
  notify_url: string;
  notifications: { id: string; mode: string; delivered: boolean; done: boolean; next_at: number | null; attempts: Attempt[] }[];
};
export type Attempt = { at: number; offset_ms: number; status: number | null; ok: boolean; error?: string };
/** What POST /sim/notify answers. */
export type NotifyResult = { id: string; mode: string; delivered: boolean; attempts: Attempt[] };

export async function simPost<T = Record<string, unknown>>(sim: { url: string }, path: string, body: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, data: (await res.json()) as T };
}

export async function simGet<T = SimOrderView>(sim: { url: string }, path: string): Promise<{ status: number; data: T }> {
  const res = await fetch(`${sim.url}${path}`);
  return { status: res.status, data: (await res.json()) as T };
}

let seq = 0;
/** A fresh out_trade_no. */
export const tradeNo = (prefix = 'T') => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 32);
