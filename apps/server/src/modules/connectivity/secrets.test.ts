import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.js';
import { credentialsHint, decryptCredentials, decryptSecret, encryptCredentials, encryptSecret, SecretDecryptError, secretsKey } from './secrets.js';

const ACCOUNT = '11111111-2222-4333-8444-555555555555';
const OTHER = '11111111-2222-4333-8444-666666666666';
const key = Buffer.alloc(32, 1);

describe('credential encryption', () => {
  it('round-trips, with a fresh IV each time and no plain text in the stored value', () => {
    const a = encryptSecret(key, ACCOUNT, 'secret-api-key-123');
    const b = encryptSecret(key, ACCOUNT, 'secret-api-key-123');
    expect(a).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret-api-key');
    expect(decryptSecret(key, ACCOUNT, a)).toBe('secret-api-key-123');
    const creds = { kind: 'onelink', appid: 'app-1', password: 'pw-very-secret' } as const;
    expect(decryptCredentials(key, ACCOUNT, encryptCredentials(key, ACCOUNT, creds))).toEqual(creds);
  });

  it('refuses an altered value, another account’s value and a wrong key', () => {
    const stored = encryptSecret(key, ACCOUNT, 'secret');
    const raw = Buffer.from(stored.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(() => decryptSecret(key, ACCOUNT, `v1:${raw.toString('base64url')}`)).toThrow(SecretDecryptError);
    const tag = Buffer.from(stored.slice(3), 'base64url');
    tag[12] ^= 1;
    expect(() => decryptSecret(key, ACCOUNT, `v1:${tag.toString('base64url')}`)).toThrow(SecretDecryptError);
    expect(() => decryptSecret(key, OTHER, stored)).toThrow(SecretDecryptError);
    expect(() => decryptSecret(Buffer.alloc(32, 2), ACCOUNT, stored)).toThrow(SecretDecryptError);
    expect(() => decryptSecret(key, ACCOUNT, 'plain text')).toThrow(SecretDecryptError);
    expect(() => decryptSecret(key, ACCOUNT, 'v1:AAAA')).toThrow(SecretDecryptError);
  });

  it('takes RRP_SECRETS_KEY, requires it in production, else keeps one in the data directory', () => {
    const hex = 'a1'.repeat(32);
    expect(secretsKey({ NODE_ENV: 'production', RRP_SECRETS_KEY: hex, dataDir: '/nonexistent' }).toString('hex')).toBe(hex);
    const b64 = Buffer.alloc(32, 9).toString('base64url');
    expect(secretsKey({ NODE_ENV: 'production', RRP_SECRETS_KEY: b64, dataDir: '/nonexistent' })).toEqual(Buffer.alloc(32, 9));
    expect(() => secretsKey({ NODE_ENV: 'production', RRP_SECRETS_KEY: undefined, dataDir: '/nonexistent' })).toThrow(
      /RRP_SECRETS_KEY: is required in production/,
    );
    expect(() => secretsKey({ NODE_ENV: 'production', RRP_SECRETS_KEY: 'short', dataDir: '/nonexistent' })).toThrow(ConfigError);

    const dataDir = mkdtempSync(join(tmpdir(), 'rrp-secrets-'));
    const first = secretsKey({ NODE_ENV: 'development', RRP_SECRETS_KEY: undefined, dataDir });
    expect(first).toHaveLength(32);
    const file = join(dataDir, 'secrets-key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(secretsKey({ NODE_ENV: 'development', RRP_SECRETS_KEY: undefined, dataDir })).toEqual(first);

    const a = secretsKey({ NODE_ENV: 'test', RRP_SECRETS_KEY: undefined, dataDir });
    expect(a).not.toEqual(first);
  });

  it('hints at the user name and the secret’s last characters only', () => {
    const hint = credentialsHint({ kind: 'cisco_cc', username: 'ops-user', apiKey: 'abcdef-1234-XYZ' });
    expect(hint).toContain('ops-user');
    expect(hint).toContain('YZ');
    expect(hint).not.toContain('1234');
    expect(credentialsHint({ kind: 'onelink', appid: 'app', password: 'short' })).not.toContain('rt');
  });
});
