import { createHmac, createPrivateKey, randomBytes, sign } from 'node:crypto';

/** A new endpoint secret in the Standard Webhooks format: `whsec_` + base64 of 32 random bytes. */
export const newEndpointSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** A message id, the `webhook-id`: `msg_` + 24 hex digits. */
export const newMessageId = (): string => `msg_${randomBytes(12).toString('hex')}`;

/** What both signatures cover (Standard Webhooks): `id.timestamp.body`. */
const signedContent = (id: string, timestamp: number, body: string) => `${id}.${timestamp}.${body}`;

/**
 * The `webhook-signature` header: `v1,<base64 HMAC-SHA256>` with the endpoint secret, then one
 * `v1a,<base64 Ed25519>` per signing callback key (the current one, and the previous one while
 * it has not retired), space-separated.
 */
export function signatureHeader(secret: string, id: string, timestamp: number, body: string, privateKeysPem: readonly string[]): string {
  const content = signedContent(id, timestamp, body);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const v1 = `v1,${createHmac('sha256', key).update(content).digest('base64')}`;
  const v1a = privateKeysPem.map((pem) => `v1a,${sign(null, Buffer.from(content), createPrivateKey(pem)).toString('base64')}`);
  return [v1, ...v1a].join(' ');
}
