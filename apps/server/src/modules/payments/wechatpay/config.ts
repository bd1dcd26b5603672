/**
 * The merchant settings the client uses: the WECHATPAY_* variables first, else the embedded key
 * set generated in `<RRP_DATA_DIR>/wechatpay/` (which the simulator shares).
 */
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Config } from '../../../config.js';
import { ensureEmbeddedKeys } from './keys.js';
import type { WechatPayConfig } from './types.js';

export const WECHATPAY_API = 'https://api.mch.weixin.qq.com';
export const NOTIFY_PATH = '/api/v1/pay/wechat/notify';

export type WechatPaySettings = Pick<
  Config,
  | 'NODE_ENV'
  | 'dataDir'
  | 'publicUrl'
  | 'WECHATPAY_BASE_URL'
  | 'WECHATPAY_MCHID'
  | 'WECHATPAY_APPID'
  | 'WECHATPAY_MERCHANT_SERIAL_NO'
  | 'WECHATPAY_MERCHANT_PRIVATE_KEY_FILE'
  | 'WECHATPAY_PLATFORM_PUBLIC_KEY_ID'
  | 'WECHATPAY_PLATFORM_PUBLIC_KEY_FILE'
  | 'WECHATPAY_APIV3_KEY'
  | 'WECHATPAY_NOTIFY_URL'
  | 'WECHATPAY_SIM_PORT'
>;

export class WechatPayConfigError extends Error {}

/**
 * Whether this process should start the simulator itself: no WECHATPAY_BASE_URL, not
 * production, and no real platform public key (only WeChat Pay could sign for one).
 */
export const embeddedSimulatorWanted = (c: WechatPaySettings) => !c.WECHATPAY_BASE_URL && c.NODE_ENV !== 'production' && !c.WECHATPAY_PLATFORM_PUBLIC_KEY_FILE;

function readKeyFile(variable: string, file: string, kind: 'private' | 'public'): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new WechatPayConfigError(`${variable}: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? e})`);
  }
  let type: string | undefined;
  try {
    // createPublicKey would also take a private key: a public key file must not hold one
    if (kind === 'public' && text.includes('PRIVATE KEY')) throw new Error('a private key');
    type = (kind === 'private' ? createPrivateKey(text) : createPublicKey(text)).asymmetricKeyType;
  } catch {
    throw new WechatPayConfigError(`${variable}: ${file} is not a PEM ${kind} key`);
  }
  if (type !== 'rsa') throw new WechatPayConfigError(`${variable}: ${file} is not an RSA key (WECHATPAY2-SHA256-RSA2048)`);
  return text;
}

/**
 * The WeChat Pay settings of this server. Each WECHATPAY_* variable wins over the generated
 * embedded value (production refuses a partial key set at configuration time). The base URL is
 * WECHATPAY_BASE_URL, else WeChat Pay itself when a real platform public key is configured, else
 * the simulator at 127.0.0.1:WECHATPAY_SIM_PORT. Throws WechatPayConfigError naming a variable
 * whose key file cannot be read.
 */
export function loadWechatPayConfig(config: WechatPaySettings, dataDir: string = config.dataDir): WechatPayConfig {
  const fromEnv = {
    mchId: config.WECHATPAY_MCHID,
    appId: config.WECHATPAY_APPID,
    merchantSerialNo: config.WECHATPAY_MERCHANT_SERIAL_NO,
    merchantPrivateKey: config.WECHATPAY_MERCHANT_PRIVATE_KEY_FILE
      ? readKeyFile('WECHATPAY_MERCHANT_PRIVATE_KEY_FILE', config.WECHATPAY_MERCHANT_PRIVATE_KEY_FILE, 'private')
      : undefined,
    platformPublicKeyId: config.WECHATPAY_PLATFORM_PUBLIC_KEY_ID,
    platformPublicKey: config.WECHATPAY_PLATFORM_PUBLIC_KEY_FILE
      ? readKeyFile('WECHATPAY_PLATFORM_PUBLIC_KEY_FILE', config.WECHATPAY_PLATFORM_PUBLIC_KEY_FILE, 'public')
      : undefined,
    apiV3Key: config.WECHATPAY_APIV3_KEY,
  };
  const complete = Object.values(fromEnv).every((v) => v !== undefined);
  const embedded = complete ? null : ensureEmbeddedKeys(dataDir);
  const pick = <K extends keyof typeof fromEnv>(k: K): string => fromEnv[k] ?? (embedded as NonNullable<typeof embedded>)[k];
  const baseUrl = config.WECHATPAY_BASE_URL ?? (config.WECHATPAY_PLATFORM_PUBLIC_KEY_FILE ? WECHATPAY_API : `http://127.0.0.1:${config.WECHATPAY_SIM_PORT}`);
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    mchId: pick('mchId'),
    appId: pick('appId'),
    merchantSerialNo: pick('merchantSerialNo'),
    merchantPrivateKey: pick('merchantPrivateKey'),
    platformPublicKeyId: pick('platformPublicKeyId'),
    platformPublicKey: pick('platformPublicKey'),
    apiV3Key: pick('apiV3Key'),
    notifyUrl: config.WECHATPAY_NOTIFY_URL ?? `${config.publicUrl}${NOTIFY_PATH}`,
  };
}
