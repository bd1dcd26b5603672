// A synchronous request signer (node:crypto) over the shared canonical form of the contracts,
// so autocannon can sign every request inside setupRequest.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { canonicalRequest, SIGN_METHOD, SIGN_VERSION, utcDay } from '../../packages/contracts/dist/shared/signing.js';

export function sign({ secretKey, token, method, url, body, timestamp, requestId }) {
  const signingKey = createHmac('sha256', secretKey)
    .update(`rrp1${utcDay(timestamp)}`)
    .digest();
  const canonical = canonicalRequest({
    method,
    url,
    token,
    timestamp: String(timestamp),
    requestId,
    bodySha256Hex: createHash('sha256').update(body).digest('hex'),
  });
  return createHmac('sha256', signingKey).update(canonical).digest('hex');
}

/** The six signing headers of one request: fresh timestamp and request id every call. */
export function signedHeaders({ secretKey, token, method, url, body = '' }) {
  const timestamp = Date.now();
  const requestId = randomUUID();
  return {
    'X-Token': token,
    'X-Timestamp': String(timestamp),
    'X-Request-Id': requestId,
    'X-Version': SIGN_VERSION,
    'X-Sign-Method': SIGN_METHOD,
    'X-Sign': sign({ secretKey, token, method, url, body, timestamp, requestId }),
  };
}

/** Checks the signer against the published test vector (docs: ARCHITECTURE "Session and signing"). */
export function selfCheck() {
  const got = sign({
    secretKey: 's3cr3t',
    token: 't0k3n',
    method: 'POST',
    url: '/api/v1/rrp/account/query',
    body: '{"pageNum":1}',
    timestamp: 1763712000000,
    requestId: '0b9a1459-0000-4000-8000-000000000001',
  });
  if (got !== '8e557685f4b8748a04f7ad8bdffcd30928ae96454b5730155f8074891a1ae2e8') throw new Error(`signer does not match the test vector: ${got}`);
}
