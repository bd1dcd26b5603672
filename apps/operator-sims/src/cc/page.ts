import type { Sim } from '../core/fleet.js';
import { esc, type SimAnswer, type SimRequest } from '../core/server.js';
import { ccDate, parseIso8601 } from './dates.js';
import type { CcAccount } from './platform.js';
import { CC_STATUSES, isCcStatus, isFinal } from './statuses.js';

const PAGE_SIZE = 50;

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2733;background:#f4f6f8}
header{background:#04477a;color:#fff;padding:12px 24px}header h1{font-size:18px;margin:0}header p{margin:2px 0 0;opacity:.8;font-size:12px}
main{padding:16px 24px;max-width:1200px}
table{border-collapse:collapse;width:100%;background:#fff;border:1px solid #d5dbe1}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e6eaee;white-space:nowrap}th{background:#eef2f5;font-weight:600}
td.num{text-align:right;font-variant-numeric:tabular-nums}
.s{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;background:#e6eaee}
.s-ACTIVATED{background:#d8f3dc;color:#17603a}.s-DEACTIVATED{background:#fde2cf;color:#8a3b00}.s-RETIRED,.s-PURGED,.s-REPLACED{background:#e0e0e0;color:#555}
.s-ACTIVATION_READY,.s-TEST_READY{background:#dbe9fb;color:#0b4f9c}.s-INVENTORY{background:#f1e6fb;color:#5d2a8a}
form.inline{display:flex;gap:6px;align-items:center;margin:0}
form.search{display:flex;gap:8px;margin:0 0 12px}input,select,button{font:inherit;padding:3px 6px}
nav.pages{margin:12px 0;display:flex;gap:12px;align-items:center}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;background:#fff;border:1px solid #d5dbe1;padding:12px 16px}dt{font-weight:600}dd{margin:0}
.note{background:#fff8d6;border:1px solid #ecd77a;padding:8px 12px;margin:0 0 12px}
`;

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><header><h1>Control Center (simulator)</h1><p>Enterprise account SIMs · REST API at /rws/api/v1</p></header><main>${body}</main></body></html>`;

const html = (title: string, body: string): SimAnswer => ({ status: 200, raw: layout(title, body), contentType: 'text/html; charset=utf-8' });

const statusBadge = (status: string) => `<span class="s s-${esc(status)}">${esc(status)}</span>`;

const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);

function statusForm(sim: Sim, back: string, withDate: boolean) {
  if (isFinal(sim.status)) return '<span>—</span>';
  const options = CC_STATUSES.map((s) => `<option${s === sim.status ? ' selected' : ''}>${s}</option>`).join('');
  const date = withDate ? `<label>Effective <input type="datetime-local" name="effectiveDate"></label> <small>(UTC; empty: now)</small>` : '';
  return `<form class="inline" method="post" action="/sims/${encodeURIComponent(sim.iccid)}/status">
<input type="hidden" name="back" value="${esc(back)}">
<select name="status" aria-label="New status of ${esc(sim.iccid)}">${options}</select>${date}<button>Change</button></form>`;
}

function listPage(account: CcAccount, req: SimRequest): SimAnswer {
  const q = (req.query.get('q') ?? '').trim();
  const page = Math.max(1, Number.parseInt(req.query.get('page') ?? '1', 10) || 1);
  const all = q === '' ? account.fleet.sims : account.fleet.sims.filter((s) => s.iccid.includes(q) || s.imei.includes(q));
  const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
  const shown = all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const here = `/?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`;
  const link = (p: number) => `/?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  const rows = shown
    .map(
      (s) => `<tr><td><a href="/sims/${encodeURIComponent(s.iccid)}">${esc(s.iccid)}</a></td><td>${esc(s.imei)}</td><td>${esc(s.msisdn)}</td>
<td>${statusBadge(s.status)}${account.scheduledFor(s.iccid) ? ' <small>(change scheduled)</small>' : ''}</td><td>${esc(s.ratePlan)}</td>
<td class="num">${mb(account.fleet.usageOf(s))}</td><td>${statusForm(s, here, false)}</td></tr>`,
    )
    .join('\n');
  const body = `<form class="search" method="get" action="/"><label>Search ICCID or IMEI <input name="q" value="${esc(q)}" size="24"></label><button>Search</button>${q ? ' <a href="/">Clear</a>' : ''}</form>
<p>${all.length} SIMs${q ? ` matching “${esc(q)}”` : ''}.</p>
<table><thead><tr><th scope="col">ICCID</th><th scope="col">IMEI</th><th scope="col">MSISDN</th><th scope="col">SIM status</th><th scope="col">Rate plan</th><th scope="col">Cycle to date (MB)</th><th scope="col">Change status</th></tr></thead>
<tbody>${rows || '<tr><td colspan="7">No SIMs.</td></tr>'}</tbody></table>
<nav class="pages" aria-label="Pages">${page > 1 ? `<a href="${esc(link(page - 1))}">‹ Previous</a>` : ''}<span>Page ${page} of ${pages}</span>${page < pages ? `<a href="${esc(link(page + 1))}">Next ›</a>` : ''}</nav>`;
  return html('SIMs — Control Center (simulator)', body);
}

function simPage(account: CcAccount, sim: Sim): SimAnswer {
  const d = account.details(sim);
  const u = account.ctdUsages(sim);
  const pending = account.scheduledFor(sim.iccid);
  const here = `/sims/${encodeURIComponent(sim.iccid)}`;
  const fields = ['iccid', 'imsi', 'msisdn', 'imei', 'ratePlan', 'communicationPlan', 'dateAdded', 'dateActivated', 'dateUpdated', 'accountId'];
  const body = `<p><a href="/">‹ All SIMs</a></p>
${pending ? `<p class="note">Scheduled: status ${esc(pending.status)} at ${esc(ccDate(pending.at))}.</p>` : ''}
<dl><dt>Status</dt><dd>${statusBadge(sim.status)}</dd>${fields.map((f) => `<dt>${esc(f)}</dt><dd>${esc(d[f] ?? '—')}</dd>`).join('')}
<dt>Data this cycle</dt><dd>${mb(Number(u.ctdDataUsage))} MB (${esc(u.ctdDataUsage)} bytes)</dd></dl>
<h2>Change SIM status</h2>${statusForm(sim, here, true)}`;
  return html(`${sim.iccid} — Control Center (simulator)`, body);
}

/** A local path to go back to; anything else goes to the list. */
const safeBack = (v: unknown) => (typeof v === 'string' && /^\/(?!\/)[^\s]*$/.test(v) ? v : '/');

/** The operator's pages: the SIM list, a SIM, and the status change form. Null: not a page. */
export function ccPage(account: CcAccount, req: SimRequest): SimAnswer | null {
  if (req.path.startsWith('/rws/')) return null;
  account.applyDue();
  if (req.method === 'GET' && req.path === '/') return listPage(account, req);
  const sim = /^\/sims\/([^/]+)$/.exec(req.path);
  if (req.method === 'GET' && sim) {
    const found = account.fleet.get(decodeURIComponent(sim[1]));
    return found
      ? simPage(account, found)
      : { status: 404, raw: layout('Not found', '<p>No such SIM. <a href="/">All SIMs</a></p>'), contentType: 'text/html; charset=utf-8' };
  }
  const post = /^\/sims\/([^/]+)\/status$/.exec(req.path);
  if (req.method === 'POST' && post) {
    const found = account.fleet.get(decodeURIComponent(post[1]));
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (!found || !isCcStatus(b.status) || (isFinal(found.status) && b.status !== found.status)) {
      return {
        status: 400,
        raw: layout('Not changed', '<p>That change is not possible. <a href="/">All SIMs</a></p>'),
        contentType: 'text/html; charset=utf-8',
      };
    }
    // a datetime-local field: yyyy-MM-ddTHH:mm, read as UTC
    const raw = typeof b.effectiveDate === 'string' ? b.effectiveDate.trim() : '';
    const at = raw === '' ? null : parseIso8601(`${raw.length === 16 ? `${raw}:00` : raw}Z`);
    account.change(found, b.status, at);
    return { redirect: safeBack(b.back) };
  }
  return null;
}
