/**
 * The WeChat Pay key directory the server and the simulator share: `<RRP_DATA_DIR>/wechatpay/`.
 * Whichever process starts first writes it (into a temporary directory renamed into place, so the
 * other never sees half of it); both read it here.
 *
 *   identity.json              mchid, appid, merchant_serial_no, platform_public_key_id, apiv3_key
 *   merchant_private_key.pem   PKCS#8 — the server signs requests with it
 *   merchant_public_key.pem    SPKI   — the simulator verifies requests with it
 *   platform_private_key.pem   PKCS#8 — the simulator signs answers and notifications with it
 *   platform_public_key.pem    SPKI   — the server verifies them with it
 *
 * Node only (node:crypto, node:fs): the browser takes nothing from this file.
 */
import { generateKeyPairSync, type KeyObject, randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const WECHATPAY_KEY_FILES = {
  identity: 'identity.json',
  merchantPrivate: 'merchant_private_key.pem',
  merchantPublic: 'merchant_public_key.pem',
  platformPrivate: 'platform_private_key.pem',
  platformPublic: 'platform_public_key.pem',
} as const;

/** A key directory's identity and its keys as PEM text. */
export type WechatPayKeyDir = {
  dir: string;
  mchid: string;
  appid: string;
  merchantSerialNo: string;
  platformPublicKeyId: string;
  apiV3Key: string;
  merchantPrivateKeyPem: string;
  merchantPublicKeyPem: string;
  platformPrivateKeyPem: string;
  platformPublicKeyPem: string;
};

type IdentityFile = { mchid: string; appid: string; merchant_serial_no: string; platform_public_key_id: string; apiv3_key: string };

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const randomOf = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('');

function generateInto(dir: string) {
  const pem = (k: KeyObject) => k.export(k.type === 'private' ? { type: 'pkcs8', format: 'pem' } : { type: 'spki', format: 'pem' }) as string;
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const identity: IdentityFile & { created_at: string } = {
    mchid: `19${randomOf('0123456789', 8)}`,
    appid: `wx${randomBytes(8).toString('hex')}`,
    merchant_serial_no: randomBytes(20).toString('hex').toUpperCase(),
    platform_public_key_id: `PUB_KEY_ID_${randomOf('0123456789', 32)}`,
    apiv3_key: randomOf(ALNUM, 32),
    created_at: new Date().toISOString(),
  };
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text, { mode: 0o600 });
  write(WECHATPAY_KEY_FILES.identity, `${JSON.stringify(identity, null, 2)}\n`);
  write(WECHATPAY_KEY_FILES.merchantPrivate, pem(merchant.privateKey));
  write(WECHATPAY_KEY_FILES.merchantPublic, pem(merchant.publicKey));
  write(WECHATPAY_KEY_FILES.platformPrivate, pem(platform.privateKey));
  write(WECHATPAY_KEY_FILES.platformPublic, pem(platform.publicKey));
}

/** The key directory under a data directory, written on first use (merchant and platform RSA-2048 pairs, mode 0600). */
export function ensureWechatPayKeyDir(dataDir: string): string {
  const dir = join(dataDir, 'wechatpay');
  if (existsSync(join(dir, WECHATPAY_KEY_FILES.identity))) return dir;
  mkdirSync(dataDir, { recursive: true });
  const tmp = mkdtempSync(join(dataDir, '.wechatpay-'));
  try {
    generateInto(tmp);
    renameSync(tmp, dir);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    // another process won the race: use its keys
    if (!existsSync(join(dir, WECHATPAY_KEY_FILES.identity))) throw e;
  }
  return dir;
}

/** The key directory of a data directory (written on first use), read whole. */
export function readWechatPayKeyDir(dataDir: string): WechatPayKeyDir {
  const dir = ensureWechatPayKeyDir(dataDir);
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  const id = JSON.parse(read(WECHATPAY_KEY_FILES.identity)) as IdentityFile;
  return {
    dir,
    mchid: id.mchid,
    appid: id.appid,
    merchantSerialNo: id.merchant_serial_no,
    platformPublicKeyId: id.platform_public_key_id,
    apiV3Key: id.apiv3_key,
    merchantPrivateKeyPem: read(WECHATPAY_KEY_FILES.merchantPrivate),
    merchantPublicKeyPem: read(WECHATPAY_KEY_FILES.merchantPublic),
    platformPrivateKeyPem: read(WECHATPAY_KEY_FILES.platformPrivate),
    platformPublicKeyPem: read(WECHATPAY_KEY_FILES.platformPublic),
  };
}
