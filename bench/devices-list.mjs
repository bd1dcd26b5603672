// Target 1 of the device benchmarks: signed POST /device/list (first page) against a bare
// Fastify + pg route running the same SQL, and deep pages (keyset cursor at page 2,000; offset
// page 500, the deepest pageNum allowed) against the first page. Called by devices-run.mjs with
// a seeded database and a running server.

import { load } from './lib/devices-load.mjs';
import { freePort, startNode } from './lib/proc.mjs';
import { API, signedPost } from './lib/rrp.mjs';
import { signedHeaders } from './lib/signing.mjs';
import { median, round } from './lib/stats.mjs';

export const TARGETS = { throughputRatioMin: 0.5, latencyRatioMax: 2, deepPageRatioMax: 2 };
const PATH = `${API}/device/list`;

export async function run({ db, c, ours, session, company, rounds = 3, seconds = 5, warmup = 3, connections = 10, log = console.log }) {
  // cursor of page 2,000 (pageSize 20) = the last row of page 1,999, in the route's own key format
  const { rows } = await c.query(
    `SELECT d.created_at::text AS ck, d.id FROM devices d WHERE d.company_id IN (SELECT id FROM companies WHERE path LIKE $1)
     ORDER BY d.created_at DESC, d.id DESC OFFSET ${1999 * 20 - 1} LIMIT 1`,
    [`${company.path}%`],
  );
  const cursor = Buffer.from(JSON.stringify(['created_desc', rows[0].ck, rows[0].id])).toString('base64url');
  const bodies = {
    first: JSON.stringify({ pageNum: 1, pageSize: 20 }),
    cursor2000: JSON.stringify({ pageSize: 20, cursor }),
    offset500: JSON.stringify({ pageNum: 500, pageSize: 20 }),
  };
  const port = await freePort();
  const bare = await startNode(new URL('./devices-bare-list-server.mjs', import.meta.url).pathname, {
    env: { DATABASE_URL: db.url, COMPANY_PATH: company.path, PORT: String(port), HOST: '127.0.0.1' },
    readyUrl: `http://127.0.0.1:${port}/`,
  });
  const bareUrl = `http://127.0.0.1:${port}`;
  try {
    // both answer the same rows
    for (const [k, b] of Object.entries(bodies)) {
      const o = await signedPost(ours.base, session, PATH, JSON.parse(b));
      const r = await (await fetch(`${bareUrl}${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: b })).json();
      if (!o.success) throw new Error(`device/list ${k}: ${JSON.stringify(o).slice(0, 300)}`);
      if (o.obj.total !== r.obj.total || o.obj.list.map((x) => x.id).join() !== r.obj.list.map((x) => x.id).join())
        throw new Error(`device/list ${k}: ours and bare answer different rows`);
      if (k === 'first') log(`  device/list: total ${o.obj.total}, 20 rows per page`);
    }
    const sign = (body) => () => signedHeaders({ ...session, method: 'POST', url: PATH, body });
    const cases = {
      ours_first: { url: ours.base, body: bodies.first, headers: sign(bodies.first) },
      bare_first: { url: bareUrl, body: bodies.first },
      ours_cursor2000: { url: ours.base, body: bodies.cursor2000, headers: sign(bodies.cursor2000) },
      ours_offset500: { url: ours.base, body: bodies.offset500, headers: sign(bodies.offset500) },
    };
    for (const cs of Object.values(cases)) await load(cs.url, { path: PATH, seconds: warmup, connections, ...cs });
    const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
    for (let i = 0; i < rounds; i++) {
      const order = Object.keys(cases);
      if (i % 2) order.reverse();
      for (const k of order) {
        const s = await load(cases[k].url, { path: PATH, seconds, connections, ...cases[k] });
        if (s.non2xx || s.errors) throw new Error(`${k}: ${s.non2xx} non-2xx, ${s.errors} errors`);
        samples[k].push(s);
        log(`  round ${i + 1} ${k.padEnd(16)} ${s.rps.toFixed(0).padStart(6)} req/s  p50 ${s.p50.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms`);
      }
    }
    const sum = Object.fromEntries(
      Object.entries(samples).map(([k, l]) => [
        k,
        { rps: round(median(l.map((s) => s.rps)), 1), p50Ms: round(median(l.map((s) => s.p50)), 3), p99Ms: round(median(l.map((s) => s.p99)), 3) },
      ]),
    );
    const r = {
      settings: { rounds, seconds, warmup, connections, pageSize: 20 },
      ...sum,
      throughputRatio: round(sum.ours_first.rps / sum.bare_first.rps, 3),
      latencyRatio: round(sum.ours_first.p50Ms / sum.bare_first.p50Ms, 3),
      cursorPageRatio: round(sum.ours_cursor2000.p50Ms / sum.ours_first.p50Ms, 3),
      offsetPageRatio: round(sum.ours_offset500.p50Ms / sum.ours_first.p50Ms, 3),
    };
    r.pass = {
      throughput: r.throughputRatio >= TARGETS.throughputRatioMin,
      latency: r.latencyRatio <= TARGETS.latencyRatioMax,
      cursorPage: r.cursorPageRatio <= TARGETS.deepPageRatioMax,
      offsetPage: r.offsetPageRatio <= TARGETS.deepPageRatioMax,
    };
    return r;
  } finally {
    await bare.stop();
  }
}
