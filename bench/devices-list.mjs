// Target 1 of the device benchmarks: signed POST /device/list against a bare Fastify + pg route
// running the best hand-written query (devices-bare-list-server.mjs), for every sort, every
// filter (IMEI by a part of it included), page 2,000 by keyset cursor for every sort, and the
// deepest page number. The company's 50,000 devices are first given statuses, groups and a
// sub-company (shapeForList) and put back afterwards. Called by devices-run.mjs with a seeded
// database and a running server.

import { cpuMeter } from './lib/cpu.mjs';
import { load } from './lib/devices-load.mjs';
import { shapeForList } from './lib/devices-seed.mjs';
import { freePort, startNode } from './lib/proc.mjs';
import { API, signedPost } from './lib/rrp.mjs';
import { signedHeaders } from './lib/signing.mjs';
import { median, round } from './lib/stats.mjs';

export const TARGETS = { throughputRatioMin: 0.5, deepPageRatioMax: 2 };
const PATH = `${API}/device/list`;
const ORDER = {
  created_desc: 'd.created_at DESC, d.id DESC',
  usage_yesterday_desc: 'd.usage_yesterday DESC, d.id DESC',
  usage_yesterday_asc: 'd.usage_yesterday ASC, d.id ASC',
  usage_month_desc: 'd.usage_month DESC, d.id DESC',
  usage_month_asc: 'd.usage_month ASC, d.id ASC',
};
const KEY = { created_desc: 'created_at', usage_yesterday_desc: 'usage_yesterday', usage_yesterday_asc: 'usage_yesterday' };
const keyOf = (sort) => KEY[sort] ?? 'usage_month';

/** The request bodies, by case: first pages per sort, one filter (or several) per case, deep pages. */
async function cases(c, company, shaped) {
  const { groups } = shaped;
  const bodies = {
    created_desc: { sort: 'created_desc' },
    usage_yesterday_desc: { sort: 'usage_yesterday_desc' },
    usage_yesterday_asc: { sort: 'usage_yesterday_asc' },
    usage_month_desc: { sort: 'usage_month_desc' },
    usage_month_asc: { sort: 'usage_month_asc' },
    'status 1 % · usage_month_desc': { sort: 'usage_month_desc', status: 'service_expired' },
    'status 15 % · created_desc': { status: 'esim' },
    'offline · usage_yesterday_asc': { sort: 'usage_yesterday_asc', online: false },
    'group of 50 · created_desc': { groupId: groups.rare },
    'group 6 % · usage_month_asc': { sort: 'usage_month_asc', groupId: groups.common[0] },
    'name "4711" · created_desc': { name: '4711' },
    'IMEI part "012345" · created_desc': { imei: '012345' },
    'IMEI part "345" · usage_yesterday_desc': { sort: 'usage_yesterday_desc', imei: '345' },
    'status+online+group · usage_month_desc': { sort: 'usage_month_desc', status: 'esim', online: true, groupId: groups.common[1] },
  };
  for (const sort of Object.keys(ORDER)) {
    // cursor of page 2,000 (pageSize 20) = the last row of page 1,999, in the route's own key format
    const { rows } = await c.query(
      `SELECT d.${keyOf(sort)}::text AS ck, d.id FROM devices d WHERE d.company_id IN (SELECT id FROM companies WHERE path LIKE $1)
       ORDER BY ${ORDER[sort]} OFFSET ${1999 * 20 - 1} LIMIT 1`,
      [`${company.path}%`],
    );
    bodies[`page 2,000 by cursor · ${sort}`] = { sort, cursor: Buffer.from(JSON.stringify([sort, rows[0].ck, rows[0].id])).toString('base64url') };
  }
  bodies['pageNum 500 (offset 9,980) · created_desc'] = { pageNum: 500 };
  return Object.fromEntries(Object.entries(bodies).map(([k, b]) => [k, JSON.stringify({ pageSize: 20, ...b })]));
}

export async function run({
  db,
  c,
  ours,
  session,
  company,
  rounds = 3,
  seconds = 5,
  warmup = 2,
  connections = 10,
  only,
  bareForms = ['one-statement', 'two-statements'],
  log = console.log,
}) {
  const shaped = await shapeForList(c, company);
  // the baseline in each form (page and count in one statement, or two in parallel); the faster one counts
  const bares = {};
  for (const form of bareForms) {
    const port = await freePort();
    bares[form] = {
      url: `http://127.0.0.1:${port}`,
      proc: await startNode(new URL('./devices-bare-list-server.mjs', import.meta.url).pathname, {
        env: { DATABASE_URL: db.url, COMPANY_PATH: company.path, PORT: String(port), HOST: '127.0.0.1', BARE_FORM: form },
        readyUrl: `http://127.0.0.1:${port}/`,
      }),
    };
  }
  try {
    let bodies = await cases(c, company, shaped);
    if (only) bodies = Object.fromEntries(Object.entries(bodies).filter(([k]) => only.some((o) => k.includes(o))));
    // both answer the same rows, total and next cursor
    const shapes = {};
    for (const [k, b] of Object.entries(bodies)) {
      const o = await signedPost(ours.base, session, PATH, JSON.parse(b));
      if (!o.success) throw new Error(`device/list ${k}: ${JSON.stringify(o).slice(0, 300)}`);
      const same = (x) => JSON.stringify([x.total, x.totalCapped, x.nextCursor, x.list.map((d) => d.id)]);
      for (const [form, bare] of Object.entries(bares)) {
        const r = await (await fetch(`${bare.url}${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: b })).json();
        if (same(o.obj) !== same(r.obj)) throw new Error(`device/list ${k}: ours and bare (${form}) answer differently`);
      }
      shapes[k] = { total: o.obj.totalCapped ? `${o.obj.total}+` : o.obj.total, rows: o.obj.list.length };
    }
    const sign = (body) => () => signedHeaders({ ...session, method: 'POST', url: PATH, body });
    const runs = [];
    for (const [k, body] of Object.entries(bodies)) {
      runs.push({ key: `${k}|ours`, url: ours.base, body, headers: sign(body), meter: cpuMeter(ours.proc.child.pid, db.name) });
      for (const [form, bare] of Object.entries(bares))
        runs.push({ key: `${k}|bare ${form}`, url: bare.url, body, meter: cpuMeter(bare.proc.child.pid, db.name) });
    }
    for (const r of runs) await load(r.url, { path: PATH, seconds: warmup, connections, ...r });
    const samples = Object.fromEntries(runs.map((r) => [r.key, []]));
    for (let i = 0; i < rounds; i++) {
      const order = i % 2 ? [...runs].reverse() : runs;
      for (const r of order) {
        const stop = r.meter();
        const s = await load(r.url, { path: PATH, seconds, connections, ...r });
        const cpu = stop();
        if (s.non2xx || s.errors) throw new Error(`${r.key}: ${s.non2xx} non-2xx, ${s.errors} errors`);
        // CPU milliseconds per answered request: the Node process and PostgreSQL, whatever else runs on the machine
        if (cpu && s.ok) Object.assign(s, { nodeCpuMs: (cpu.server * 1000) / s.ok, pgCpuMs: (cpu.postgres * 1000) / s.ok });
        samples[r.key].push(s);
        const cpuText = s.nodeCpuMs === undefined ? '' : `  CPU/req node ${s.nodeCpuMs.toFixed(2)} + pg ${s.pgCpuMs.toFixed(2)} ms`;
        log(`  round ${i + 1} ${r.key.padEnd(66)} ${s.rps.toFixed(0).padStart(6)} req/s  p50 ${s.p50.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms${cpuText}`);
      }
    }
    const sum = (key) => {
      const l = samples[key];
      const cpu = (f) => (l.every((s) => s[f] !== undefined) ? round(median(l.map((s) => s[f])), 3) : null);
      return {
        rps: round(median(l.map((s) => s.rps)), 1),
        p50Ms: round(median(l.map((s) => s.p50)), 3),
        p99Ms: round(median(l.map((s) => s.p99)), 3),
        nodeCpuMsPerReq: cpu('nodeCpuMs'),
        pgCpuMsPerReq: cpu('pgCpuMs'),
      };
    };
    const out = { settings: { rounds, seconds, warmup, connections, pageSize: 20 }, cases: {} };
    for (const k of Object.keys(bodies)) {
      const o = sum(`${k}|ours`);
      const forms = Object.fromEntries(bareForms.map((f) => [f, sum(`${k}|bare ${f}`)]));
      const best = bareForms.reduce((a, f) => (forms[f].rps > forms[a].rps ? f : a), bareForms[0]);
      const b = { ...forms[best], form: best };
      out.cases[k] = {
        ...shapes[k],
        ours: o,
        bare: b,
        bareForms: forms,
        throughputRatio: round(o.rps / b.rps, 3),
        latencyRatio: round(o.p50Ms / b.p50Ms, 3),
        pass: o.rps / b.rps >= TARGETS.throughputRatioMin,
      };
    }
    for (const [k, v] of Object.entries(out.cases)) {
      const first = /cursor · (\S+)$/.exec(k)?.[1] ?? (k.startsWith('pageNum') ? 'created_desc' : null);
      if (first && out.cases[first]) v.deepPageRatio = round(v.ours.p50Ms / out.cases[first].ours.p50Ms, 3);
    }
    const ratios = Object.values(out.cases).map((v) => v.throughputRatio);
    out.worstThroughputRatio = Math.min(...ratios);
    out.medianThroughputRatio = round(median(ratios), 3);
    out.pass = Object.values(out.cases).every((v) => v.pass && (v.deepPageRatio ?? 0) <= TARGETS.deepPageRatioMax);
    return out;
  } finally {
    for (const b of Object.values(bares)) await b.proc.stop();
    await shaped.undo();
  }
}
