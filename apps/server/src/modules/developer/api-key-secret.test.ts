import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressAllowed } from './api-key-auth.js';
import { API_KEY_ID_RE, apiKeyMasterSecret, apiKeySecretOf, MASTER_SECRET_FILE, newApiKeyId, secretHashMatches, secretHashOf } from './api-key-secret.js';

describe('API key secrets', () => {
  it('derives a secret from the key id; the stored hash matches under the same master secret only', () => {
    const keyId = newApiKeyId();
    expect(keyId).toMatch(API_KEY_ID_RE);
    const master = 'm'.repeat(32);
    const secret = apiKeySecretOf(master, keyId);
    expect(apiKeySecretOf(master, keyId)).toBe(secret);
    expect(apiKeySecretOf(master, newApiKeyId())).not.toBe(secret);
    expect(secretHashMatches(master, keyId, secretHashOf(secret))).toBe(true);
    expect(secretHashMatches('n'.repeat(32), keyId, secretHashOf(secret))).toBe(false);
    expect(secretHashMatches(master, keyId, 'zz')).toBe(false);
  });

  it('takes RRP_API_KEY_SECRET, requires it in production, else keeps one in the data directory', () => {
    expect(apiKeyMasterSecret({ NODE_ENV: 'production', RRP_API_KEY_SECRET: 'x'.repeat(32), dataDir: '/nonexistent' })).toBe('x'.repeat(32));
    expect(() => apiKeyMasterSecret({ NODE_ENV: 'production', RRP_API_KEY_SECRET: undefined, dataDir: '/nonexistent' })).toThrow(/RRP_API_KEY_SECRET/);
    const dataDir = mkdtempSync(join(tmpdir(), 'rrp-api-key-'));
    const first = apiKeyMasterSecret({ NODE_ENV: 'development', RRP_API_KEY_SECRET: undefined, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, MASTER_SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(apiKeyMasterSecret({ NODE_ENV: 'development', RRP_API_KEY_SECRET: undefined, dataDir })).toBe(first);
  });

  it('reads allow-lists of addresses and CIDR blocks, IPv4-mapped IPv6 as IPv4', () => {
    expect(addressAllowed([], '198.51.100.7')).toBe(true);
    expect(addressAllowed(['203.0.113.0/24'], '203.0.113.200')).toBe(true);
    expect(addressAllowed(['203.0.113.0/24'], '::ffff:203.0.113.200')).toBe(true);
    expect(addressAllowed(['203.0.113.0/24'], '203.0.114.1')).toBe(false);
    expect(addressAllowed(['198.51.100.7'], '198.51.100.7')).toBe(true);
    expect(addressAllowed(['2001:db8::/32'], '2001:db8:1::5')).toBe(true);
    expect(addressAllowed(['2001:db8::/32'], '2001:db9::5')).toBe(false);
    expect(addressAllowed(['203.0.113.0/24'], 'not an address')).toBe(false);
  });
});
