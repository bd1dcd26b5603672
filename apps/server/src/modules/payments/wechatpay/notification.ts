/**
 * Payment notifications: check WeChat Pay's signature over the raw body, then decrypt the
 * resource with the APIv3 key. Never throws: bad input gives a reason, for the log and the answer.
 */
import { aeadDecrypt } from './aead.js';
import { transactionFrom } from './transaction.js';
import type { WechatPayConfig, WechatTransaction } from './types.js';
import { checkWechatpaySignature, type Headers } from './verify.js';

export type OpenedNotification =
  | { ok: true; eventId: string; eventType: string; transaction: WechatTransaction }
  | { ok: false; reason: 'signature' | 'timestamp' | 'serial' | 'format' | 'decrypt' };

type Envelope = {
  id?: unknown;
  event_type?: unknown;
  resource_type?: unknown;
  resource?: { algorithm?: unknown; ciphertext?: unknown; nonce?: unknown; associated_data?: unknown; original_type?: unknown };
};

/**
 * Verifies (Wechatpay-Serial/-Signature/-Timestamp/-Nonce, ±300 s, the serial must be
 * platformPublicKeyId) and decrypts a notification; `now` is ms since the epoch. The transaction
 * must be this merchant's (mchid and appid); whether its amount and order match ours is the
 * caller's check.
 */
export function openNotification(cfg: WechatPayConfig, headers: Headers, rawBody: string, now: number = Date.now()): OpenedNotification {
  try {
    const check = checkWechatpaySignature(headers, rawBody, { publicKeyId: cfg.platformPublicKeyId, publicKey: cfg.platformPublicKey }, now);
    if (!check.ok) return { ok: false, reason: check.reason };
    let env: Envelope;
    try {
      env = JSON.parse(rawBody) as Envelope;
    } catch {
      return { ok: false, reason: 'format' };
    }
    const r = env?.resource;
    if (
      typeof env?.id !== 'string' ||
      typeof env.event_type !== 'string' ||
      !r ||
      r.algorithm !== 'AEAD_AES_256_GCM' ||
      typeof r.ciphertext !== 'string' ||
      typeof r.nonce !== 'string' ||
      (r.associated_data !== undefined && typeof r.associated_data !== 'string') ||
      (r.original_type !== undefined && r.original_type !== 'transaction')
    )
      return { ok: false, reason: 'format' };
    let plaintext: string;
    try {
      plaintext = aeadDecrypt(cfg.apiV3Key, r.ciphertext, r.nonce, (r.associated_data as string | undefined) ?? '');
    } catch {
      return { ok: false, reason: 'decrypt' };
    }
    let transaction: WechatTransaction | null = null;
    try {
      transaction = transactionFrom(JSON.parse(plaintext));
    } catch {
      transaction = null;
    }
    if (!transaction || transaction.mchId !== cfg.mchId || transaction.appId !== cfg.appId) return { ok: false, reason: 'format' };
    return { ok: true, eventId: env.id, eventType: env.event_type, transaction };
  } catch {
    // e.g. a platform public key that does not parse
    return { ok: false, reason: 'signature' };
  }
}
