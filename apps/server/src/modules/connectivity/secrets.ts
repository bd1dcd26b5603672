import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Config, ConfigError } from '../../config.js';
import type { Credentials } from './connector.js';

/**
 * Platform credentials at rest (docs/connectors.md): AES-256-GCM under the master key, a random
 * 12-byte IV per value, the account id as additional data (a value copied onto another account
 * does not decrypt), stored as `v1:` + base64url(iv | tag | ciphertext).
 */

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_FILE = 'secrets-key';

/** RRP_SECRETS_KEY's value as a 32-byte key: 64 hex digits or base64 (url-safe or not); null if it is neither. */
export function parseSecretsKey(text: string): Buffer | null {
  const v = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(v)) {
    const key = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
}

const cache = new Map<string, Buffer>();

/**
 * The master key: RRP_SECRETS_KEY; required in production. Elsewhere, unset: a random one kept
 * in RRP_DATA_DIR/secrets-key (created on first use), or under NODE_ENV=test a random one per process.
 */
export function secretsKey(config: Pick<Config, 'NODE_ENV' | 'RRP_SECRETS_KEY' | 'dataDir'>): Buffer {
  if (config.RRP_SECRETS_KEY) {
    const key = parseSecretsKey(config.RRP_SECRETS_KEY);
    if (!key) throw new ConfigError('Invalid configuration:\n  RRP_SECRETS_KEY: must be 32 bytes as 64 hexadecimal digits or base64');
    return key;
  }
  if (config.NODE_ENV === 'production')
    throw new ConfigError('Invalid configuration:\n  RRP_SECRETS_KEY: is required in production (32 bytes as 64 hexadecimal digits or base64)');
  const where = config.NODE_ENV === 'test' ? '' : join(config.dataDir, SECRETS_KEY_FILE);
  const known = cache.get(where);
  if (known) return known;
  const key = where ? readOrCreate(where) : randomBytes(32);
  cache.set(where, key);
  return key;
}

function readOrCreate(file: string): Buffer {
  try {
    const key = parseSecretsKey(readFileSync(file, 'utf8'));
    if (!key) throw new ConfigError(`${file} must hold the secrets key (64 hexadecimal digits)`);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32);
  // 'wx' fails if another process created it meanwhile: then theirs is the one
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreate(file);
    throw err;
  }
}

export class SecretDecryptError extends Error {
  constructor() {
    super('The stored credentials cannot be decrypted (another key, another account, or altered)');
    this.name = 'SecretDecryptError';
  }
}

export function encryptSecret(key: Buffer, accountId: string, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(accountId, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plain text of a stored value; a wrong key, another account's value or an altered one throws SecretDecryptError. */
export function decryptSecret(key: Buffer, accountId: string, stored: string): string {
  if (!stored.startsWith(VERSION)) throw new SecretDecryptError();
  const raw = Buffer.from(stored.slice(VERSION.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretDecryptError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(accountId, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretDecryptError();
  }
}

export const encryptCredentials = (key: Buffer, accountId: string, c: Credentials) => encryptSecret(key, accountId, JSON.stringify(c));

export function decryptCredentials(key: Buffer, accountId: string, stored: string): Credentials {
  const c = JSON.parse(decryptSecret(key, accountId, stored)) as Credentials;
  if (c.kind !== 'cisco_cc' && c.kind !== 'onelink') throw new SecretDecryptError();
  return c;
}

/** What staff see of saved credentials: the user name or appid and the secret's last two characters. */
export function credentialsHint(c: Credentials): string {
  const [who, secret] = c.kind === 'cisco_cc' ? [c.username, c.apiKey] : [c.appid, c.password];
  const tail = secret.length >= 8 ? secret.slice(-2) : '';
  return `${who} / ••••${tail}`;
}
