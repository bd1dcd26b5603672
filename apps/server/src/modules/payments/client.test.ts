import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWechatPayClient, type WechatPayConfig, WechatPayError } from './index.js';
import { configFor, type SimOrderView, simGet, simPost, startTestSimulator, tradeNo } from './test-fixtures.js';
import { authorizationHeader, nonceStr } from './wechatpay/sign.js';

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let cfg: WechatPayConfig;
const inAnHour = () => new Date(Date.now() + 3600_000);

beforeAll(async () => {
  sim = await startTestSimulator();
  cfg = configFor(sim.dataDir, sim.url);
});
afterAll(() => sim?.close());

/** The error a call fails with. */
async function failure(p: Promise<unknown>): Promise<WechatPayError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(WechatPayError);
    return e as WechatPayError;
  }
  throw new Error('the call succeeded');
}

describe('our WeChat Pay client against the simulator', () => {
  it('creates a Native order, queries it, and closes it', async () => {
    const client = createWechatPayClient(cfg);
    const no = tradeNo();
    const expire = inAnHour();
    const { codeUrl } = await client.createNative({ outTradeNo: no, description: '流量包 10G', amountFen: 12345, timeExpire: expire, attach: 'order:42' });
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=[0-9A-Za-z]+$/);

    // the order as the simulator keeps it: amount in fen, time_expire in RFC 3339 at +08:00
    const { data: view } = await simGet(sim, `/sim/orders/${no}`);
    expect(view.amount.total).toBe(12345);
    expect(view.time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    expect(Date.parse(view.time_expire as string)).toBe(Math.floor(expire.getTime() / 1000) * 1000);
    expect(view.notify_url).toBe(cfg.notifyUrl);

    expect(await client.queryByOutTradeNo(no)).toEqual({
      outTradeNo: no,
      transactionId: null,
      tradeState: 'NOTPAY',
      amountFen: 12345,
      successTime: null,
      mchId: cfg.mchId,
      appId: cfg.appId,
    });

    // the same order again: the same code; different content: refused
    expect((await client.createNative({ outTradeNo: no, description: '流量包 10G', amountFen: 12345, timeExpire: expire, attach: 'order:42' })).codeUrl).toBe(
      codeUrl,
    );
    const used = await failure(client.createNative({ outTradeNo: no, description: '流量包 10G', amountFen: 999, timeExpire: expire, attach: 'order:42' }));
    expect([used.status, used.code]).toEqual([400, 'OUT_TRADE_NO_USED']);

    await client.close(no);
    expect((await client.queryByOutTradeNo(no))?.tradeState).toBe('CLOSED');
    const closed = await failure(client.createNative({ outTradeNo: no, description: '流量包 10G', amountFen: 12345, timeExpire: expire, attach: 'order:42' }));
    expect([closed.status, closed.code]).toEqual([400, 'ORDER_CLOSED']);
  });

  it('reads a paid order, and cannot re-create or close it', async () => {
    const client = createWechatPayClient(cfg);
    const no = tradeNo('P');
    await client.createNative({ outTradeNo: no, description: 'eSIM', amountFen: 100, timeExpire: inAnHour() });
    const paid = await simPost<SimOrderView>(sim, '/sim/pay', { out_trade_no: no });
    expect(paid.status).toBe(200);
    const t = await client.queryByOutTradeNo(no);
    expect(t).toMatchObject({ outTradeNo: no, tradeState: 'SUCCESS', amountFen: 100 });
    expect(t?.transactionId).toMatch(/^\d{28}$/);
    expect(t?.successTime).toMatch(/\+08:00$/);

    const again = await failure(client.createNative({ outTradeNo: no, description: 'eSIM', amountFen: 100, timeExpire: inAnHour() }));
    expect([again.status, again.code]).toEqual([400, 'ORDERPAID']);
    const close = await failure(client.close(no));
    expect([close.status, close.code]).toEqual([400, 'ORDERPAID']);
  });

  it('reads an order past its time_expire as CLOSED, and an unknown one as null', async () => {
    const client = createWechatPayClient(cfg);
    const no = tradeNo('E');
    await client.createNative({ outTradeNo: no, description: 'expired', amountFen: 1, timeExpire: new Date(Date.now() - 1000) });
    expect((await client.queryByOutTradeNo(no))?.tradeState).toBe('CLOSED');
    expect((await simPost(sim, '/sim/pay', { out_trade_no: no })).data).toMatchObject({ code: 'ORDER_CLOSED' });
    expect(await client.queryByOutTradeNo(tradeNo('N'))).toBeNull();
  });

  it('refuses an answer whose signature is wrong or missing, whatever it says', async () => {
    const client = createWechatPayClient(cfg);
    const no = tradeNo('S');
    await simPost(sim, '/sim/faults', { bad_response_signature: 1 });
    const bad = await failure(client.createNative({ outTradeNo: no, description: 'x', amountFen: 1, timeExpire: inAnHour() }));
    expect([bad.status, bad.code]).toEqual([200, 'BAD_RESPONSE_SIGNATURE']);

    await simPost(sim, '/sim/faults', { missing_response_signature: 1 });
    expect((await failure(client.queryByOutTradeNo(no))).code).toBe('BAD_RESPONSE_SIGNATURE');

    // an answer signed by another key (a man in the middle) is refused too
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }) as string;
    const fooled = createWechatPayClient({ ...cfg, platformPublicKey: other });
    expect((await failure(fooled.queryByOutTradeNo(no))).code).toBe('BAD_RESPONSE_SIGNATURE');
    // and one whose Wechatpay-Serial is not our platform public key id
    const wrongId = createWechatPayClient({ ...cfg, platformPublicKeyId: 'PUB_KEY_ID_0000' });
    expect((await failure(wrongId.queryByOutTradeNo(no))).code).toBe('BAD_RESPONSE_SIGNATURE');

    // the faults are used up: the next calls pass
    expect((await client.queryByOutTradeNo(no))?.tradeState).toBe('NOTPAY');
  });

  it('is refused with SIGN_ERROR when its own signature is wrong', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const client = createWechatPayClient({ ...cfg, merchantPrivateKey: stranger });
    const e = await failure(client.createNative({ outTradeNo: tradeNo(), description: 'x', amountFen: 1, timeExpire: inAnHour() }));
    expect([e.status, e.code]).toEqual([401, 'SIGN_ERROR']);
    const wrongSerial = createWechatPayClient({ ...cfg, merchantSerialNo: 'ABCDEF0123456789ABCDEF0123456789ABCDEF01' });
    expect((await failure(wrongSerial.queryByOutTradeNo(tradeNo()))).code).toBe('SIGN_ERROR');
  });

  it('is refused with SIGN_ERROR when its timestamp is more than 300 s off, and accepted at 299 s', async () => {
    const path = `/v3/pay/transactions/out-trade-no/${tradeNo()}?mchid=${cfg.mchId}`;
    const call = (skewS: number, signed = path) =>
      fetch(`${sim.url}${path}`, {
        headers: {
          Accept: 'application/json',
          Authorization: authorizationHeader(
            { mchId: cfg.mchId, serialNo: cfg.merchantSerialNo, privateKey: cfg.merchantPrivateKey },
            { method: 'GET', pathWithQuery: signed, body: '', timestamp: Math.floor(Date.now() / 1000) - skewS, nonce: nonceStr() },
          ),
        },
      });
    const stale = await call(301);
    expect(stale.status).toBe(401);
    expect(((await stale.json()) as { code: string }).code).toBe('SIGN_ERROR');
    const future = await call(-301);
    expect(future.status).toBe(401);
    // within the window the signature is good: the order simply does not exist
    expect((await call(299)).status).toBe(404);
    // a signature over another URL is not this request's
    expect((await call(0, `${path}&x=1`)).status).toBe(401);
  });

  it('checks the merchant and app ids (PARAM_ERROR, MCH_NOT_EXISTS, APPID_MCHID_NOT_MATCH) and the amount', async () => {
    const wrongApp = createWechatPayClient({ ...cfg, appId: 'wx0000000000000000' });
    const e = await failure(wrongApp.createNative({ outTradeNo: tradeNo(), description: 'x', amountFen: 1, timeExpire: inAnHour() }));
    expect([e.status, e.code]).toEqual([400, 'APPID_MCHID_NOT_MATCH']);

    // raw signed requests, to send what our client would never send
    const send = async (method: string, path: string, payload?: unknown) => {
      const body = payload === undefined ? '' : JSON.stringify(payload);
      const res = await fetch(`${sim.url}${path}`, {
        method,
        body: payload === undefined ? undefined : body,
        headers: {
          'Content-Type': 'application/json',
          Authorization: authorizationHeader(
            { mchId: cfg.mchId, serialNo: cfg.merchantSerialNo, privateKey: cfg.merchantPrivateKey },
            { method, pathWithQuery: path, body, timestamp: Math.floor(Date.now() / 1000), nonce: nonceStr() },
          ),
        },
      });
      return [res.status, ((await res.json()) as { code: string }).code];
    };
    const order = {
      appid: cfg.appId,
      mchid: cfg.mchId,
      description: 'x',
      out_trade_no: tradeNo(),
      notify_url: cfg.notifyUrl,
      amount: { total: 1, currency: 'CNY' },
    };
    expect(await send('POST', '/v3/pay/transactions/native', { ...order, mchid: '1999999999' })).toEqual([400, 'MCH_NOT_EXISTS']);
    expect(await send('POST', '/v3/pay/transactions/native', { ...order, mchid: undefined })).toEqual([400, 'PARAM_ERROR']);
    expect(await send('POST', '/v3/pay/transactions/native', { ...order, amount: { total: 0 } })).toEqual([400, 'PARAM_ERROR']);
    expect(await send('POST', '/v3/pay/transactions/native', { ...order, amount: { total: 1.5 } })).toEqual([400, 'PARAM_ERROR']);
    expect(await send('POST', '/v3/pay/transactions/native', { ...order, out_trade_no: 'abc' })).toEqual([400, 'PARAM_ERROR']);
    expect(await send('POST', '/v3/pay/transactions/native', { ...order, out_trade_no: 'has space 123' })).toEqual([400, 'PARAM_ERROR']);
    expect(await send('POST', '/v3/pay/transactions/native', { ...order, time_expire: '2026-01-01 10:00:00' })).toEqual([400, 'PARAM_ERROR']);
    expect(await send('GET', `/v3/pay/transactions/out-trade-no/${order.out_trade_no}?mchid=1999999999`)).toEqual([400, 'MCH_NOT_EXISTS']);
    expect(await send('POST', `/v3/pay/transactions/out-trade-no/${order.out_trade_no}/close`, { mchid: cfg.mchId })).toEqual([404, 'ORDER_NOT_EXIST']);
    // the allowed special characters go through, encoded in the path
    const odd = `A-b_c*d|e${Date.now()}`;
    const client = createWechatPayClient(cfg);
    await client.createNative({ outTradeNo: odd, description: 'x', amountFen: 1, timeExpire: inAnHour() });
    expect((await client.queryByOutTradeNo(odd))?.outTradeNo).toBe(odd);
  });

  it('gives up after its timeout (NETWORK), and on a refused connection', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as AddressInfo).port;
    try {
      const slow = createWechatPayClient({ ...cfg, baseUrl: `http://127.0.0.1:${port}` }, { timeoutMs: 150 });
      const t0 = Date.now();
      const e = await failure(slow.queryByOutTradeNo(tradeNo()));
      expect([e.status, e.code]).toEqual([0, 'NETWORK']);
      expect(Date.now() - t0).toBeLessThan(2000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
    const refused = createWechatPayClient({ ...cfg, baseUrl: 'http://127.0.0.1:9' });
    expect((await failure(refused.close(tradeNo()))).code).toBe('NETWORK');
  });

  it('checks its input before sending anything', async () => {
    const client = createWechatPayClient(cfg, { fetch: () => Promise.reject(new Error('must not be called')) });
    expect((await failure(client.createNative({ outTradeNo: 'x', description: 'x', amountFen: 1, timeExpire: inAnHour() }))).code).toBe('PARAM_ERROR');
    expect((await failure(client.createNative({ outTradeNo: tradeNo(), description: 'x', amountFen: 0, timeExpire: inAnHour() }))).code).toBe('PARAM_ERROR');
    expect((await failure(client.createNative({ outTradeNo: tradeNo(), description: 'x', amountFen: 1.5, timeExpire: inAnHour() }))).code).toBe('PARAM_ERROR');
    expect((await failure(client.queryByOutTradeNo('a/b/c/d'))).code).toBe('PARAM_ERROR');
  });
});
