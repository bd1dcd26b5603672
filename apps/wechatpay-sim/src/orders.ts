/** Order rules: what a Native order reads as, paying it, and its transaction as WeChat Pay shapes it. */
import { nonce, rfc3339Cst, transactionId } from './protocol.js';
import type { SimOrder } from './state.js';

export type TradeState = 'NOTPAY' | 'SUCCESS' | 'CLOSED';

const STATE_DESC: Record<TradeState, string> = { NOTPAY: '订单未支付', SUCCESS: '支付成功', CLOSED: '订单已关闭' };

/** NOTPAY past its time_expire reads CLOSED. */
export function tradeState(o: SimOrder, now: number): TradeState {
  if (o.state === 'NOTPAY' && now >= o.expire_at) return 'CLOSED';
  return o.state;
}

export const newPr = () => nonce(12);
export const codeUrlOf = (pr: string) => `weixin://wxpay/bizpayurl?pr=${pr}`;

/** Marks an unpaid, open order paid. */
export function markPaid(o: SimOrder, now: number) {
  o.state = 'SUCCESS';
  o.transaction_id = transactionId(now);
  o.success_time = rfc3339Cst(now);
  o.payer_openid = `o${nonce(27)}`;
}

/** The transaction as the query API and the notification resource carry it. */
export function transactionOf(o: SimOrder, now: number, amountDelta = 0): Record<string, unknown> {
  const state = tradeState(o, now);
  const paid = state === 'SUCCESS';
  const total = o.total + amountDelta;
  return {
    appid: o.appid,
    mchid: o.mchid,
    out_trade_no: o.out_trade_no,
    ...(paid ? { transaction_id: o.transaction_id } : {}),
    trade_type: 'NATIVE',
    trade_state: state,
    trade_state_desc: STATE_DESC[state],
    ...(paid ? { bank_type: 'OTHERS', success_time: o.success_time, payer: { openid: o.payer_openid } } : {}),
    attach: o.attach ?? '',
    amount: paid
      ? { total, payer_total: total, currency: o.currency, payer_currency: o.currency }
      : { total, currency: o.currency, payer_currency: o.currency },
  };
}
