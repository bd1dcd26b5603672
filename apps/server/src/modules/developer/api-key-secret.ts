import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Config, ConfigError } from '../../config.js';
import { sha256hex } from '../../lib/hash.js';

/** An API key id: `ak_` + 24 hex digits (a session token, 43 base64url characters, never matches). */
export const API_KEY_ID_RE = /^ak_[0-9a-f]{24}$/;
export const newApiKeyId = () => `ak_${randomBytes(12).toString('hex')}`;

/**
 * An API key's secret is derived from its id with the server's master secret and never stored
 * (docs/decisions.md): the row keeps only its SHA-256, which tells a key whose master secret changed.
 */
export const apiKeySecretOf = (master: string, keyId: string) => createHmac('sha256', master).update(`rrp-api-key:${keyId}`).digest('base64url');
export const secretHashOf = (secret: string) => sha256hex(secret);

/** Whether a stored hash is the hash of the key's secret under this master secret (constant time). */
export function secretHashMatches(master: string, keyId: string, storedHash: string): boolean {
  const expected = Buffer.from(secretHashOf(apiKeySecretOf(master, keyId)), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === expected.length && timingSafeEqual(stored, expected);
}

export const MASTER_SECRET_FILE = 'api-key-secret';
const MIN_LENGTH = 32;
const cache = new Map<string, string>();

/**
 * The API key master secret: RRP_API_KEY_SECRET; required in production. Elsewhere, unset: a
 * random one kept in RRP_DATA_DIR/api-key-secret (created on first start), or under
 * NODE_ENV=test a random one per process (tests share no data directory).
 */
export function apiKeyMasterSecret(config: Pick<Config, 'NODE_ENV' | 'RRP_API_KEY_SECRET' | 'dataDir'>): string {
  if (config.RRP_API_KEY_SECRET) return config.RRP_API_KEY_SECRET;
  if (config.NODE_ENV === 'production')
    throw new ConfigError(`Invalid configuration:\n  RRP_API_KEY_SECRET: is required in production (at least ${MIN_LENGTH} characters)`);
  const where = config.NODE_ENV === 'test' ? '' : join(config.dataDir, MASTER_SECRET_FILE);
  const known = cache.get(where);
  if (known) return known;
  const secret = where ? readOrCreate(where) : randomBytes(32).toString('base64url');
  cache.set(where, secret);
  return secret;
}

function readOrCreate(file: string): string {
  try {
    const text = readFileSync(file, 'utf8').trim();
    if (text.length < MIN_LENGTH) throw new ConfigError(`${file} must hold the API key master secret (at least ${MIN_LENGTH} characters)`);
    return text;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 'wx' fails if another process created it meanwhile: then theirs is the one
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw err;
  }
}
