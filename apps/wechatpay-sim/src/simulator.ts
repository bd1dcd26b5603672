/**
 * The WeChat Pay API v3 simulator (public-key mode): Native orders, query and close, the pay
 * page, notifications, and test controls under /sim. Every /v3 request must carry a valid
 * merchant signature; every /v3 answer is signed with the platform private key.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError, parseJson, readBody, sendHtml, sendJson } from './http.js';
import { loadSimKeys, type SimKeys } from './keys.js';
import { Notifier } from './notifier.js';
import { codeUrlOf, markPaid, newPr, tradeState, transactionOf } from './orders.js';
import { type Lang, listPage, payPage } from './pages.js';
import { parseRfc3339 } from './protocol.js';
import { NOTIFY_MODES, type NotifyMode, type SimOrder, SimStore } from './state.js';
import { type Faults, signedAnswers, verifyMerchantSignature } from './v3-signing.js';

export type SimulatorOptions = {
  /** the data directory: keys and state live in `<dataDir>/wechatpay/` */
  dataDir: string;
  /** 0 for any free port */
  port?: number;
  host?: string;
  /** multiplies the notification retry delays (default 1) */
  timeScale?: number;
  /** how long a notification waits for the merchant's answer (default 5000 ms) */
  notifyTimeoutMs?: number;
  /** the WECHATPAY_* variables that override the generated identity (default process.env) */
  env?: NodeJS.ProcessEnv;
  /** shown on the pay page */
  merchantName?: string;
  log?: (line: string) => void;
  now?: () => number;
};

export type Simulator = {
  url: string;
  port: number;
  keys: SimKeys;
  store: SimStore;
  close(): Promise<void>;
};

const OUT_TRADE_NO = /^[0-9A-Za-z_\-*|]{6,32}$/;
const DEFAULT_EXPIRY_MS = 2 * 3600_000;

export async function startSimulator(opts: SimulatorOptions): Promise<Simulator> {
  const now = opts.now ?? Date.now;
  const log = opts.log ?? (() => {});
  const keys = loadSimKeys(opts.dataDir, opts.env ?? process.env);
  const store = new SimStore(keys.dir);
  const notifier = new Notifier({ keys, store, timeScale: opts.timeScale ?? 1, timeoutMs: opts.notifyTimeoutMs ?? 5000, now, log });
  const faults: Faults = { bad_response_signature: 0, missing_response_signature: 0 };
  const merchantName = opts.merchantName ?? 'RRP Console';

  const sendSigned = signedAnswers(keys, now, faults);
  const checkSignature = (req: IncomingMessage, body: string) => verifyMerchantSignature(req, body, keys, now);

  function checkMerchant(mchid: unknown, appid?: unknown) {
    if (typeof mchid !== 'string' || mchid === '') throw new HttpError(400, 'PARAM_ERROR', 'mchid is required');
    if (mchid !== keys.mchid) throw new HttpError(400, 'MCH_NOT_EXISTS', '商户号不存在');
    if (appid !== undefined && appid !== keys.appid) throw new HttpError(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
  }

  function createNative(body: string): { code_url: string } {
    const b = parseJson(body);
    if (typeof b.appid !== 'string' || b.appid === '') throw new HttpError(400, 'PARAM_ERROR', 'appid is required');
    checkMerchant(b.mchid, b.appid);
    const outTradeNo = b.out_trade_no;
    if (typeof outTradeNo !== 'string' || !OUT_TRADE_NO.test(outTradeNo))
      throw new HttpError(400, 'PARAM_ERROR', 'out_trade_no must be 6-32 characters of digits, letters, _ - * |');
    if (typeof b.description !== 'string' || b.description === '' || b.description.length > 127)
      throw new HttpError(400, 'PARAM_ERROR', 'description must be 1-127 characters');
    if (typeof b.notify_url !== 'string' || !/^https?:\/\/[^\s?#]+$/.test(b.notify_url))
      throw new HttpError(400, 'PARAM_ERROR', 'notify_url must be an http(s) URL without a query');
    const amount = b.amount as { total?: unknown; currency?: unknown } | undefined;
    const total = amount?.total;
    if (typeof total !== 'number' || !Number.isInteger(total) || total <= 0)
      throw new HttpError(400, 'PARAM_ERROR', 'amount.total must be a positive integer (fen)');
    const currency = amount?.currency ?? 'CNY';
    if (currency !== 'CNY') throw new HttpError(400, 'PARAM_ERROR', 'amount.currency must be CNY');
    if (b.attach !== undefined && (typeof b.attach !== 'string' || b.attach.length > 128))
      throw new HttpError(400, 'PARAM_ERROR', 'attach must be at most 128 characters');
    let expireAt = now() + DEFAULT_EXPIRY_MS;
    if (b.time_expire !== undefined) {
      const t = parseRfc3339(b.time_expire);
      if (t === null) throw new HttpError(400, 'PARAM_ERROR', 'time_expire must be RFC 3339, e.g. 2026-05-20T13:29:35+08:00');
      expireAt = t;
    }
    const attach = typeof b.attach === 'string' ? b.attach : null;
    const existing = store.get(outTradeNo);
    if (existing) {
      const state = tradeState(existing, now());
      if (state === 'SUCCESS') throw new HttpError(400, 'ORDERPAID', '该订单已支付');
      if (state === 'CLOSED') throw new HttpError(400, 'ORDER_CLOSED', '订单已关闭');
      const same =
        existing.description === b.description &&
        existing.total === total &&
        existing.attach === attach &&
        existing.time_expire === (b.time_expire ?? null) &&
        existing.appid === b.appid;
      if (!same) throw new HttpError(400, 'OUT_TRADE_NO_USED', '商户订单号重复');
      if (existing.notify_url !== b.notify_url) {
        existing.notify_url = b.notify_url;
        store.put(existing);
      }
      return { code_url: existing.code_url };
    }
    const pr = newPr();
    const order: SimOrder = {
      out_trade_no: outTradeNo,
      mchid: keys.mchid,
      appid: b.appid,
      description: b.description,
      total,
      currency,
      time_expire: typeof b.time_expire === 'string' ? b.time_expire : null,
      expire_at: expireAt,
      attach,
      notify_url: b.notify_url,
      pr,
      code_url: codeUrlOf(pr),
      created_at: now(),
      state: 'NOTPAY',
      closed_at: null,
      transaction_id: null,
      success_time: null,
      payer_openid: null,
      notifications: [],
    };
    store.put(order);
    log(`order ${outTradeNo} ${total} fen: ${order.code_url}`);
    return { code_url: order.code_url };
  }

  function findOrder(no: string): SimOrder {
    const o = store.get(no);
    if (!o) throw new HttpError(404, 'ORDER_NOT_EXIST', '订单不存在');
    return o;
  }

  /** Pays an order as the pay button does: unpaid and open → SUCCESS and a notification. */
  async function pay(o: SimOrder): Promise<void> {
    const state = tradeState(o, now());
    if (state === 'SUCCESS') return;
    if (state === 'CLOSED') throw new HttpError(400, 'ORDER_CLOSED', '订单已关闭');
    markPaid(o, now());
    store.put(o);
    log(`paid ${o.out_trade_no}: ${o.transaction_id}`);
    // the first attempt is not awaited: a slow merchant does not hold the payer's page
    void notifier.send(o, 'normal').catch((e) => log(`notify ${o.out_trade_no} failed: ${e}`));
  }

  const v3Path = /^\/v3\/pay\/transactions\/out-trade-no\/([^/?]+)(\/close)?$/;

  async function handleV3(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    const body = await readBody(req);
    checkSignature(req, body);
    if (req.method === 'POST' && path === '/v3/pay/transactions/native') return sendSigned(res, 200, createNative(body));
    const m = v3Path.exec(path);
    if (m) {
      let no: string;
      try {
        no = decodeURIComponent(m[1]);
      } catch {
        throw new HttpError(400, 'PARAM_ERROR', 'out_trade_no is not well encoded');
      }
      if (!m[2] && req.method === 'GET') {
        checkMerchant(query.get('mchid') ?? '');
        return sendSigned(res, 200, transactionOf(findOrder(no), now()));
      }
      if (m[2] && req.method === 'POST') {
        checkMerchant(parseJson(body).mchid);
        const o = findOrder(no);
        const state = tradeState(o, now());
        if (state === 'SUCCESS') throw new HttpError(400, 'ORDERPAID', '该订单已支付');
        if (o.state === 'NOTPAY') {
          o.state = 'CLOSED';
          o.closed_at = now();
          store.put(o);
        }
        return sendSigned(res, 204);
      }
    }
    throw new HttpError(404, 'NOT_FOUND', 'no such API in the simulator');
  }

  const langOf = (q: URLSearchParams): Lang => (q.get('lang') === 'en' ? 'en' : 'both');

  async function handleSim(req: IncomingMessage, res: ServerResponse, path: string) {
    if (req.method === 'GET' && path === '/sim/orders') return sendJson(res, 200, { orders: store.list(100).map((o) => simView(o)) });
    const m = /^\/sim\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && m) return sendJson(res, 200, simView(findOrder(decodeURIComponent(m[1]))));
    if (req.method !== 'POST') throw new HttpError(404, 'NOT_FOUND', 'no such control');
    const b = parseJson((await readBody(req)) || '{}');
    if (path === '/sim/pay') {
      const o = findOrder(String(b.out_trade_no ?? ''));
      await pay(o);
      return sendJson(res, 200, simView(o));
    }
    if (path === '/sim/notify') {
      const o = findOrder(String(b.out_trade_no ?? ''));
      const mode = (b.mode ?? 'normal') as NotifyMode;
      if (!NOTIFY_MODES.includes(mode)) throw new HttpError(400, 'PARAM_ERROR', `mode must be one of ${NOTIFY_MODES.join(', ')}`);
      if (tradeState(o, now()) !== 'SUCCESS') throw new HttpError(409, 'ORDER_NOT_PAID', 'only a paid order has payment notifications');
      const count = typeof b.count === 'number' && Number.isInteger(b.count) ? Math.min(Math.max(b.count, 1), 100) : 2;
      const n = await notifier.send(o, mode, count);
      return sendJson(res, 200, { id: n.id, mode: n.mode, delivered: n.delivered, attempts: n.attempts });
    }
    if (path === '/sim/faults') {
      for (const k of ['bad_response_signature', 'missing_response_signature'] as const)
        if (typeof b[k] === 'number' && Number.isInteger(b[k]) && (b[k] as number) >= 0) faults[k] = b[k] as number;
      return sendJson(res, 200, faults);
    }
    throw new HttpError(404, 'NOT_FOUND', 'no such control');
  }

  function simView(o: SimOrder) {
    return {
      ...transactionOf(o, now()),
      description: o.description,
      time_expire: o.time_expire,
      expire_at: new Date(o.expire_at).toISOString(),
      notify_url: o.notify_url,
      code_url: o.code_url,
      pay_url: `${url}/pay?pr=${encodeURIComponent(o.pr)}`,
      notifications: o.notifications.map(({ body: _body, ...n }) => n),
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? '/', 'http://sim');
    const path = u.pathname;
    try {
      if (path.startsWith('/v3/')) return await handleV3(req, res, path, u.searchParams);
      if (path.startsWith('/sim/')) return await handleSim(req, res, path);
      if (req.method === 'GET' && path === '/healthz')
        return sendJson(res, 200, {
          ok: true,
          service: 'wechatpay-sim',
          mchid: keys.mchid,
          appid: keys.appid,
          platform_public_key_id: keys.platformPublicKeyId,
        });
      const lang = langOf(u.searchParams);
      if (req.method === 'GET' && path === '/') return sendHtml(res, 200, listPage(store.list(), lang, now()));
      if (req.method === 'GET' && path === '/pay') {
        const o = store.byPr(u.searchParams.get('pr') ?? '');
        return sendHtml(res, o ? 200 : 404, payPage(o, lang, now(), merchantName));
      }
      if (req.method === 'POST' && path === '/pay') {
        const form = new URLSearchParams(await readBody(req));
        const pr = form.get('pr') ?? '';
        const o = store.byPr(pr);
        const formLang: Lang = form.get('lang') === 'en' ? 'en' : 'both';
        if (!o) return sendHtml(res, 404, payPage(undefined, formLang, now(), merchantName));
        if (tradeState(o, now()) === 'NOTPAY') await pay(o);
        res.writeHead(303, { Location: `/pay?pr=${encodeURIComponent(pr)}${formLang === 'en' ? '&lang=en' : ''}` });
        return res.end();
      }
      if (req.method === 'GET' && path === '/favicon.ico') {
        res.writeHead(204);
        return res.end();
      }
      return sendJson(res, 404, { code: 'NOT_FOUND', message: 'not found' });
    } catch (e) {
      const err = e instanceof HttpError ? e : new HttpError(500, 'SYSTEM_ERROR', 'simulator error');
      if (!(e instanceof HttpError)) log(`error ${req.method} ${req.url}: ${(e as Error)?.stack ?? e}`);
      if (res.headersSent) return res.end();
      const payload = { code: err.code, message: err.message };
      return path.startsWith('/v3/') ? sendSigned(res, err.status, payload) : sendJson(res, err.status, payload);
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 8089, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
  notifier.resume();

  return {
    url,
    port: address.port,
    keys,
    store,
    async close() {
      await notifier.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
