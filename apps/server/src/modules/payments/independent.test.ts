/**
 * An independent implementation of the protocol, wechatpay-axios-plugin 0.9.6: its client talks
 * to the simulator and verifies the simulator's answers, and a notification it encrypts and signs
 * (as WeChat Pay would) is accepted by our openNotification.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import { createWechatPayClient, openNotification, type WechatPayConfig } from './index.js';
import { configFor, platformPrivateKeyPem, type SimOrderView, simGet, simPost, startTestSimulator, tradeNo } from './test-fixtures.js';

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let cfg: WechatPayConfig;
let wxpay: Wechatpay;

beforeAll(async () => {
  sim = await startTestSimulator();
  cfg = configFor(sim.dataDir, sim.url);
  // public-key mode: certs maps the WeChat Pay public key id to the public key
  wxpay = new Wechatpay({
    mchid: cfg.mchId,
    serial: cfg.merchantSerialNo,
    privateKey: cfg.merchantPrivateKey,
    certs: { [cfg.platformPublicKeyId]: cfg.platformPublicKey },
    baseURL: `${sim.url}/`,
  });
});
afterAll(() => sim?.close());

type AxiosFailure = { response?: { status: number; data: unknown }; message?: string; code?: string };
async function axiosFailure(p: Promise<unknown>): Promise<AxiosFailure> {
  try {
    await p;
  } catch (e) {
    return e as AxiosFailure;
  }
  throw new Error('the call succeeded');
}

describe('wechatpay-axios-plugin 0.9.6 against the simulator', () => {
  it('creates, queries and closes an order; every answer passes its verifier', async () => {
    const no = tradeNo('X');
    const created = await wxpay.v3.pay.transactions.native.post({
      mchid: cfg.mchId,
      appid: cfg.appId,
      out_trade_no: no,
      description: 'Image形象店-深圳腾大-QQ公仔',
      notify_url: cfg.notifyUrl,
      time_expire: '2099-01-01T00:00:00+08:00',
      amount: { total: 1, currency: 'CNY' },
    });
    expect(created.status).toBe(200);
    expect((created.data as unknown as { code_url: string }).code_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);

    const queried = await wxpay.v3.pay.transactions.outTradeNo.$out_trade_no$.get({ params: { mchid: cfg.mchId }, out_trade_no: no });
    expect(queried.data).toMatchObject({ out_trade_no: no, trade_state: 'NOTPAY', mchid: cfg.mchId, appid: cfg.appId, amount: { total: 1 } });

    const closed = await wxpay.v3.pay.transactions.outTradeNo.$out_trade_no$.close.post({ mchid: cfg.mchId }, { out_trade_no: no });
    expect(closed.status).toBe(204);
    // our client reads what the plugin did
    expect((await createWechatPayClient(cfg).queryByOutTradeNo(no))?.tradeState).toBe('CLOSED');
  });

  it('reads a paid order the same way our client does', async () => {
    const no = tradeNo('Y');
    await createWechatPayClient(cfg).createNative({ outTradeNo: no, description: 'x', amountFen: 888, timeExpire: new Date(Date.now() + 600_000) });
    await simPost(sim, '/sim/pay', { out_trade_no: no });
    const { data } = await wxpay.v3.pay.transactions.outTradeNo.$out_trade_no$.get({ params: { mchid: cfg.mchId }, out_trade_no: no });
    const { data: view } = await simGet<SimOrderView>(sim, `/sim/orders/${no}`);
    expect(data).toMatchObject({ trade_state: 'SUCCESS', transaction_id: view.transaction_id, amount: { total: 888, payer_total: 888 } });
    expect(await createWechatPayClient(cfg).queryByOutTradeNo(no)).toMatchObject({ transactionId: data.transaction_id, successTime: data.success_time });
  });

  it('is refused (SIGN_ERROR) with another merchant key, and its verifier refuses a broken answer', async () => {
    const { privateKey } = await import('node:crypto').then((c) => c.generateKeyPairSync('rsa', { modulusLength: 2048 }));
    const stranger = new Wechatpay({
      mchid: cfg.mchId,
      serial: cfg.merchantSerialNo,
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
      certs: { [cfg.platformPublicKeyId]: cfg.platformPublicKey },
      baseURL: `${sim.url}/`,
    });
    const refused = await axiosFailure(stranger.v3.pay.transactions.outTradeNo.$out_trade_no$.get({ params: { mchid: cfg.mchId }, out_trade_no: tradeNo() }));
    expect(refused.response?.status).toBe(401);
    expect(refused.response?.data).toMatchObject({ code: 'SIGN_ERROR' });

    const no = tradeNo('Z');
    await createWechatPayClient(cfg).createNative({ outTradeNo: no, description: 'x', amountFen: 1, timeExpire: new Date(Date.now() + 600_000) });
    await simPost(sim, '/sim/faults', { bad_response_signature: 1 });
    const broken = await axiosFailure(wxpay.v3.pay.transactions.outTradeNo.$out_trade_no$.get({ params: { mchid: cfg.mchId }, out_trade_no: no }));
    expect(broken.code).toBe('EV3_RES_HEADER_SIGNATURE_DIGEST');
    expect(String(broken.message)).toMatch(/Verify the response's data/);
  });
});

describe('a notification made by independent code', () => {
  it('is accepted by openNotification; changed after signing, it is not', () => {
    const transaction = {
      mchid: cfg.mchId,
      appid: cfg.appId,
      out_trade_no: 'INDEP123456',
      transaction_id: '4200000000202601010000000001',
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      bank_type: 'OTHERS',
      success_time: '2026-01-01T10:00:00+08:00',
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: { total: 4200, payer_total: 4200, currency: 'CNY', payer_currency: 'CNY' },
    };
    const nonce = Formatter.nonce(12);
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: '2026-01-01T10:00:01+08:00',
      resource_type: 'encrypt-resource',
      event_type: 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: Aes.AesGcm.encrypt(JSON.stringify(transaction), cfg.apiV3Key, nonce, 'transaction'),
        associated_data: 'transaction',
        nonce,
      },
    });
    const timestamp = Formatter.timestamp();
    const headerNonce = Formatter.nonce();
    const headers = {
      'Wechatpay-Serial': cfg.platformPublicKeyId,
      'Wechatpay-Timestamp': String(timestamp),
      'Wechatpay-Nonce': headerNonce,
      'Wechatpay-Signature': Rsa.sign(Formatter.response(timestamp, headerNonce, body), platformPrivateKeyPem(sim.dataDir)),
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
    };
    expect(openNotification(cfg, headers, body)).toEqual({
      ok: true,
      eventId: JSON.parse(body).id,
      eventType: 'TRANSACTION.SUCCESS',
      transaction: {
        outTradeNo: 'INDEP123456',
        transactionId: '4200000000202601010000000001',
        tradeState: 'SUCCESS',
        amountFen: 4200,
        successTime: '2026-01-01T10:00:00+08:00',
        mchId: cfg.mchId,
        appId: cfg.appId,
      },
    });
    expect(openNotification(cfg, headers, body.replace('"summary":"支付成功"', '"summary":"支付成功 "'))).toEqual({ ok: false, reason: 'signature' });
  });

  it('our request signature verifies with the plugin’s Rsa.verify, over its Formatter.request message', async () => {
    const { authorizationHeader } = await import('./wechatpay/sign.js');
    const header = authorizationHeader(
      { mchId: cfg.mchId, serialNo: cfg.merchantSerialNo, privateKey: cfg.merchantPrivateKey },
      { method: 'POST', pathWithQuery: '/v3/pay/transactions/native', body: '{"a":1}', timestamp: 1763712000, nonce: 'n0nce' },
    );
    const fields = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(header.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
    expect(fields).toMatchObject({ mchid: cfg.mchId, serial_no: cfg.merchantSerialNo, timestamp: '1763712000', nonce_str: 'n0nce' });
    const merchantPublic = (await import('node:fs')).readFileSync(`${sim.dataDir}/wechatpay/merchant_public_key.pem`, 'utf8');
    expect(Rsa.verify(Formatter.request('POST', '/v3/pay/transactions/native', 1763712000, 'n0nce', '{"a":1}'), fields.signature, merchantPublic)).toBe(true);
  });
});
