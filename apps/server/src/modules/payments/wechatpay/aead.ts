/**
 * AEAD_AES_256_GCM as WeChat Pay uses it for notification resources: the key is the 32-byte
 * APIv3 key, the nonce 12 bytes and the associated data as given (both UTF-8), the ciphertext
 * base64 of the encrypted bytes followed by the 16-byte tag.
 */
import { createCipheriv, createDecipheriv } from 'node:crypto';

const TAG_BYTES = 16;

function keyOf(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new RangeError('the APIv3 key must be 32 bytes');
  return key;
}

export function aeadEncrypt(apiV3Key: string, plaintext: string, nonce: string, associatedData = ''): string {
  const cipher = createCipheriv('aes-256-gcm', keyOf(apiV3Key), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
}

/** The plaintext; throws when the key, nonce, associated data or ciphertext do not match. */
export function aeadDecrypt(apiV3Key: string, ciphertextB64: string, nonce: string, associatedData = ''): string {
  const buf = Buffer.from(ciphertextB64, 'base64');
  if (buf.length <= TAG_BYTES) throw new RangeError('the ciphertext is too short');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(apiV3Key), Buffer.from(nonce, 'utf8'), { authTagLength: TAG_BYTES });
  decipher.setAuthTag(buf.subarray(buf.length - TAG_BYTES));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  return Buffer.concat([decipher.update(buf.subarray(0, buf.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}
