/**
 * Checks WeChat Pay's signature on an answer or a notification: Wechatpay-Serial must name our
 * platform public key, Wechatpay-Timestamp be within ±300 s of our clock, and
 * Wechatpay-Signature verify over `timestamp\nnonce\nbody\n` (the raw body) with that key.
 * Probe signatures (`WECHATPAY/SIGNTEST/…`, sent by WeChat Pay to see whether merchants verify)
 * are refused.
 */
import type { KeyObject } from 'node:crypto';
import { messageOf, verifySha256Rsa } from './sign.js';

export const MAX_CLOCK_SKEW_S = 300;
export const SIGNTEST_PREFIX = 'WECHATPAY/SIGNTEST/';

export type Headers = Record<string, string | string[] | undefined>;
export type SignatureProblem = 'signature' | 'timestamp' | 'serial';

/** A header by name in any case; the first value of a repeated one. */
export function headerOf(headers: Headers, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === lower) return Array.isArray(v) ? v[0] : v;
  return undefined;
}

export function checkWechatpaySignature(
  headers: Headers,
  body: string,
  platform: { publicKeyId: string; publicKey: KeyObject | string },
  nowMs: number,
): { ok: true } | { ok: false; reason: SignatureProblem } {
  const serial = headerOf(headers, 'Wechatpay-Serial');
  const signature = headerOf(headers, 'Wechatpay-Signature');
  const timestamp = headerOf(headers, 'Wechatpay-Timestamp');
  const nonce = headerOf(headers, 'Wechatpay-Nonce');
  if (!signature || !nonce || !timestamp) return { ok: false, reason: 'signature' };
  if (signature.startsWith(SIGNTEST_PREFIX)) return { ok: false, reason: 'signature' };
  if (serial !== platform.publicKeyId) return { ok: false, reason: 'serial' };
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) > MAX_CLOCK_SKEW_S) return { ok: false, reason: 'timestamp' };
  if (!verifySha256Rsa(messageOf(timestamp, nonce, body), signature, platform.publicKey)) return { ok: false, reason: 'signature' };
  return { ok: true };
}
