import { createPrivateKey, createPublicKey } from 'node:crypto';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureWechatPayKeyDir, readWechatPayKeyDir, WECHATPAY_KEY_FILES } from './key-dir.js';

describe('WeChat Pay key directory', () => {
  it('is written once under <data dir>/wechatpay, readable by its owner only, and read back the same', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rrp-keydir-'));
    const k = readWechatPayKeyDir(dataDir);
    expect(k.dir).toBe(join(dataDir, 'wechatpay'));
    expect(readdirSync(k.dir).sort()).toEqual(Object.values(WECHATPAY_KEY_FILES).sort());
    expect(statSync(k.dir).mode & 0o777).toBe(0o700);
    for (const f of Object.values(WECHATPAY_KEY_FILES)) expect(statSync(join(k.dir, f)).mode & 0o777).toBe(0o600);
    expect(k.mchid).toMatch(/^19\d{8}$/);
    expect(k.appid).toMatch(/^wx[0-9a-f]{16}$/);
    expect(k.merchantSerialNo).toMatch(/^[0-9A-F]{40}$/);
    expect(k.platformPublicKeyId).toMatch(/^PUB_KEY_ID_\d{32}$/);
    expect(k.apiV3Key).toMatch(/^[0-9A-Za-z]{32}$/);
    // each public key is its private key's
    const spki = (pem: string) => createPublicKey(createPrivateKey(pem)).export({ type: 'spki', format: 'pem' });
    expect(spki(k.merchantPrivateKeyPem)).toBe(k.merchantPublicKeyPem);
    expect(spki(k.platformPrivateKeyPem)).toBe(k.platformPublicKeyPem);
    expect(ensureWechatPayKeyDir(dataDir)).toBe(k.dir);
    expect(readWechatPayKeyDir(dataDir)).toEqual(k);
    // nothing left behind by the write through a temporary directory
    expect(readdirSync(dataDir)).toEqual(['wechatpay']);
  });
});
