/** The merchant's WeChat Pay API v3 settings (public-key mode). */
export type WechatPayConfig = {
  /** e.g. http://127.0.0.1:8089 (the simulator) or https://api.mch.weixin.qq.com */
  baseUrl: string;
  mchId: string;
  appId: string;
  /** serial_no of the merchant API certificate / key */
  merchantSerialNo: string;
  /** PEM (PKCS#8 or PKCS#1) */
  merchantPrivateKey: string;
  /** 'PUB_KEY_ID_…': answers and notifications carry it in Wechatpay-Serial */
  platformPublicKeyId: string;
  /** PEM (SPKI) */
  platformPublicKey: string;
  /** 32 ASCII characters */
  apiV3Key: string;
  /** where WeChat Pay sends payment notifications (our POST /api/v1/pay/wechat/notify) */
  notifyUrl: string;
};

export const TRADE_STATES = ['SUCCESS', 'REFUND', 'NOTPAY', 'CLOSED', 'REVOKED', 'USERPAYING', 'PAYERROR'] as const;
export type WechatTradeState = (typeof TRADE_STATES)[number];

/** A Native transaction as the query API and payment notifications tell it. */
export type WechatTransaction = {
  outTradeNo: string;
  transactionId: string | null;
  tradeState: WechatTradeState;
  /** amount.total, in fen */
  amountFen: number | null;
  /** RFC 3339 as WeChat Pay wrote it (+08:00) */
  successTime: string | null;
  mchId: string;
  appId: string;
};

/**
 * A failed call: WeChat Pay's own error code (SIGN_ERROR, PARAM_ERROR, OUT_TRADE_NO_USED,
 * ORDERPAID, ORDER_CLOSED, ORDER_NOT_EXIST, SYSTEM_ERROR, …), or ours: BAD_RESPONSE_SIGNATURE
 * (the answer's signature is missing or wrong, so its body was not trusted), BAD_RESPONSE (a
 * signed answer we cannot read), NETWORK (no answer: refused, reset or timed out; status 0).
 */
export class WechatPayError extends Error {
  override name = 'WechatPayError';
  constructor(
    readonly status: number,
    readonly code: string,
    message?: string,
  ) {
    super(message ? `${code}: ${message}` : code);
  }
}
