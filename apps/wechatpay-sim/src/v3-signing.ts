/** The /v3 API's signatures: the merchant's on each request, the platform's on each answer. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './http.js';
import type { SimKeys } from './keys.js';
import { AUTH_SCHEME, MAX_CLOCK_SKEW_S, nonce, parseAuthorization, rsaSign, rsaVerify, signMessage } from './protocol.js';

/** Answers whose signature is broken on purpose, for tests of the merchant's verification. */
export type Faults = { bad_response_signature: number; missing_response_signature: number };

/** The merchant's signature on a /v3 request: scheme, merchant, serial, time and RSA signature. */
export function verifyMerchantSignature(req: IncomingMessage, body: string, keys: SimKeys, now: () => number): void {
  const auth = parseAuthorization(req.headers.authorization);
  if (!auth) throw new HttpError(401, 'SIGN_ERROR', `Authorization is missing or is not ${AUTH_SCHEME}`);
  const { mchid, serial_no, timestamp, nonce_str, signature } = auth;
  if (!mchid || !serial_no || !timestamp || !nonce_str || !signature) throw new HttpError(401, 'SIGN_ERROR', 'Authorization lacks a field');
  if (mchid !== keys.mchid) throw new HttpError(401, 'SIGN_ERROR', 'the merchant in Authorization is unknown');
  if (serial_no !== keys.merchantSerialNo) throw new HttpError(401, 'SIGN_ERROR', 'serial_no is not the merchant certificate serial number');
  const ts = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!(Math.abs(Math.floor(now() / 1000) - ts) <= MAX_CLOCK_SKEW_S))
    throw new HttpError(401, 'SIGN_ERROR', `timestamp is more than ${MAX_CLOCK_SKEW_S} s from the server time`);
  const message = signMessage(req.method ?? 'GET', req.url ?? '/', timestamp, nonce_str, body);
  if (!rsaVerify(message, signature, keys.merchantPublicKey)) throw new HttpError(401, 'SIGN_ERROR', '错误的签名，验签失败');
}

/**
 * A sender of /v3 answers: JSON (or empty for 204), signed over `timestamp\nnonce\nbody\n` with
 * the platform key, each with a request id of its own; `faults` breaks the next answers'
 * signatures when a test asks for it.
 */
export function signedAnswers(keys: SimKeys, now: () => number, faults: Faults) {
  let requestSeq = 0;
  return (res: ServerResponse, status: number, payload?: unknown): void => {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const ts = Math.floor(now() / 1000);
    const n = nonce(32);
    let signature = rsaSign(signMessage(ts, n, body), keys.platformPrivateKey);
    if (faults.bad_response_signature > 0) {
      faults.bad_response_signature--;
      signature = rsaSign(signMessage(ts, n, `${body} `), keys.platformPrivateKey);
    }
    const headers: Record<string, string> = {
      'Request-ID': `08${Date.now().toString(16).toUpperCase()}${(++requestSeq).toString(16).toUpperCase().padStart(6, '0')}-0`,
      'Wechatpay-Nonce': n,
      'Wechatpay-Signature': signature,
      'Wechatpay-Timestamp': String(ts),
      'Wechatpay-Serial': keys.platformPublicKeyId,
      'Wechatpay-Signature-Type': AUTH_SCHEME,
    };
    if (faults.missing_response_signature > 0) {
      faults.missing_response_signature--;
      delete headers['Wechatpay-Signature'];
    }
    if (body) headers['Content-Type'] = 'application/json; charset=utf-8';
    res.writeHead(status, headers);
    res.end(body);
  };
}
