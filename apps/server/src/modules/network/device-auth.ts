import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { canonicalRequest, SIGN_VERSION, TIMING, utcDay } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { AppError } from '../../plugins/errors.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The replay records of device keys share used_request_ids with sessions, under a hash of their own. */
export const deviceKeyHash = (keyId: string) => createHash('sha256').update(`device-key:${keyId}`).digest('hex');

/**
 * Checks a device API call signed like console calls, with the company's device key id as
 * X-Token and its secret as the secret key: the key (88003), the timestamp within ±300 s, the
 * signature over the raw body and a request id never used before with this key (28003).
 * Returns the key's company.
 */
export async function verifyDeviceCall(database: Database, request: FastifyRequest, now = Date.now()): Promise<string> {
  const h = request.headers;
  const keyId = h['x-token'];
  if (typeof keyId !== 'string' || keyId.length === 0) throw new AppError(22007);
  const ts = h['x-timestamp'];
  const requestId = h['x-request-id'];
  const given = h['x-sign'];
  if (typeof ts !== 'string' || !/^\d{10,16}$/.test(ts)) throw new AppError(28003);
  if (typeof requestId !== 'string' || !UUID_RE.test(requestId)) throw new AppError(28003);
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) throw new AppError(28003);
  if (Math.abs(now - Number(ts)) > TIMING.signatureSkewMs) throw new AppError(28003);
  if (h['x-sign-method'] !== undefined && h['x-sign-method'] !== 'HMAC-SHA256') throw new AppError(28003);
  if (h['x-version'] !== undefined && h['x-version'] !== SIGN_VERSION) throw new AppError(28003);

  // One round trip: the key, and the request id recorded when the key exists. A call whose
  // signature then fails has its record removed, so it changes nothing.
  const tokenHash = deviceKeyHash(keyId);
  const [key] = await database.ephemeral<{ company_id: string; secret: string; fresh: boolean }>(
    'network_device_key_request_id',
    sql`
    WITH k AS (SELECT company_id, secret FROM device_keys WHERE key_id = ${keyId}),
    ins AS (
      INSERT INTO used_request_ids (token_hash, request_id)
      SELECT ${tokenHash}, ${requestId} FROM k
      ON CONFLICT DO NOTHING RETURNING 1)
    SELECT k.company_id, k.secret, EXISTS (SELECT 1 FROM ins) AS fresh FROM k`,
  );
  if (!key) throw new AppError(88003);
  const signingKey = createHmac('sha256', key.secret)
    .update(`rrp1${utcDay(Number(ts))}`)
    .digest();
  const canonical = canonicalRequest({
    method: request.method,
    url: request.raw.url ?? request.url,
    token: keyId,
    timestamp: ts,
    requestId,
    bodySha256Hex: createHash('sha256')
      .update(request.rawBody ?? Buffer.alloc(0))
      .digest('hex'),
  });
  const expected = createHmac('sha256', signingKey).update(canonical).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) {
    if (key.fresh)
      await database.ephemeral(
        'network_device_forget_request_id',
        sql`DELETE FROM used_request_ids WHERE token_hash = ${tokenHash} AND request_id = ${requestId}`,
      );
    throw new AppError(28003);
  }
  if (!key.fresh) throw new AppError(28003);
  return key.company_id;
}
