import { TRADE_STATES, type WechatTradeState, type WechatTransaction } from './types.js';

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** Our shape of WeChat Pay's transaction JSON, or null when it is not one. */
export function transactionFrom(v: unknown): WechatTransaction | null {
  if (!v || typeof v !== 'object') return null;
  const t = v as Record<string, unknown>;
  const outTradeNo = str(t.out_trade_no);
  const mchId = str(t.mchid);
  const appId = str(t.appid);
  const state = t.trade_state;
  if (!outTradeNo || !mchId || !appId || !TRADE_STATES.includes(state as WechatTradeState)) return null;
  const total = (t.amount as { total?: unknown } | undefined)?.total;
  return {
    outTradeNo,
    transactionId: str(t.transaction_id),
    tradeState: state as WechatTradeState,
    amountFen: typeof total === 'number' && Number.isInteger(total) ? total : null,
    successTime: str(t.success_time),
    mchId,
    appId,
  };
}
