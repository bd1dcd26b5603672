/**
 * The pages a person uses: the list of recent orders, and the page a scanned code opens, with the
 * order and a button that pays it. Both languages are shown, or English only with ?lang=en.
 */
import { type TradeState, tradeState } from './orders.js';
import type { SimOrder } from './state.js';

export type Lang = 'both' | 'en';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A text in both languages (the English part marked as English), or English only. */
const tr = (lang: Lang, zh: string, en: string) => (lang === 'en' ? escapeHtml(en) : `${escapeHtml(zh)} / <span lang="en">${escapeHtml(en)}</span>`);

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

function timeLeft(lang: Lang, ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const zh = `${h ? `${h} 小时 ` : ''}${m} 分 ${sec} 秒`;
  const en = `${h ? `${h} h ` : ''}${m} min ${sec} s`;
  return tr(lang, zh, en);
}

function stateText(lang: Lang, s: TradeState, expired: boolean): string {
  if (s === 'SUCCESS') return tr(lang, '已支付', 'Paid');
  if (s === 'CLOSED') return expired ? tr(lang, '已过期', 'Expired') : tr(lang, '已关闭', 'Closed');
  return tr(lang, '待支付', 'Awaiting payment');
}

const STYLE = `
  body { font-family: system-ui, "WenQuanYi Micro Hei", sans-serif; margin: 0; background: #f5f5f5; color: #1f1f1f; }
  main { max-width: 40rem; margin: 2rem auto; background: #fff; padding: 1.5rem 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .5rem 1rem; }
  dt { color: #555; } dd { margin: 0; }
  .amount { font-size: 1.8rem; font-weight: 600; }
  button { font-size: 1.1rem; padding: .7rem 2rem; background: #07c160; color: #fff; border: 0; border-radius: 6px; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 3px solid #1677ff; outline-offset: 2px; }
  a { color: #0958d9; }
  table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .4rem; border-bottom: 1px solid #ddd; }
  .status { font-weight: 600; } .note { color: #555; font-size: .9rem; }
`;

function page(lang: Lang, title: string, body: string, langSwitch: string): string {
  return `<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'zh-CN'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${STYLE}</style></head>
<body><main>
${body}
<p class="note"><a href="${langSwitch}">${lang === 'en' ? '<span lang="zh-CN">中文</span> / Both languages' : '<span lang="en">English only</span>'}</a></p>
</main></body></html>`;
}

const withLang = (path: string, lang: Lang) => (lang === 'en' ? `${path}${path.includes('?') ? '&' : '?'}lang=en` : path);
const otherLang = (path: string, lang: Lang) => (lang === 'en' ? path : withLang(path, 'en'));

export function payPage(o: SimOrder | undefined, lang: Lang, now: number, merchantName: string): string {
  if (!o) {
    const title = tr(lang, '没有这笔订单', 'No such order');
    return page(
      lang,
      title.replace(/<[^>]+>/g, ''),
      `<h1>${title}</h1><p><a href="${withLang('/', lang)}">${tr(lang, '最近的订单', 'Recent orders')}</a></p>`,
      '/',
    );
  }
  const state = tradeState(o, now);
  const expired = state === 'CLOSED' && o.state === 'NOTPAY';
  const self = `/pay?pr=${encodeURIComponent(o.pr)}`;
  const action =
    state === 'NOTPAY'
      ? `<form method="post" action="/pay">
  <input type="hidden" name="pr" value="${escapeHtml(o.pr)}">
  ${lang === 'en' ? '<input type="hidden" name="lang" value="en">' : ''}
  <button type="submit">${lang === 'en' ? 'Pay' : '确认支付 / <span lang="en">Pay</span>'}</button>
</form>`
      : `<p class="status" role="status">${stateText(lang, state, expired)}${state === 'SUCCESS' && o.success_time ? ` · ${escapeHtml(o.success_time)}` : ''}</p>`;
  const title = lang === 'en' ? 'WeChat Pay (simulator)' : '微信支付（模拟） / WeChat Pay (simulator)';
  const body = `<h1>${tr(lang, '微信支付（模拟）', 'WeChat Pay (simulator)')}</h1>
<dl>
  <dt>${tr(lang, '收款方', 'Merchant')}</dt><dd>${escapeHtml(merchantName)} (${escapeHtml(o.mchid)})</dd>
  <dt>${tr(lang, '商品', 'Description')}</dt><dd>${escapeHtml(o.description)}</dd>
  <dt>${tr(lang, '金额', 'Amount')}</dt><dd class="amount">${yuan(o.total)}</dd>
  <dt>${tr(lang, '商户订单号', 'Order number')}</dt><dd>${escapeHtml(o.out_trade_no)}</dd>
  <dt>${tr(lang, '状态', 'Status')}</dt><dd>${stateText(lang, state, expired)}</dd>
  ${state === 'NOTPAY' ? `<dt>${tr(lang, '剩余时间', 'Time left')}</dt><dd><time datetime="${new Date(o.expire_at).toISOString()}">${timeLeft(lang, o.expire_at - now)}</time></dd>` : ''}
</dl>
${action}
<p class="note">${tr(lang, '这是本地模拟器，不会产生真实扣款。', 'This is a local simulator: no real money moves.')} <a href="${withLang('/', lang)}">${tr(lang, '最近的订单', 'Recent orders')}</a></p>`;
  return page(lang, title, body, otherLang(self, lang));
}

export function listPage(orders: SimOrder[], lang: Lang, now: number): string {
  const rows = orders
    .map((o) => {
      const state = tradeState(o, now);
      return `<tr><td><a href="${withLang(`/pay?pr=${encodeURIComponent(o.pr)}`, lang)}">${escapeHtml(o.out_trade_no)}</a></td><td>${escapeHtml(o.description)}</td><td>${yuan(o.total)}</td><td>${stateText(lang, state, state === 'CLOSED' && o.state === 'NOTPAY')}</td></tr>`;
    })
    .join('\n');
  const title = tr(lang, '最近的订单', 'Recent orders');
  const body = `<h1>${tr(lang, '微信支付模拟器', 'WeChat Pay simulator')}: ${title}</h1>
${
  orders.length
    ? `<table><caption class="note">${tr(lang, '最新的在前', 'Newest first')}</caption>
<thead><tr><th scope="col">${tr(lang, '商户订单号', 'Order number')}</th><th scope="col">${tr(lang, '商品', 'Description')}</th><th scope="col">${tr(lang, '金额', 'Amount')}</th><th scope="col">${tr(lang, '状态', 'Status')}</th></tr></thead>
<tbody>${rows}</tbody></table>`
    : `<p>${tr(lang, '还没有订单。', 'No orders yet.')}</p>`
}`;
  return page(lang, title.replace(/<[^>]+>/g, ''), body, otherLang('/', lang));
}
