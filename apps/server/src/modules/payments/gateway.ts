/**
 * Everything the orders module asks of WeChat Pay in one object (structurally the orders
 * module's PaymentGateway): the client's calls, notification opening, our merchant ids, and the
 * simulator's pay page for a code when payments go to the simulator.
 */
import { createWechatPayClient, type WechatPayClient, type WechatPayClientOptions } from './wechatpay/client.js';
import { type OpenedNotification, openNotification } from './wechatpay/notification.js';
import type { WechatPayConfig } from './wechatpay/types.js';
import type { Headers } from './wechatpay/verify.js';

export type WechatPayGateway = WechatPayClient & {
  openNotification(headers: Headers, rawBody: string): OpenedNotification;
  mchId: string;
  appId: string;
  simulatorPayUrl(codeUrl: string): string | null;
};

/** WeChat Pay's own API hosts: no pay page there. */
const WECHATPAY_HOSTS = /^https:\/\/api2?\.mch\.weixin\.qq\.com(\/|$)/;

/**
 * The page where a person "scans and pays" a code in the simulator: `${baseUrl}/pay?pr=…` from
 * code_url `weixin://wxpay/bizpayurl?pr=…`; null for WeChat Pay itself or another code.
 */
export function simulatorPayUrl(baseUrl: string, codeUrl: string): string | null {
  if (WECHATPAY_HOSTS.test(baseUrl)) return null;
  const m = /^weixin:\/\/wxpay\/bizpayurl\?pr=([0-9A-Za-z]+)$/.exec(codeUrl);
  return m ? `${baseUrl.replace(/\/+$/, '')}/pay?pr=${m[1]}` : null;
}

export function createWechatPayGateway(cfg: WechatPayConfig, opts: WechatPayClientOptions = {}): WechatPayGateway {
  const now = opts.now ?? Date.now;
  return {
    ...createWechatPayClient(cfg, opts),
    openNotification: (headers, rawBody) => openNotification(cfg, headers, rawBody, now()),
    mchId: cfg.mchId,
    appId: cfg.appId,
    simulatorPayUrl: (codeUrl) => simulatorPayUrl(cfg.baseUrl, codeUrl),
  };
}
