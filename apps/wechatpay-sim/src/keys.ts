import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readWechatPayKeyDir } from '@rrp/contracts';

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

/**
 * The simulator's keys: the key directory shared with the RRP server (written by whichever
 * starts first, `packages/contracts/src/wechatpay/key-dir.ts`), with the WECHATPAY_* identity variables taking
 * precedence (a merchant private key file given in WECHATPAY_MERCHANT_PRIVATE_KEY_FILE gives the
 * public key requests are checked with). The platform key pair is always the generated one: only
 * WeChat Pay holds a real platform private key.
 */
export function loadSimKeys(dataDir: string, env: NodeJS.ProcessEnv = process.env): SimKeys {
  const k = readWechatPayKeyDir(dataDir);
  const pick = (v: string | undefined, fallback: string) => (v && v.trim() !== '' ? v.trim() : fallback);
  const merchantKeyFile = env.WECHATPAY_MERCHANT_PRIVATE_KEY_FILE?.trim();
  const merchantPublicKey = merchantKeyFile
    ? createPublicKey(createPrivateKey(readFileSync(merchantKeyFile, 'utf8')))
    : createPublicKey(k.merchantPublicKeyPem);
  return {
    dir: k.dir,
    mchid: pick(env.WECHATPAY_MCHID, k.mchid),
    appid: pick(env.WECHATPAY_APPID, k.appid),
    merchantSerialNo: pick(env.WECHATPAY_MERCHANT_SERIAL_NO, k.merchantSerialNo),
    platformPublicKeyId: pick(env.WECHATPAY_PLATFORM_PUBLIC_KEY_ID, k.platformPublicKeyId),
    apiV3Key: pick(env.WECHATPAY_APIV3_KEY, k.apiV3Key),
    merchantPublicKey,
    platformPrivateKey: createPrivateKey(k.platformPrivateKeyPem),
    platformPublicKeyPem: k.platformPublicKeyPem,
  };
}
