/**
 * The embedded key set: when the WECHATPAY_* key variables are not set, the first start writes
 * merchant and platform RSA-2048 key pairs and an identity into `<RRP_DATA_DIR>/wechatpay/`
 * (mode 0600, through a temporary directory renamed into place), and later starts reuse them.
 * The WeChat Pay simulator (apps/wechatpay-sim, src/keys.ts) reads and writes the same files:
 *
 *   identity.json              mchid, appid, merchant_serial_no, platform_public_key_id, apiv3_key
 *   merchant_private_key.pem   PKCS#8 — we sign requests with it
 *   merchant_public_key.pem    SPKI   — the simulator verifies requests with it
 *   platform_private_key.pem   PKCS#8 — the simulator signs answers and notifications with it
 *   platform_public_key.pem    SPKI   — we verify them with it
 */
import { generateKeyPairSync, type KeyObject, randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nonceStr } from './sign.js';

export const KEY_FILES = {
  identity: 'identity.json',
  merchantPrivate: 'merchant_private_key.pem',
  merchantPublic: 'merchant_public_key.pem',
  platformPrivate: 'platform_private_key.pem',
  platformPublic: 'platform_public_key.pem',
} as const;

export type EmbeddedKeys = {
  dir: string;
  mchId: string;
  appId: string;
  merchantSerialNo: string;
  merchantPrivateKey: string;
  merchantPublicKey: string;
  platformPublicKeyId: string;
  platformPublicKey: string;
  apiV3Key: string;
};

type IdentityFile = { mchid: string; appid: string; merchant_serial_no: string; platform_public_key_id: string; apiv3_key: string };

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

function generateInto(dir: string) {
  const pem = (k: KeyObject) => k.export(k.type === 'private' ? { type: 'pkcs8', format: 'pem' } : { type: 'spki', format: 'pem' }) as string;
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const identity: IdentityFile & { created_at: string } = {
    mchid: `19${digits(8)}`,
    appid: `wx${randomBytes(8).toString('hex')}`,
    merchant_serial_no: randomBytes(20).toString('hex').toUpperCase(),
    platform_public_key_id: `PUB_KEY_ID_${digits(32)}`,
    apiv3_key: nonceStr(32),
    created_at: new Date().toISOString(),
  };
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text, { mode: 0o600 });
  write(KEY_FILES.identity, `${JSON.stringify(identity, null, 2)}\n`);
  write(KEY_FILES.merchantPrivate, pem(merchant.privateKey));
  write(KEY_FILES.merchantPublic, pem(merchant.publicKey));
  write(KEY_FILES.platformPrivate, pem(platform.privateKey));
  write(KEY_FILES.platformPublic, pem(platform.publicKey));
}

/** The embedded key set of a data directory, generated on first use. */
export function ensureEmbeddedKeys(dataDir: string): EmbeddedKeys {
  const dir = join(dataDir, 'wechatpay');
  if (!existsSync(join(dir, KEY_FILES.identity))) {
    mkdirSync(dataDir, { recursive: true });
    const tmp = mkdtempSync(join(dataDir, '.wechatpay-'));
    try {
      generateInto(tmp);
      renameSync(tmp, dir);
    } catch (e) {
      rmSync(tmp, { recursive: true, force: true });
      // another process (the simulator) wrote it first: use its keys
      if (!existsSync(join(dir, KEY_FILES.identity))) throw e;
    }
  }
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  const id = JSON.parse(read(KEY_FILES.identity)) as IdentityFile;
  return {
    dir,
    mchId: id.mchid,
    appId: id.appid,
    merchantSerialNo: id.merchant_serial_no,
    merchantPrivateKey: read(KEY_FILES.merchantPrivate),
    merchantPublicKey: read(KEY_FILES.merchantPublic),
    platformPublicKeyId: id.platform_public_key_id,
    platformPublicKey: read(KEY_FILES.platformPublic),
    apiV3Key: id.apiv3_key,
  };
}
