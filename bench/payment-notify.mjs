// Issue 9's payment target: WeChat Pay notifications processed per second by our server
// (verify the signature, decrypt the resource, pay the order with its record, audit and queued
// delivery, deliver into the ledger) against a bare route that only verifies the signature and
// runs the same single conditional UPDATE (bench/bare-notify-server.mjs), on the same fresh
// PostgreSQL database, in alternating rounds. Every request pays a different pending order.
// Each round sends a fixed number of notifications (every one signed before the run, so the load
// generator only sends) and counts how long they took.
// Usage: node bench/payment-notify.mjs [--rounds 5] [--per-round 5000] [--connections 10] [--profile DIR] [--json out.json]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureEmbeddedKeys } from '../apps/server/dist/modules/payments/index.js';
import { cpuMeter, machineBusy } from './lib/cpu.mjs';
import { freshDatabase } from './lib/db.mjs';
import { freePort, startNode } from './lib/proc.mjs';
import { startOurServer } from './lib/rrp.mjs';
import { median, round, spreadPct } from './lib/stats.mjs';
import { AMOUNT_FEN, notificationHeaders, paidNotification } from './lib/wechatpay-notify.mjs';

export const TARGET = { ratioMin: 0.5 };
const PATH = '/api/v1/pay/wechat/notify';
/** The notification's headers: WeChat Pay's signed ones, and what the bare route needs to pay the order. */
function signedHeaders(keys, platformPrivateKey, n) {
  return {
    ...notificationHeaders(keys, platformPrivateKey, n.body),
    'x-bench-order': n.orderNo,
    'x-bench-transaction': n.transactionId,
    'x-bench-amount': String(AMOUNT_FEN),
  };
}

/** Pending WeChat orders of the demo company, `prefix` + a counter as order numbers. */
async function pendingOrders(dbUrl, prefix, count) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    await c.query(
      `INSERT INTO orders (order_no, company_id, product_type, product_name_zh, product_name_en, unit_price_fen, quantity, total_fen,
                           pay_method, payer_name, expires_at)
       SELECT $1 || lpad(g::text, 8, '0'), (SELECT id FROM companies WHERE parent_id IS NULL ORDER BY created_at LIMIT 1),
              0, '设备 License', 'Device License', $2::int, 1, $2::int, 'wechat', 'bench', now() + interval '2 hours'
       FROM generate_series(1, $3) g`,
      [prefix, AMOUNT_FEN, count],
    );
    return Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(8, '0')}`);
  } finally {
    await c.end();
  }
}

function load(url, { amount, connections, next, meter }) {
  const stopMeter = meter();
  return new Promise((resolve, reject) => {
    const request = { method: 'POST', path: PATH, setupRequest: (req) => ({ ...req, ...next() }) };
    // autocannon's duration is in whole seconds and it ends a fixed-amount run on its next second
    // tick: the run lasts from the start to the last answer
    const t0 = performance.now();
    let last = t0;
    const inst = autocannon({ url, connections, amount, requests: [request] }, (err, r) => {
      if (err) return reject(err);
      const used = stopMeter();
      const ok = r['2xx'];
      resolve({
        rps: ok / ((last - t0) / 1000),
        ok,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
        cpuUsPerRequest: { server: round((used.server / ok) * 1e6, 0), postgres: round((used.postgres / ok) * 1e6, 0) },
      });
    });
    inst.on('response', () => {
      last = performance.now();
    });
  });
}

export async function run({ rounds = 5, perRound = 5000, connections = 10, profileDir = null, log = console.log } = {}) {
  const busyBefore = await machineBusy();
  if (busyBefore > 0.2) log(`  warning: the machine was ${Math.round(busyBefore * 100)}% busy before the run; figures will be noisy`);
  const db = await freshDatabase('rrp_bench_pay');
  const dataDir = mkdtempSync(join(tmpdir(), 'rrp-bench-pay-'));
  const keys = ensureEmbeddedKeys(dataDir);
  const platformPrivateKey = (await import('node:fs')).readFileSync(join(dataDir, 'wechatpay', 'platform_private_key.pem'), 'utf8');
  let ours;
  let bare;
  try {
    // WeChat itself is never called: notifications only come in
    ours = await startOurServer(db.url, {
      env: { RRP_DATA_DIR: dataDir, WECHATPAY_BASE_URL: 'http://127.0.0.1:9' },
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    });
    const barePort = await freePort();
    bare = await startNode(new URL('./bare-notify-server.mjs', import.meta.url).pathname, {
      env: { DATABASE_URL: db.url, PORT: String(barePort), HOST: '127.0.0.1', PLATFORM_PUBLIC_KEY: keys.platformPublicKey },
      readyUrl: `http://127.0.0.1:${barePort}/`,
    });
    const warmup = Math.ceil(perRound / 5);
    const total = perRound * rounds + warmup;
    log(`payment-notify: preparing ${total} notifications per side`);
    const queues = {};
    for (const [name, prefix] of [
      ['ours', 'R9'],
      ['bare', 'R8'],
    ]) {
      const nos = await pendingOrders(db.url, `${prefix}${Date.now()}`.slice(0, 13), total);
      // signed ahead (the run stays well inside WeChat's 300 s window), so the load generator only sends
      queues[name] = nos.map((no) => {
        const n = { ...paidNotification(keys, no), orderNo: no };
        return { body: n.body, headers: signedHeaders(keys, platformPrivateKey, n) };
      });
    }
    const served = { ours: 0, bare: 0 };
    const targets = {
      ours: { url: ours.base, meter: cpuMeter(ours.proc.child.pid, db.name) },
      bare: { url: `http://127.0.0.1:${barePort}`, meter: cpuMeter(bare.child.pid, db.name) },
    };
    const next = (name) => () => {
      const n = queues[name][served[name]++];
      if (!n) throw new Error(`${name}: out of prepared notifications`);
      return n;
    };
    log(`payment-notify: warm-up ${warmup} each, then ${rounds} alternating rounds of ${perRound} notifications, ${connections} connections`);
    for (const name of ['ours', 'bare']) await load(targets[name].url, { amount: warmup, connections, next: next(name), meter: targets[name].meter });
    const samples = { ours: [], bare: [] };
    for (let i = 0; i < rounds; i++) {
      for (const name of i % 2 ? ['bare', 'ours'] : ['ours', 'bare']) {
        const s = await load(targets[name].url, { amount: perRound, connections, next: next(name), meter: targets[name].meter });
        if (s.non2xx || s.errors) throw new Error(`${name}: ${s.non2xx} non-2xx answers and ${s.errors} errors in round ${i + 1}`);
        samples[name].push(s);
        log(
          `  round ${i + 1} ${name.padEnd(4)} ${s.rps.toFixed(0).padStart(6)} notifications/s  CPU µs each: server ${s.cpuUsPerRequest.server}, postgres ${s.cpuUsPerRequest.postgres}`,
        );
      }
    }
    // what was paid is what was answered: ours also delivered every order it paid
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const { rows } = await c.query(
      `SELECT substr(order_no, 1, 2) AS side, status, count(*)::int AS n FROM orders WHERE status <> 'pending_payment' GROUP BY 1, 2`,
    );
    const { rows: ledger } = await c.query(`SELECT count(*)::int AS n FROM license_ledger WHERE reason = 'purchase'`);
    await c.end();
    const sum = (list) => ({
      rps: round(median(list.map((s) => s.rps)), 1),
      rpsSpreadPct: round(spreadPct(list.map((s) => s.rps)), 1),
      cpuUsPerNotification: {
        server: median(list.map((s) => s.cpuUsPerRequest.server)),
        postgres: median(list.map((s) => s.cpuUsPerRequest.postgres)),
      },
      rounds: list.map((s) => round(s.rps, 1)),
    });
    const o = sum(samples.ours);
    const b = sum(samples.bare);
    const ratio = round(o.rps / b.rps, 3);
    return {
      bench: 'payment-notify',
      settings: { rounds, perRound, connections },
      machineBusyBefore: round(busyBefore, 2),
      ours: o,
      bare: b,
      ratio,
      check: { orders: rows, purchaseLedgerRows: ledger[0].n, answered: served },
      pass: ratio >= TARGET.ratioMin,
    };
  } finally {
    await bare?.stop();
    await ours?.stop();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function report(r) {
  return [
    `payment-notify: ours ${r.ours.rps}/s (spread ${r.ours.rpsSpreadPct} %) | bare ${r.bare.rps}/s (spread ${r.bare.rpsSpreadPct} %)`,
    `  notifications/s ours/bare = ${r.ratio} (target >= ${TARGET.ratioMin}) ${r.pass ? 'PASS' : 'FAIL'}`,
    `  orders after the run: ${r.check.orders.map((x) => `${x.side === 'R9' ? 'ours' : 'bare'} ${x.status} ${x.n}`).join(', ')}; License purchases in the ledger: ${r.check.purchaseLedgerRows}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '5' },
      'per-round': { type: 'string', default: '5000' },
      connections: { type: 'string', default: '10' },
      /** writes a CPU profile of our server there (summarise with bench/lib/cpuprofile.mjs) */
      profile: { type: 'string' },
      json: { type: 'string' },
    },
  });
  const r = await run({
    rounds: Number(values.rounds),
    perRound: Number(values['per-round']),
    connections: Number(values.connections),
    profileDir: values.profile ?? null,
  });
  console.log(report(r));
  if (values.json) (await import('node:fs')).writeFileSync(values.json, `${JSON.stringify(r, null, 2)}\n`);
}
