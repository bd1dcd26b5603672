import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWechatPayClient, openNotification, type WechatPayConfig } from './index.js';
import {
  configFor,
  type NotifyResult,
  platformPrivateKeyPem,
  type SimOrderView,
  simGet,
  simPost,
  startReceiver,
  startTestSimulator,
  tradeNo,
} from './test-fixtures.js';
import { aeadDecrypt, aeadEncrypt } from './wechatpay/aead.js';
import { messageOf, nonceStr, signSha256Rsa } from './wechatpay/sign.js';

let sim: Awaited<ReturnType<typeof startTestSimulator>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let cfg: WechatPayConfig;

beforeAll(async () => {
  sim = await startTestSimulator();
  receiver = await startReceiver([204]);
  cfg = configFor(sim.dataDir, sim.url, receiver.url);
});
afterAll(async () => {
  await sim?.close();
  await receiver?.close();
});

/** A paid order whose first notification has arrived; the notifications received for it from then on. */
async function paidOrder(amountFen = 2599) {
  const no = tradeNo('N');
  await createWechatPayClient(cfg).createNative({ outTradeNo: no, description: '月包', amountFen, timeExpire: new Date(Date.now() + 600_000) });
  const before = receiver.received.length;
  await simPost(sim, '/sim/pay', { out_trade_no: no });
  await receiver.waitFor(before + 1);
  const mine = () => receiver.received.filter((r) => r.body.length > 0).slice(before);
  return { no, first: mine()[0], mine };
}

async function notify(no: string, mode: string, extra: Record<string, unknown> = {}) {
  const before = receiver.received.length;
  const r = await simPost<NotifyResult>(sim, '/sim/notify', { out_trade_no: no, mode, ...extra });
  expect(r.status).toBe(200);
  return { result: r.data, requests: receiver.received.slice(before) };
}

describe('openNotification with the simulator’s notifications', () => {
  it('accepts a genuine one and decrypts the transaction', async () => {
    const { no, first } = await paidOrder(2599);
    expect(first.headers['wechatpay-serial']).toBe(cfg.platformPublicKeyId);
    const body = JSON.parse(first.body);
    expect(body).toMatchObject({ resource_type: 'encrypt-resource', event_type: 'TRANSACTION.SUCCESS', summary: '支付成功' });
    expect(body.resource).toMatchObject({ original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', associated_data: 'transaction' });
    expect(body.create_time).toMatch(/\+08:00$/);

    const opened = openNotification(cfg, first.headers, first.body);
    expect(opened).toEqual({
      ok: true,
      eventId: body.id,
      eventType: 'TRANSACTION.SUCCESS',
      transaction: expect.objectContaining({ outTradeNo: no, tradeState: 'SUCCESS', amountFen: 2599, mchId: cfg.mchId, appId: cfg.appId }),
    });
    const { data: view } = await simGet<SimOrderView>(sim, `/sim/orders/${no}`);
    expect(opened.ok && opened.transaction.transactionId).toBe(view.transaction_id);
    // the full transaction as WeChat Pay shapes it
    const plain = JSON.parse(aeadDecrypt(cfg.apiV3Key, body.resource.ciphertext, body.resource.nonce, 'transaction'));
    expect(plain).toMatchObject({
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      trade_state_desc: '支付成功',
      bank_type: expect.any(String),
      payer: { openid: expect.any(String) },
      amount: { total: 2599, payer_total: 2599, currency: 'CNY', payer_currency: 'CNY' },
    });
    // delivered: no retry
    expect(view.notifications[0]).toMatchObject({ mode: 'normal', delivered: true, done: true });
    expect(view.notifications[0].attempts).toHaveLength(1);
  });

  it('refuses a tampered body, a SIGNTEST probe, a stale one and one for another serial', async () => {
    const { no, first } = await paidOrder();
    const tampered = await notify(no, 'tampered');
    expect(tampered.requests).toHaveLength(1);
    expect(openNotification(cfg, tampered.requests[0].headers, tampered.requests[0].body)).toEqual({ ok: false, reason: 'signature' });

    const probe = await notify(no, 'signtest');
    expect(String(probe.requests[0].headers['wechatpay-signature'])).toMatch(/^WECHATPAY\/SIGNTEST\//);
    expect(openNotification(cfg, probe.requests[0].headers, probe.requests[0].body)).toEqual({ ok: false, reason: 'signature' });

    const stale = await notify(no, 'stale');
    expect(Number(stale.requests[0].headers['wechatpay-timestamp'])).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) - 301);
    expect(openNotification(cfg, stale.requests[0].headers, stale.requests[0].body)).toEqual({ ok: false, reason: 'timestamp' });
    // the genuine one 301 s later is stale too; 299 s later it is not
    const sentAt = Number(first.headers['wechatpay-timestamp']) * 1000;
    expect(openNotification(cfg, first.headers, first.body, sentAt + 301_000).ok).toBe(false);
    expect(openNotification(cfg, first.headers, first.body, sentAt + 299_000).ok).toBe(true);

    expect(openNotification({ ...cfg, platformPublicKeyId: 'PUB_KEY_ID_0100000000000000000000000000000000' }, first.headers, first.body)).toEqual({
      ok: false,
      reason: 'serial',
    });
  });

  it('refuses one it cannot decrypt, and malformed input, without throwing', async () => {
    const { first } = await paidOrder();
    expect(openNotification({ ...cfg, apiV3Key: 'x'.repeat(32) }, first.headers, first.body)).toEqual({ ok: false, reason: 'decrypt' });
    expect(openNotification({ ...cfg, apiV3Key: 'short' }, first.headers, first.body)).toEqual({ ok: false, reason: 'decrypt' });
    expect(openNotification(cfg, {}, first.body)).toEqual({ ok: false, reason: 'signature' });
    expect(openNotification(cfg, { ...first.headers, 'wechatpay-timestamp': 'soon' }, first.body)).toEqual({ ok: false, reason: 'timestamp' });
    expect(openNotification(cfg, first.headers, '')).toEqual({ ok: false, reason: 'signature' });
    expect(openNotification({ ...cfg, platformPublicKey: 'not a key' }, first.headers, first.body)).toEqual({ ok: false, reason: 'signature' });
    // signed correctly but not a notification
    const sign = (body: string) => {
      const ts = String(Math.floor(Date.now() / 1000));
      const n = nonceStr();
      return {
        'wechatpay-serial': cfg.platformPublicKeyId,
        'wechatpay-timestamp': ts,
        'wechatpay-nonce': n,
        'wechatpay-signature': signSha256Rsa(messageOf(ts, n, body), platformPrivateKeyPem(sim.dataDir)),
      };
    };
    for (const body of ['not json', '{}', '{"id":"x","event_type":"TRANSACTION.SUCCESS","resource":{"algorithm":"AES_128_CBC","ciphertext":"","nonce":""}}'])
      expect(openNotification(cfg, sign(body), body)).toEqual({ ok: false, reason: 'format' });
    // another merchant's transaction, well encrypted and signed
    const iv = nonceStr(12);
    const foreign = JSON.stringify({
      id: randomUUID(),
      event_type: 'TRANSACTION.SUCCESS',
      resource: {
        algorithm: 'AEAD_AES_256_GCM',
        associated_data: 'transaction',
        nonce: iv,
        ciphertext: aeadEncrypt(
          cfg.apiV3Key,
          JSON.stringify({ mchid: '1900000001', appid: cfg.appId, out_trade_no: 'X123456', trade_state: 'SUCCESS' }),
          iv,
          'transaction',
        ),
      },
    });
    expect(openNotification(cfg, sign(foreign), foreign)).toEqual({ ok: false, reason: 'format' });
  });

  it('sends a wrong amount on request (accepted: comparing amounts is the caller’s check)', async () => {
    const { no } = await paidOrder(500);
    const wrong = await notify(no, 'wrong_amount');
    const opened = openNotification(cfg, wrong.requests[0].headers, wrong.requests[0].body);
    expect(opened.ok && opened.transaction.amountFen).toBe(501);
  });

  it('sends duplicates at once: the same notification, all genuine', async () => {
    const { no } = await paidOrder();
    const dup = await notify(no, 'duplicate', { count: 3 });
    expect(dup.result.attempts).toHaveLength(3);
    expect(dup.requests).toHaveLength(3);
    expect(new Set(dup.requests.map((r) => r.body)).size).toBe(1);
    const ids = dup.requests.map((r) => openNotification(cfg, r.headers, r.body)).map((o) => (o.ok ? o.eventId : null));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toBe(dup.result.id);
  });

  it('refuses /sim/notify for an unpaid order and an unknown mode', async () => {
    const no = tradeNo('U');
    await createWechatPayClient(cfg).createNative({ outTradeNo: no, description: 'x', amountFen: 1, timeExpire: new Date(Date.now() + 600_000) });
    expect((await simPost(sim, '/sim/notify', { out_trade_no: no })).status).toBe(409);
    expect((await simPost(sim, '/sim/notify', { out_trade_no: no, mode: 'loud' })).status).toBe(400);
    expect((await simPost(sim, '/sim/notify', { out_trade_no: 'NOPE123456' })).status).toBe(404);
  });
});
