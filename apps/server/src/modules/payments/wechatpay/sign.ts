/**
 * Request signing (WECHATPAY2-SHA256-RSA2048): SHA256 with RSA (PKCS#1 v1.5) by the merchant
 * private key over `METHOD\nURL path with query\ntimestamp\nnonce\nbody\n`.
 */
import { createPrivateKey, createPublicKey, type KeyObject, randomInt, sign as rsaSign, verify as rsaVerify } from 'node:crypto';

export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function nonceStr(length = 32): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALNUM[randomInt(ALNUM.length)];
  return s;
}

/** Lines each ended by "\n" (the last one too). */
export const messageOf = (...lines: (string | number)[]) => `${lines.join('\n')}\n`;

// Parsing a PEM costs more than the RSA operation itself: each key is parsed once.
const parsedPrivate = new Map<string, KeyObject>();
const parsedPublic = new Map<string, KeyObject>();
const keyOf = (pem: KeyObject | string, cache: Map<string, KeyObject>, parse: (pem: string) => KeyObject): KeyObject => {
  if (typeof pem !== 'string') return pem;
  let k = cache.get(pem);
  if (!k) cache.set(pem, (k = parse(pem)));
  return k;
};

export const signSha256Rsa = (message: string, privateKey: KeyObject | string) =>
  rsaSign('sha256', Buffer.from(message, 'utf8'), keyOf(privateKey, parsedPrivate, createPrivateKey)).toString('base64');

export function verifySha256Rsa(message: string, signatureB64: string, publicKey: KeyObject | string): boolean {
  try {
    return rsaVerify('sha256', Buffer.from(message, 'utf8'), keyOf(publicKey, parsedPublic, createPublicKey), Buffer.from(signatureB64, 'base64'));
  } catch {
    return false;
  }
}

export type RequestToSign = {
  method: string;
  /** the URL's path and query as sent, e.g. /v3/pay/transactions/out-trade-no/R1?mchid=1900000109 */
  pathWithQuery: string;
  /** the exact body sent ('' for GET) */
  body: string;
  /** seconds since the epoch */
  timestamp: number;
  nonce: string;
};

export type MerchantCredentials = { mchId: string; serialNo: string; privateKey: KeyObject | string };

/** The Authorization header value of a request. */
export function authorizationHeader(merchant: MerchantCredentials, r: RequestToSign): string {
  const signature = signSha256Rsa(messageOf(r.method.toUpperCase(), r.pathWithQuery, r.timestamp, r.nonce, r.body), merchant.privateKey);
  return `${AUTH_SCHEME} mchid="${merchant.mchId}",nonce_str="${r.nonce}",signature="${signature}",timestamp="${r.timestamp}",serial_no="${merchant.serialNo}"`;
}

export const privateKeyOf = (pem: string): KeyObject => createPrivateKey(pem);
export const publicKeyOf = (pem: string): KeyObject => createPublicKey(pem);
