// Target 1: a signed, authenticated POST /api/v1/rrp/account/query on the real server against a
// bare Fastify route doing the same database read, on the same fresh PostgreSQL database, in
// alternating rounds. Usage: node bench/account-query.mjs [--rounds 5] [--seconds 5]
//   [--warmup 5] [--connections 10] [--profile] [--pooler] [--bare-named] [--json out.json]
// --bare-named: the bare route sends its statement as a named prepared statement (planned once
// per connection) instead of unnamed, as the figures were taken.
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuMeter, machineBusy } from './lib/cpu.mjs';
import { freshDatabase } from './lib/db.mjs';
import { RESULTS_DIR } from './lib/paths.mjs';
import { freePort, startNode } from './lib/proc.mjs';
import { API, signedPost, signIn, startOurServer } from './lib/rrp.mjs';
import { selfCheck, signedHeaders } from './lib/signing.mjs';
import { median, quantile, round, spreadPct } from './lib/stats.mjs';

export const TARGETS = { throughputRatioMin: 0.8, latencyRatioMax: 1.25 };
const PATH = `${API}/account/query`;
const BODY = '{}';

/** One autocannon run; p50/p99 from every 2xx response's own timing (autocannon's histogram is in whole ms). */
function load(url, { seconds, connections, headers, meter }) {
  const times = [];
  const stopMeter = meter?.();
  return new Promise((resolve, reject) => {
    const request = { method: 'POST', path: PATH, body: BODY, headers: { 'content-type': 'application/json' } };
    if (headers) request.setupRequest = (req) => ({ ...req, headers: { ...req.headers, ...headers() } });
    const inst = autocannon({ url, connections, duration: seconds, requests: [request] }, (err, r) => {
      if (err) return reject(err);
      const ok = r['2xx'];
      const used = stopMeter?.();
      const perReq = (k) => (used ? round((used[k] / ok) * 1e6, 0) : null);
      resolve({
        cpuUsPerRequest: { server: perReq('server'), postgres: perReq('postgres'), loadgen: perReq('loadgen') },
        rps: ok / (r.duration || seconds),
        p50: quantile(times, 0.5),
        p99: quantile(times, 0.99),
        ok,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      });
    });
    inst.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
}

export async function run({
  rounds = 5,
  seconds = 5,
  warmup = 5,
  connections = 10,
  profile = false,
  pooler = false,
  bareNamed = false,
  log = console.log,
} = {}) {
  selfCheck();
  const busyBefore = await machineBusy();
  if (busyBefore > 0.2) log(`  warning: the machine was ${Math.round(busyBefore * 100)}% busy before the run; figures will be noisy`);
  const db = await freshDatabase('rrp_bench_acct');
  const profDir = join(RESULTS_DIR, 'profiles', new Date().toISOString().replace(/[:.]/g, '-'));
  let ours;
  let bare;
  try {
    if (profile) mkdirSync(profDir, { recursive: true });
    // --pooler: our server as it runs behind a transaction-pooling PgBouncer (unnamed statements,
    // replay records committed like every write), here straight on PostgreSQL to isolate that cost
    ours = await startOurServer(db.url, {
      nodeArgs: profile ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
      // (the relaxed entry emulated by a connection option, as PgBouncer's connect_query sets it)
      env: pooler
        ? {
            DATABASE_POOLER: 'transaction',
            DATABASE_DIRECT_URL: db.url,
            DATABASE_RELAXED_URL: `${db.url}${db.url.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c synchronous_commit=off')}`,
          }
        : {},
    });
    const session = await signIn(ours.base);
    const me = await signedPost(ours.base, session, PATH, {});
    if (!me.success || !me.obj?.userId) throw new Error(`account/query: ${JSON.stringify(me)}`);
    const userId = me.obj.userId;

    const barePort = await freePort();
    bare = await startNode(new URL('./bare-account-server.mjs', import.meta.url).pathname, {
      env: { DATABASE_URL: db.url, PORT: String(barePort), HOST: '127.0.0.1', BARE_USER_ID: userId, ...(bareNamed ? { BARE_NAMED: '1' } : {}) },
      readyUrl: `http://127.0.0.1:${barePort}/`,
    });
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const check = await (await fetch(`${bareUrl}${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY })).json();
    if (check.obj?.id !== userId) throw new Error(`bare server did not read the same user: ${JSON.stringify(check)}`);

    // Requests are signed before each round, as many as the round can use, so the load
    // generator's HMACs (about 80 µs a request) do not take the two cores from the server under
    // test: a client signs on its own machine. Timestamps stay well within the allowed skew.
    let signed = [];
    const sign = () => signedHeaders({ ...session, method: 'POST', url: PATH, body: BODY });
    const presign = (n) => {
      signed = Array.from({ length: n }, sign);
    };
    let lastRps = 4000;
    const targets = {
      ours: {
        url: ours.base,
        headers: () => signed.pop() ?? sign(),
        meter: cpuMeter(ours.proc.child.pid, db.name),
        before: (secs) => presign(Math.ceil(lastRps * secs * 1.5)),
      },
      bare: { url: bareUrl, headers: null, meter: cpuMeter(bare.child.pid, db.name) },
    };
    log(`account-query: warm-up ${warmup} s each, then ${rounds} alternating rounds of ${seconds} s, ${connections} connections`);
    for (const name of ['ours', 'bare']) {
      targets[name].before?.(warmup);
      const w = await load(targets[name].url, { seconds: warmup, connections, ...targets[name] });
      if (name === 'ours') lastRps = Math.max(lastRps, w.rps);
    }

    const samples = { ours: [], bare: [] };
    for (let i = 0; i < rounds; i++) {
      for (const name of i % 2 ? ['bare', 'ours'] : ['ours', 'bare']) {
        targets[name].before?.(seconds);
        const s = await load(targets[name].url, { seconds, connections, ...targets[name] });
        if (name === 'ours') lastRps = Math.max(lastRps, s.rps);
        if (s.non2xx || s.errors) throw new Error(`${name}: ${s.non2xx} non-2xx answers and ${s.errors} errors in round ${i + 1}`);
        samples[name].push(s);
        const c = s.cpuUsPerRequest;
        log(
          `  round ${i + 1} ${name.padEnd(4)} ${s.rps.toFixed(0).padStart(6)} req/s  p50 ${s.p50.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms` +
            (c.server === null ? '' : `  CPU µs/req: server ${c.server}, postgres ${c.postgres}, loadgen ${c.loadgen}`),
        );
      }
    }

    const sum = (list) => ({
      rps: round(median(list.map((s) => s.rps)), 1),
      p50Ms: round(median(list.map((s) => s.p50)), 3),
      p99Ms: round(median(list.map((s) => s.p99)), 3),
      cpuUsPerRequest: Object.fromEntries(
        ['server', 'postgres', 'loadgen'].map((k) => [k, list[0].cpuUsPerRequest[k] === null ? null : median(list.map((s) => s.cpuUsPerRequest[k]))]),
      ),
      rpsSpreadPct: round(spreadPct(list.map((s) => s.rps)), 1),
      p50SpreadPct: round(spreadPct(list.map((s) => s.p50)), 1),
      rounds: list.map((s) => ({ rps: round(s.rps, 1), p50Ms: round(s.p50, 3), p99Ms: round(s.p99, 3), requests: s.ok })),
    });
    const o = sum(samples.ours);
    const b = sum(samples.bare);
    const throughputRatio = round(o.rps / b.rps, 3);
    const latencyRatio = round(o.p50Ms / b.p50Ms, 3);
    return {
      bench: 'account-query',
      settings: { rounds, seconds, warmup, connections, poolSize: 10, pooler },
      machineBusyBefore: busyBefore === null ? null : round(busyBefore, 2),
      ours: o,
      bare: b,
      throughputRatio,
      latencyRatio,
      pass: {
        throughput: throughputRatio >= TARGETS.throughputRatioMin,
        latency: latencyRatio <= TARGETS.latencyRatioMax,
      },
      profiles: profile ? profDir : undefined,
    };
  } finally {
    await bare?.stop();
    await ours?.stop();
    await db.drop();
    if (profile)
      log(
        `  CPU profile(s) of our server: ${
          readdirSync(profDir)
            .map((f) => join(profDir, f))
            .join(', ') || '(none written)'
        }`,
      );
  }
}

export function report(r) {
  const pf = (b) => (b ? 'PASS' : 'FAIL');
  return [
    `account-query: ours ${r.ours.rps} req/s, p50 ${r.ours.p50Ms} ms | bare ${r.bare.rps} req/s, p50 ${r.bare.p50Ms} ms`,
    `  throughput ours/bare = ${r.throughputRatio} (target >= ${TARGETS.throughputRatioMin}) ${pf(r.pass.throughput)}`,
    `  p50 latency ours/bare = ${r.latencyRatio} (target <= ${TARGETS.latencyRatioMax}) ${pf(r.pass.latency)}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '5' },
      seconds: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      profile: { type: 'boolean', default: false },
      pooler: { type: 'boolean', default: false },
      'bare-named': { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  });
  const r = await run({
    rounds: Number(values.rounds),
    seconds: Number(values.seconds),
    warmup: Number(values.warmup),
    connections: Number(values.connections),
    profile: values.profile,
    pooler: values.pooler,
    bareNamed: values['bare-named'],
  });
  console.log(report(r));
  if (values.json) (await import('node:fs')).writeFileSync(values.json, `${JSON.stringify(r, null, 2)}\n`);
}
