import { createCipheriv, createSign, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../../wechatpay-sim/src/index.js';
import { createWechatPayGateway, ensureEmbeddedKeys, type WechatPayConfig } from '../src/modules/payments/index.js';

/** An address nothing listens on: notifications sent there fail (and are retried by the simulator). */
export const DEAD_NOTIFY_URL = 'http://127.0.0.1:9/api/v1/pay/wechat/notify';

/**
 * The WeChat Pay simulator on a free port with a fresh key set, our gateway to it, and an
 * independent notification signer (node:crypto from the documented scheme, not our code).
 */
export async function wechatHarness() {
  const dataDir = mkdtempSync(join(tmpdir(), 'rrp-orders-wxpay-'));
  const keys = ensureEmbeddedKeys(dataDir);
  const sim = await startSimulator({ dataDir, port: 0, env: {}, timeScale: 0.001, notifyTimeoutMs: 3000 });
  const cfg: WechatPayConfig = {
    baseUrl: sim.url,
    mchId: keys.mchId,
    appId: keys.appId,
    merchantSerialNo: keys.merchantSerialNo,
    merchantPrivateKey: keys.merchantPrivateKey,
    platformPublicKeyId: keys.platformPublicKeyId,
    platformPublicKey: keys.platformPublicKey,
    apiV3Key: keys.apiV3Key,
    notifyUrl: DEAD_NOTIFY_URL,
  };
  const platformPrivateKey = readFileSync(join(dataDir, 'wechatpay', 'platform_private_key.pem'), 'utf8');
  const control = async (path: string, body: unknown) => {
    const res = await fetch(`${sim.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  return {
    sim,
    cfg,
    gateway: createWechatPayGateway(cfg),
    /** a person scans and pays the order on the simulator */
    pay: (orderNo: string) => control('/sim/pay', { out_trade_no: orderNo }),
    /** the simulator sends a notification of a paid order in a mode (duplicate, tampered, signtest, wrong_amount, stale) */
    notify: (orderNo: string, mode: string, count?: number) => control('/sim/notify', { out_trade_no: orderNo, mode, count }),
    /** a notification built and signed here, as WeChat documents it */
    notification(t: { orderNo: string; amountFen: number; transactionId?: string; tradeState?: string; mchId?: string; ageS?: number }) {
      const transaction = {
        mchid: t.mchId ?? keys.mchId,
        appid: keys.appId,
        out_trade_no: t.orderNo,
        transaction_id: t.transactionId ?? `4200${Date.now()}${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`.slice(0, 28),
        trade_type: 'NATIVE',
        trade_state: t.tradeState ?? 'SUCCESS',
        trade_state_desc: '支付成功',
        bank_type: 'OTHERS',
        success_time: new Date().toISOString(),
        payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
        amount: { total: t.amountFen, payer_total: t.amountFen, currency: 'CNY', payer_currency: 'CNY' },
      };
      const nonce = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(keys.apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
      cipher.setAAD(Buffer.from('transaction', 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(JSON.stringify(transaction), 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
      const body = JSON.stringify({
        id: randomUUID(),
        create_time: new Date().toISOString(),
        resource_type: 'encrypt-resource',
        event_type: 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce },
      });
      const timestamp = String(Math.floor(Date.now() / 1000) - (t.ageS ?? 0));
      const headerNonce = randomBytes(16).toString('hex');
      const signature = createSign('RSA-SHA256').update(`${timestamp}\n${headerNonce}\n${body}\n`).sign(platformPrivateKey, 'base64');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'wechatpay-serial': keys.platformPublicKeyId,
          'wechatpay-signature': signature,
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': headerNonce,
        },
      };
    },
    close: () => sim.close(),
  };
}
