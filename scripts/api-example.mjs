#!/usr/bin/env node
// Lists the company's devices with an API key: a signed call per docs/api.md, in plain Node (no dependencies).
//
//   RRP_URL=https://console.example.com RRP_KEY_ID=ak_... RRP_KEY_SECRET=... node scripts/api-example.mjs
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';

/** "YYYYMMDD" of a millisecond timestamp, in UTC. */
const utcDay = (ms) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * The headers of a signed call. `path` is the URL path as sent (with its query, if any); `body`
 * the exact bytes sent.
 */
export function sign({ keyId, secret, method, path, body = '', timestamp = Date.now(), requestId = randomUUID() }) {
  const [pathOnly, query = ''] = path.split('?');
  const sortedQuery = query
    .split('&')
    .filter(Boolean)
    .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
    .join('&');
  const bodyHash = createHash('sha256').update(body).digest('hex');
  const canonical = [method.toUpperCase(), pathOnly, sortedQuery, keyId, String(timestamp), requestId, bodyHash].join('\n');
  const signingKey = createHmac('sha256', secret)
    .update(`rrp1${utcDay(timestamp)}`)
    .digest();
  return {
    'X-Token': keyId,
    'X-Timestamp': String(timestamp),
    'X-Request-Id': requestId,
    'X-Version': '1.0',
    'X-Sign-Method': 'HMAC-SHA256',
    'X-Sign': createHmac('sha256', signingKey).update(canonical).digest('hex'),
  };
}

/** Calls one endpoint (e.g. "/api/v1/rrp/device/list") and returns the envelope's obj, or throws with the API's code and message. */
export async function callApi({ url, keyId, secret }, path, payload = {}) {
  const body = JSON.stringify(payload);
  const res = await fetch(new URL(path, url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...sign({ keyId, secret, method: 'POST', path, body }) },
    body,
  });
  const envelope = await res.json();
  if (!envelope.success) {
    const retry = res.headers.get('retry-after');
    throw new Error(`${envelope.code}: ${envelope.msg}${retry ? ` (retry after ${retry} s)` : ''}`);
  }
  return envelope.obj;
}

async function main() {
  const { RRP_URL: url, RRP_KEY_ID: keyId, RRP_KEY_SECRET: secret } = process.env;
  if (!url || !keyId || !secret) {
    console.error('Set RRP_URL, RRP_KEY_ID and RRP_KEY_SECRET.');
    process.exit(2);
  }
  const page = await callApi({ url, keyId, secret }, '/api/v1/rrp/device/list', { pageNum: 1, pageSize: 20 });
  console.log(`${page.total} devices`);
  for (const d of page.list) console.log(`${d.imei}\t${d.online ? 'online' : 'offline'}\t${d.name}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
