import { readWechatPayKeyDir } from '@rrp/contracts';

/**
 * The embedded key set: when the WECHATPAY_* key variables are not set, the key directory under
 * `<RRP_DATA_DIR>/wechatpay/` (written on the first start by whichever of the server and the
 * WeChat Pay simulator comes first, `packages/contracts/src/wechatpay/key-dir.ts`) gives the
 * merchant's keys to sign with and the platform's public key to verify with.
 */
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

/** The embedded key set of a data directory, generated on first use. */
export function ensureEmbeddedKeys(dataDir: string): EmbeddedKeys {
  const k = readWechatPayKeyDir(dataDir);
  return {
    dir: k.dir,
    mchId: k.mchid,
    appId: k.appid,
    merchantSerialNo: k.merchantSerialNo,
    merchantPrivateKey: k.merchantPrivateKeyPem,
    merchantPublicKey: k.merchantPublicKeyPem,
    platformPublicKeyId: k.platformPublicKeyId,
    platformPublicKey: k.platformPublicKeyPem,
    apiV3Key: k.apiV3Key,
  };
}
