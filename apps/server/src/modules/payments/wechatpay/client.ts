/**
 * The server's WeChat Pay API v3 client for Native payments: every request is signed with the
 * merchant key, every answer's signature is checked with the platform public key before its body
 * is read, amounts are in fen.
 */
import { authorizationHeader, nonceStr, privateKeyOf, publicKeyOf } from './sign.js';
import { toWechatTime } from './time.js';
import { transactionFrom } from './transaction.js';
import { type WechatPayConfig, WechatPayError, type WechatTransaction } from './types.js';
import { checkWechatpaySignature } from './verify.js';

export type WechatPayClientOptions = {
  /** the clock, ms since the epoch (default Date.now) */
  now?: () => number;
  fetch?: typeof fetch;
  /** per request (default 5000) */
  timeoutMs?: number;
};

export type CreateNativeInput = {
  /** 6–32 characters: digits, letters, _ - * | */
  outTradeNo: string;
  /** at most 127 characters */
  description: string;
  /** a positive integer */
  amountFen: number;
  /** the last moment the payer may pay */
  timeExpire: Date;
  /** at most 128 characters, returned in queries and notifications */
  attach?: string;
};

export type WechatPayClient = {
  /** POST /v3/pay/transactions/native: the code_url to show as a QR code. */
  createNative(o: CreateNativeInput): Promise<{ codeUrl: string }>;
  /** GET /v3/pay/transactions/out-trade-no/{no}?mchid=…; null when WeChat Pay has no such order. */
  queryByOutTradeNo(outTradeNo: string): Promise<WechatTransaction | null>;
  /** POST /v3/pay/transactions/out-trade-no/{no}/close; a paid order fails with ORDERPAID. */
  close(outTradeNo: string): Promise<void>;
};

const OUT_TRADE_NO = /^[0-9A-Za-z_\-*|]{6,32}$/;

function checkOutTradeNo(no: string) {
  if (!OUT_TRADE_NO.test(no)) throw new WechatPayError(400, 'PARAM_ERROR', 'out_trade_no must be 6-32 characters of digits, letters, _ - * |');
}

export function createWechatPayClient(cfg: WechatPayConfig, opts: WechatPayClientOptions = {}): WechatPayClient {
  const now = opts.now ?? Date.now;
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 5000;
  const merchant = { mchId: cfg.mchId, serialNo: cfg.merchantSerialNo, privateKey: privateKeyOf(cfg.merchantPrivateKey) };
  const platform = { publicKeyId: cfg.platformPublicKeyId, publicKey: publicKeyOf(cfg.platformPublicKey) };
  const base = cfg.baseUrl.replace(/\/+$/, '');

  /** One signed call; the parsed body of a verified 2xx answer (null when empty). */
  async function call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<{ status: number; data: unknown }> {
    const url = new URL(base + path);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': 'rrp-console-wechatpay/1.0',
      Authorization: authorizationHeader(merchant, {
        method,
        pathWithQuery: url.pathname + url.search,
        body,
        timestamp: Math.floor(now() / 1000),
        nonce: nonceStr(),
      }),
    };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    let text: string;
    try {
      res = await doFetch(url, { method, headers, body: payload === undefined ? undefined : body, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
      text = await res.text();
    } catch (e) {
      const err = e as Error & { cause?: { code?: string } };
      const why = err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (err.cause?.code ?? err.message);
      throw new WechatPayError(0, 'NETWORK', `${method} ${url.pathname}: ${why}`);
    }
    const check = checkWechatpaySignature(Object.fromEntries(res.headers), text, platform, now());
    if (!check.ok)
      throw new WechatPayError(
        res.status,
        'BAD_RESPONSE_SIGNATURE',
        `the answer to ${method} ${url.pathname} (HTTP ${res.status}) failed its ${check.reason} check`,
      );
    let data: unknown = null;
    if (text !== '') {
      try {
        data = JSON.parse(text);
      } catch {
        throw new WechatPayError(res.status, 'BAD_RESPONSE', `the answer to ${method} ${url.pathname} is not JSON`);
      }
    }
    if (res.status < 200 || res.status > 299) {
      const e = (data ?? {}) as { code?: unknown; message?: unknown };
      throw new WechatPayError(res.status, typeof e.code === 'string' ? e.code : `HTTP_${res.status}`, typeof e.message === 'string' ? e.message : undefined);
    }
    return { status: res.status, data };
  }

  const tradePath = (no: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(no)}`;

  return {
    async createNative(o) {
      checkOutTradeNo(o.outTradeNo);
      if (!Number.isInteger(o.amountFen) || o.amountFen <= 0) throw new WechatPayError(400, 'PARAM_ERROR', 'amountFen must be a positive integer');
      if (!o.description || o.description.length > 127) throw new WechatPayError(400, 'PARAM_ERROR', 'description must be 1-127 characters');
      if (o.attach !== undefined && o.attach.length > 128) throw new WechatPayError(400, 'PARAM_ERROR', 'attach must be at most 128 characters');
      const { data } = await call('POST', '/v3/pay/transactions/native', {
        appid: cfg.appId,
        mchid: cfg.mchId,
        description: o.description,
        out_trade_no: o.outTradeNo,
        time_expire: toWechatTime(o.timeExpire),
        ...(o.attach !== undefined ? { attach: o.attach } : {}),
        notify_url: cfg.notifyUrl,
        amount: { total: o.amountFen, currency: 'CNY' },
      });
      const codeUrl = (data as { code_url?: unknown } | null)?.code_url;
      if (typeof codeUrl !== 'string' || codeUrl === '') throw new WechatPayError(200, 'BAD_RESPONSE', 'the answer has no code_url');
      return { codeUrl };
    },

    async queryByOutTradeNo(outTradeNo) {
      checkOutTradeNo(outTradeNo);
      try {
        const { data } = await call('GET', `${tradePath(outTradeNo)}?mchid=${encodeURIComponent(cfg.mchId)}`);
        const t = transactionFrom(data);
        if (!t) throw new WechatPayError(200, 'BAD_RESPONSE', 'the answer is not a transaction');
        return t;
      } catch (e) {
        if (e instanceof WechatPayError && e.status === 404 && e.code === 'ORDER_NOT_EXIST') return null;
        throw e;
      }
    },

    async close(outTradeNo) {
      checkOutTradeNo(outTradeNo);
      await call('POST', `${tradePath(outTradeNo)}/close`, { mchid: cfg.mchId });
    },
  };
}
