/**
 * Payments: the server's own WeChat Pay API v3 client (public-key mode), notification opening,
 * and the embedded simulator. See docs/payments.md.
 */

export { type EmbeddedSimulator, type EmbeddedSimulatorOptions, startEmbeddedSimulator } from './embedded-simulator.js';
export { createWechatPayGateway, simulatorPayUrl, type WechatPayGateway } from './gateway.js';
export { type CreateNativeInput, createWechatPayClient, type WechatPayClient, type WechatPayClientOptions } from './wechatpay/client.js';
export {
  embeddedSimulatorWanted,
  loadWechatPayConfig,
  NOTIFY_PATH,
  WECHATPAY_API,
  WechatPayConfigError,
  type WechatPaySettings,
} from './wechatpay/config.js';
export { type EmbeddedKeys, ensureEmbeddedKeys } from './wechatpay/keys.js';
export { type OpenedNotification, openNotification } from './wechatpay/notification.js';
export { toWechatTime } from './wechatpay/time.js';
export { TRADE_STATES, type WechatPayConfig, WechatPayError, type WechatTradeState, type WechatTransaction } from './wechatpay/types.js';
