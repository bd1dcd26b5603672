/**
 * The pieces of WeChat Pay API v3 the simulator speaks, on node:crypto only: SHA256-RSA2048
 * signatures (PKCS#1 v1.5), the Authorization header, and AEAD_AES_256_GCM for notifications.
 */
import { createCipheriv, createDecipheriv, type KeyObject, randomBytes, randomInt, sign, verify } from 'node:crypto';

export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';
export const SIGNTEST_PREFIX = 'WECHATPAY/SIGNTEST/';
/** How far a signed timestamp may be from the clock, in seconds. */
export const MAX_CLOCK_SKEW_S = 300;

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random string of letters and digits. */
export function nonce(length = 32): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALNUM[randomInt(ALNUM.length)];
  return s;
}

/** A random string of decimal digits. */
export function digits(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String(randomInt(10));
  return s;
}

/** Lines joined by "\n", each line ended by "\n" (the last one too): WeChat Pay's message to sign. */
export const signMessage = (...lines: (string | number)[]) => `${lines.join('\n')}\n`;

export const rsaSign = (message: string, privateKey: KeyObject | string) => sign('sha256', Buffer.from(message, 'utf8'), privateKey).toString('base64');

export function rsaVerify(message: string, signatureB64: string, publicKey: KeyObject | string): boolean {
  try {
    return verify('sha256', Buffer.from(message, 'utf8'), publicKey, Buffer.from(signatureB64, 'base64'));
  } catch {
    return false;
  }
}

/** The fields of `Authorization: WECHATPAY2-SHA256-RSA2048 k="v",...`, or null when it is not one. */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${AUTH_SCHEME} `)) return null;
  const out: Record<string, string> = {};
  const re = /(\w+)="([^"]*)"/g;
  for (const m of header.slice(AUTH_SCHEME.length + 1).matchAll(re)) out[m[1]] = m[2];
  return out;
}

/** AEAD_AES_256_GCM as WeChat Pay uses it: base64(ciphertext || 16-byte tag), utf-8 key, nonce and associated data. */
export function aeadEncrypt(apiV3Key: string, plaintext: string, iv: string, associatedData: string): string {
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(iv, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

export function aeadDecrypt(apiV3Key: string, ciphertextB64: string, iv: string, associatedData: string): string {
  const buf = Buffer.from(ciphertextB64, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(iv, 'utf8'));
  decipher.setAuthTag(buf.subarray(buf.length - 16));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([decipher.update(buf.subarray(0, buf.length - 16)), decipher.final()]).toString('utf8');
}

/** RFC 3339 in China Standard Time, as WeChat Pay writes times: 2026-05-20T13:29:35+08:00. */
export function rfc3339Cst(ms: number): string {
  return `${new Date(ms + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?([+-]\d{2}:\d{2}|Z)$/;

/** Milliseconds of an RFC 3339 time, or null when it is not one. */
export function parseRfc3339(s: unknown): number | null {
  if (typeof s !== 'string' || !RFC3339.test(s)) return null;
  const ms = Date.parse(s);
  return Number.isFinite(ms) ? ms : null;
}

/** A 28-digit transaction id shaped like WeChat Pay's: 4200 + yyyyMMdd (CST) + 16 digits. */
export function transactionId(ms: number): string {
  return `4200${rfc3339Cst(ms).slice(0, 10).replaceAll('-', '')}${digits(16)}`;
}

export const randomBase64 = (bytes: number) => randomBytes(bytes).toString('base64');
