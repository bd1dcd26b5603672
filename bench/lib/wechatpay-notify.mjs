// WeChat Pay payment notifications as the platform sends them (v3: the transaction encrypted with
// AES-256-GCM under the APIv3 key, the body signed with the platform's RSA key), for the benchmarks
// that pay pending orders through POST /api/v1/pay/wechat/notify.
import { createCipheriv, createSign, randomBytes, randomUUID } from 'node:crypto';

/** The amount of every pending order the benchmarks create, in fen. */
export const AMOUNT_FEN = 4900;

/** One notification of a paid order: its body and the transaction id it carries. */
export function paidNotification(keys, orderNo) {
  const transactionId = `42${String(Date.now()).slice(-12)}${randomBytes(7).toString('hex')}`.slice(0, 28);
  const transaction = {
    mchid: keys.mchId,
    appid: keys.appId,
    out_trade_no: orderNo,
    transaction_id: transactionId,
    trade_type: 'NATIVE',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'OTHERS',
    success_time: new Date().toISOString(),
    payer: { openid: 'oBench' },
    amount: { total: AMOUNT_FEN, payer_total: AMOUNT_FEN, currency: 'CNY', payer_currency: 'CNY' },
  };
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keys.apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('transaction'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(transaction)), cipher.final(), cipher.getAuthTag()]).toString('base64');
  const body = JSON.stringify({
    id: randomUUID(),
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce },
  });
  return { body, transactionId };
}

/** A notification's headers, signed now with the platform key (WeChat Pay's window is 300 s). */
export function notificationHeaders(keys, platformPrivateKey, body) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(platformPrivateKey, 'base64');
  return {
    'content-type': 'application/json',
    'wechatpay-serial': keys.platformPublicKeyId,
    'wechatpay-signature': signature,
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
  };
}
