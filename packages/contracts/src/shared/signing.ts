/**
 * Request signing (docs/api.md). Pure functions over WebCrypto so the browser, the server,
 * tests and benchmarks compute the same bytes. The server verifies with node:crypto for speed,
 * using `canonicalRequest` from here.
 */
export const SIGN_HEADERS = {
  token: 'x-token',
  timestamp: 'x-timestamp',
  requestId: 'x-request-id',
  version: 'x-version',
  method: 'x-sign-method',
  sign: 'x-sign',
} as const;
export const SIGN_VERSION = '1.0';
export const SIGN_METHOD = 'HMAC-SHA256';

/** "YYYYMMDD" of a millisecond timestamp in UTC. */
export function utcDay(timestampMs: number): string {
  const d = new Date(timestampMs);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** Query pairs as sent, without re-encoding, sorted by byte order and joined by '&'. */
export function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  const pairs = rawQuery.split('&').filter((p) => p.length > 0);
  return pairs.sort(compareBytes).join('&');
}

function compareBytes(a: string, b: string): number {
  const ea = new TextEncoder().encode(a);
  const eb = new TextEncoder().encode(b);
  const n = Math.min(ea.length, eb.length);
  for (let i = 0; i < n; i++) if (ea[i] !== eb[i]) return ea[i] - eb[i];
  return ea.length - eb.length;
}

export type CanonicalParts = {
  method: string;
  /** path and optional query exactly as sent, e.g. "/api/v1/rrp/device/export?b=2&a=1" */
  url: string;
  token: string;
  timestamp: string;
  requestId: string;
  bodySha256Hex: string;
};

export function canonicalRequest(p: CanonicalParts): string {
  const q = p.url.indexOf('?');
  const path = q === -1 ? p.url : p.url.slice(0, q);
  const query = q === -1 ? '' : p.url.slice(q + 1);
  return [p.method.toUpperCase(), path, canonicalQuery(query), p.token, p.timestamp, p.requestId, p.bodySha256Hex].join('\n');
}

const enc = new TextEncoder();

function toHex(buf: ArrayBuffer): string {
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function hmac(key: BufferSource, data: string): Promise<ArrayBuffer> {
  const k = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return crypto.subtle.sign('HMAC', k, enc.encode(data));
}

export async function sha256Hex(body: string | Uint8Array): Promise<string> {
  const bytes = typeof body === 'string' ? enc.encode(body) : body;
  return toHex(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
}

export type SignInput = {
  secretKey: string;
  token: string;
  method: string;
  url: string;
  body: string | Uint8Array;
  timestamp: number;
  requestId: string;
};

/** The X-Sign value for a request. */
export async function signRequest(i: SignInput): Promise<string> {
  const signingKey = await hmac(enc.encode(i.secretKey), `rrp1${utcDay(i.timestamp)}`);
  const canonical = canonicalRequest({
    method: i.method,
    url: i.url,
    token: i.token,
    timestamp: String(i.timestamp),
    requestId: i.requestId,
    bodySha256Hex: await sha256Hex(i.body),
  });
  return toHex(await hmac(new Uint8Array(signingKey), canonical));
}

/** All headers of a signed call. */
export async function signedHeaders(i: SignInput): Promise<Record<string, string>> {
  return {
    'X-Token': i.token,
    'X-Timestamp': String(i.timestamp),
    'X-Request-Id': i.requestId,
    'X-Version': SIGN_VERSION,
    'X-Sign-Method': SIGN_METHOD,
    'X-Sign': await signRequest(i),
  };
}
