/**
 * The key directory shared with the RRP server: `<RRP_DATA_DIR>/wechatpay/`. Whichever process
 * starts first writes it (into a temporary directory renamed into place, so the other never sees
 * half of it); the files are the server's `modules/payments/wechatpay/keys.ts` format:
 *
 *   identity.json              mchid, appid, merchant_serial_no, platform_public_key_id, apiv3_key
 *   merchant_private_key.pem   PKCS#8 — the server signs requests with it
 *   merchant_public_key.pem    SPKI   — the simulator verifies requests with it
 *   platform_private_key.pem   PKCS#8 — the simulator signs answers and notifications with it
 *   platform_public_key.pem    SPKI   — the server verifies them with it
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { digits, nonce } from './protocol.js';

export const KEY_FILES = {
  identity: 'identity.json',
  merchantPrivate: 'merchant_private_key.pem',
  merchantPublic: 'merchant_public_key.pem',
  platformPrivate: 'platform_private_key.pem',
  platformPublic: 'platform_public_key.pem',
} as const;

export type SimIdentity = {
  mchid: string;
  appid: string;
  merchantSerialNo: string;
  platformPublicKeyId: string;
  apiV3Key: string;
};

export type SimKeys = SimIdentity & {
  dir: string;
  /** verifies the merchant's requests */
  merchantPublicKey: KeyObject;
  /** signs answers and notifications */
  platformPrivateKey: KeyObject;
  platformPublicKeyPem: string;
};

type IdentityFile = { mchid: string; appid: string; merchant_serial_no: string; platform_public_key_id: string; apiv3_key: string };

function generateInto(dir: string) {
  const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
  const merchant = pair();
  const platform = pair();
  const pem = (k: KeyObject) => k.export(k.type === 'private' ? { type: 'pkcs8', format: 'pem' } : { type: 'spki', format: 'pem' }) as string;
  const identity: IdentityFile & { created_at: string } = {
    mchid: `19${digits(8)}`,
    appid: `wx${randomBytes(8).toString('hex')}`,
    merchant_serial_no: randomBytes(20).toString('hex').toUpperCase(),
    platform_public_key_id: `PUB_KEY_ID_${digits(32)}`,
    apiv3_key: nonce(32),
    created_at: new Date().toISOString(),
  };
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text, { mode: 0o600 });
  write(KEY_FILES.identity, `${JSON.stringify(identity, null, 2)}\n`);
  write(KEY_FILES.merchantPrivate, pem(merchant.privateKey));
  write(KEY_FILES.merchantPublic, pem(merchant.publicKey));
  write(KEY_FILES.platformPrivate, pem(platform.privateKey));
  write(KEY_FILES.platformPublic, pem(platform.publicKey));
}

/** The key directory under a data directory, written on first use. */
export function ensureKeyDir(dataDir: string): string {
  const dir = join(dataDir, 'wechatpay');
  if (existsSync(join(dir, KEY_FILES.identity))) return dir;
  mkdirSync(dataDir, { recursive: true });
  const tmp = mkdtempSync(join(dataDir, '.wechatpay-'));
  try {
    generateInto(tmp);
    renameSync(tmp, dir);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    // another process won the race: use its keys
    if (!existsSync(join(dir, KEY_FILES.identity))) throw e;
  }
  return dir;
}

/**
 * The simulator's keys: the generated directory, with the WECHATPAY_* identity variables taking
 * precedence (a merchant private key file given in WECHATPAY_MERCHANT_PRIVATE_KEY_FILE gives the
 * public key requests are checked with). The platform key pair is always the generated one: only
 * WeChat Pay holds a real platform private key.
 */
export function loadSimKeys(dataDir: string, env: NodeJS.ProcessEnv = process.env): SimKeys {
  const dir = ensureKeyDir(dataDir);
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  const id = JSON.parse(read(KEY_FILES.identity)) as IdentityFile;
  const pick = (v: string | undefined, fallback: string) => (v && v.trim() !== '' ? v.trim() : fallback);
  const merchantKeyFile = env.WECHATPAY_MERCHANT_PRIVATE_KEY_FILE?.trim();
  const merchantPublicKey = merchantKeyFile
    ? createPublicKey(createPrivateKey(readFileSync(merchantKeyFile, 'utf8')))
    : createPublicKey(read(KEY_FILES.merchantPublic));
  const platformPublicKeyPem = read(KEY_FILES.platformPublic);
  return {
    dir,
    mchid: pick(env.WECHATPAY_MCHID, id.mchid),
    appid: pick(env.WECHATPAY_APPID, id.appid),
    merchantSerialNo: pick(env.WECHATPAY_MERCHANT_SERIAL_NO, id.merchant_serial_no),
    platformPublicKeyId: pick(env.WECHATPAY_PLATFORM_PUBLIC_KEY_ID, id.platform_public_key_id),
    apiV3Key: pick(env.WECHATPAY_APIV3_KEY, id.apiv3_key),
    merchantPublicKey,
    platformPrivateKey: createPrivateKey(read(KEY_FILES.platformPrivate)),
    platformPublicKeyPem,
  };
}
