import type { Sim } from '../core/fleet.js';
import { esc, type SimAnswer, type SimRequest } from '../core/server.js';
import { CARD_STATUS, CODES } from './codes.js';
import { chinaTime } from './dates.js';
import type { OneLinkPlatform } from './platform.js';

const PAGE_SIZE = 50;

const STYLE = `
body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#f5f7fa;color:#1f2329}
header{background:#0b6bcb;color:#fff;padding:14px 24px}header h1{font-size:18px;margin:0}header p{margin:4px 0 0;font-size:13px;opacity:.9}
main{padding:16px 24px}form.search{margin-bottom:12px;display:flex;gap:8px}input[type=text]{padding:6px 8px;width:320px;border:1px solid #c9cdd4;border-radius:4px}
button{padding:5px 12px;border:1px solid #0b6bcb;background:#fff;color:#0b6bcb;border-radius:4px;cursor:pointer}button.primary{background:#0b6bcb;color:#fff}
table{border-collapse:collapse;width:100%;background:#fff}th,td{padding:7px 10px;border-bottom:1px solid #e5e6eb;text-align:left;font-size:13px}th{background:#f2f3f5}
.s2{color:#00a870}.s4{color:#d54941}.s1,.s6,.s7{color:#86909c}.s8,.s9{color:#4e5969}.msg{padding:8px 12px;background:#e8f3ff;border:1px solid #bedaff;margin-bottom:12px;border-radius:4px}
.pager{margin-top:12px;display:flex;gap:12px;align-items:center;font-size:13px}td form{margin:0}
`;

const statusLabel = (status: string) => `${CARD_STATUS[status as keyof typeof CARD_STATUS] ?? '未知'} (${status})`;

function listUrl(q: string, page: number, msg?: string) {
  const u = new URLSearchParams();
  if (q) u.set('q', q);
  if (page > 1) u.set('page', String(page));
  if (msg) u.set('msg', msg);
  const s = u.toString();
  return s ? `/?${s}` : '/';
}

function actionCell(sim: Sim, q: string, page: number) {
  const action = sim.status === '2' ? { operType: '0', label: '停机 (Stop)' } : sim.status === '4' ? { operType: '1', label: '复机 (Resume)' } : null;
  if (!action) return '';
  return `<form method="post" action="/card"><input type="hidden" name="iccid" value="${esc(sim.iccid)}"><input type="hidden" name="operType" value="${action.operType}"><input type="hidden" name="q" value="${esc(q)}"><input type="hidden" name="page" value="${page}"><button>${action.label}</button></form>`;
}

/** The platform's pages for people: the customer's cards, with stop and resume as an operator does them. */
export function renderPage(req: SimRequest, platform: OneLinkPlatform): SimAnswer | null {
  if (req.path === '/card' && req.method === 'POST') {
    const b = (req.body ?? {}) as Record<string, string>;
    const sim = platform.findCard(String(b.iccid ?? ''));
    const q = String(b.q ?? '');
    const page = Number(b.page) || 1;
    if (!sim) return { redirect: listUrl(q, page, `${CODES.unknownCard.status} ${CODES.unknownCard.message}`) };
    const code = platform.change(sim, String(b.operType ?? ''));
    const msg = code === CODES.ok ? `${sim.iccid}: ${statusLabel(sim.status)}` : `${code.status} ${code.message}`;
    return { redirect: listUrl(q, page, msg) };
  }
  if (req.path !== '/' || req.method !== 'GET') return null;

  const q = (req.query.get('q') ?? '').trim();
  const all = q ? platform.fleet.sims.filter((s) => s.iccid.includes(q) || s.msisdn.includes(q)) : platform.fleet.sims;
  const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number(req.query.get('page')) || 1));
  const rows = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const msg = req.query.get('msg');
  const info = platform.describe();

  const body = rows
    .map(
      (s) => `<tr><td>${esc(s.iccid)}</td><td>${esc(s.msisdn)}</td><td>${esc(s.imsi)}</td><td class="s${esc(s.status)}">${esc(statusLabel(s.status))}</td>
<td>${(platform.fleet.usageOf(s) / 1024 / 1024).toFixed(2)}</td><td>${esc(s.ratePlan)}</td><td>${esc(chinaTime(s.modifiedAt))}</td><td>${actionCell(s, q, page)}</td></tr>`,
    )
    .join('\n');

  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>OneLink 物联卡管理 (simulator)</title><style>${STYLE}</style></head><body>
<header><h1>中国移动 OneLink 物联卡管理 (China Mobile OneLink simulator)</h1><p>APPID ${esc(info.appid)} · ${esc(info.sims)} 张卡 (cards) · ${esc(info.groups)} 个群组 (groups) · API /v5/ec/…</p></header>
<main>
${msg ? `<div class="msg">${esc(msg)}</div>` : ''}
<form class="search" method="get" action="/"><input type="text" name="q" value="${esc(q)}" placeholder="ICCID / MSISDN"><button class="primary">查询 (Search)</button>${q ? '<a href="/">清除 (Clear)</a>' : ''}</form>
<table><thead><tr><th>ICCID</th><th>MSISDN</th><th>IMSI</th><th>状态 (Status)</th><th>本月流量 MB (This month)</th><th>套餐 (Plan)</th><th>最后变更 (Last change)</th><th>操作 (Action)</th></tr></thead>
<tbody>${body || '<tr><td colspan="8">没有匹配的卡 (No matching cards)</td></tr>'}</tbody></table>
<div class="pager">${page > 1 ? `<a href="${esc(listUrl(q, page - 1))}">上一页 (Previous)</a>` : ''}<span>第 ${page} / ${pages} 页 (page) · 共 ${all.length} 张 (cards)</span>${page < pages ? `<a href="${esc(listUrl(q, page + 1))}">下一页 (Next)</a>` : ''}</div>
</main></body></html>`;
  return { status: 200, raw: html, contentType: 'text/html; charset=utf-8' };
}
