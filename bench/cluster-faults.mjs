// Faults under load on the local cluster (scripts/cluster.mjs, 3 API nodes), each a scenario
// with PASS/FAIL and figures, checked against the primary itself afterwards:
//   a) kill -9 of node2 during signed writes (device groups, WeChat Pay notifications, imports)
//      and reads: no acknowledged write lost or doubled, every failure a connection error or an
//      HAProxy 502/503 around the kill, HAProxy takes the node out, the rest succeeds;
//   b) the replica stopped (pg_ctl stop -m fast) and started again while reports are requested:
//      every report succeeds, /readyz of every node says `unreachable`, then `ok` (times measured);
//   c) PgBouncer killed and started again (same configuration) during signed reads, the nodes
//      left running: failed requests and the time until requests succeed again.
// Usage: node bench/cluster-faults.mjs [--only kill,replica,pgbouncer] [--pgbouncer-down-ms 1000] [--json out.json]
// Exit code 1 when a scenario fails. The cluster is always stopped.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureEmbeddedKeys } from '../apps/server/dist/modules/payments/index.js';
import { importFile } from './devices-import.mjs';
import {
  killNode,
  killPgbouncer,
  primaryClient,
  seedCompanyDevices,
  startBenchCluster,
  startPgbouncer,
  startReplicaAgain,
  stopBenchCluster,
  stopOnSignal,
  stopReplicaFast,
} from './lib/cluster-bench.mjs';
import { demoCompany, grantLicenses } from './lib/devices-seed.mjs';
import { multipartBody } from './lib/multipart.mjs';
import { API, signIn } from './lib/rrp.mjs';
import { selfCheck, signedHeaders } from './lib/signing.mjs';
import { round } from './lib/stats.mjs';
import { AMOUNT_FEN, notificationHeaders, paidNotification } from './lib/wechatpay-notify.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const LIST = `${API}/device/list`;
const GROUP_ADD = `${API}/device/group/add`;
const IMPORT = `${API}/device/import`;
const REPORT = `${API}/report/device`;
const NOTIFY = '/api/v1/pay/wechat/notify';
/** HAProxy's health check: `inter 1s fall 2`, so a dead node is out after about 2 s; failures later than this after the kill count against the scenario. */
const TAKEOUT_MAX_S = 4;

/**
 * One HTTP call through HAProxy, recorded: { kind, key, t0, t1 (ms, performance.now()), status,
 * servedBy, ok, fail: null | 'connection' | 'http 502' | … | 'envelope', obj }.
 */
async function call(kind, key, url, { method = 'POST', headers = {}, body, okStatus = (s) => s >= 200 && s < 300, envelope = true }) {
  const rec = { kind, key, t0: performance.now(), t1: 0, status: 0, servedBy: null, ok: false, fail: null, obj: null };
  try {
    const res = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(60_000) });
    rec.status = res.status;
    rec.servedBy = res.headers.get('x-served-by');
    const text = await res.text();
    rec.t1 = performance.now();
    if (!okStatus(res.status)) rec.fail = `http ${res.status}`;
    else if (envelope) {
      const j = JSON.parse(text);
      rec.obj = j.obj;
      if (j.success) rec.ok = true;
      else rec.fail = `envelope ${j.code ?? ''} ${String(j.msg ?? '').slice(0, 80)}`;
    } else rec.ok = true;
  } catch (e) {
    rec.t1 = performance.now();
    rec.fail = `connection (${e.cause?.code ?? e.name})`;
  }
  return rec;
}

const signedJson = (lb, session, path, obj) => {
  const body = JSON.stringify(obj);
  return { url: `${lb}${path}`, headers: { 'content-type': 'application/json', ...signedHeaders({ ...session, method: 'POST', url: path, body }) }, body };
};

/** ['a', 'b', 'a'] → ['a × 2', 'b × 1'] */
const tally = (list) => {
  const m = new Map();
  for (const k of list) m.set(k, (m.get(k) ?? 0) + 1);
  return [...m].map(([k, n]) => `${k} × ${n}`);
};

/** Loops `fn(i)` until `until()` says stop, collecting its records. */
async function loop(records, until, fn) {
  for (let i = 0; !until(); i++) records.push(await fn(i));
}

/** A failure the fault explains: a connection error, or HAProxy's 502/503/504 while it had not yet taken the node out. */
const expectedFailure = (r) => r.fail?.startsWith('connection') || ['http 502', 'http 503', 'http 504'].includes(r.fail);

// ------------------------------------------------------------------ WeChat Pay notifications

function payments(state) {
  const dataDir = join(state.dir, 'data');
  const keys = ensureEmbeddedKeys(dataDir);
  const platformPrivateKey = readFileSync(join(dataDir, 'wechatpay', 'platform_private_key.pem'), 'utf8');
  const notification = (orderNo) => paidNotification(keys, orderNo).body;
  /** Headers signed now: a retry is the same body signed again. */
  const headers = (body) => notificationHeaders(keys, platformPrivateKey, body);
  return { notification, headers };
}

async function pendingOrders(c, prefix, count) {
  await c.query(
    `INSERT INTO orders (order_no, company_id, product_type, product_name_zh, product_name_en, unit_price_fen, quantity, total_fen,
                         pay_method, payer_name, expires_at)
     SELECT $1 || lpad(g::text, 6, '0'), (SELECT id FROM companies WHERE parent_id IS NULL ORDER BY created_at LIMIT 1),
            0, '设备 License', 'Device License', $2::int, 1, $2::int, 'wechat', 'bench', now() + interval '2 hours'
     FROM generate_series(1, $3) g`,
    [prefix, AMOUNT_FEN, count],
  );
  return Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(6, '0')}`);
}

// ------------------------------------------------------------------ a) kill -9 of node2

async function scenarioKill({ state, c, session, company, log }) {
  const lb = state.urls.console;
  const run = Date.now().toString(36);
  const pay = payments(state);
  const orders = await pendingOrders(c, `K${run}`.slice(0, 14), 3000);
  const files = [];
  for (let k = 0; k < 12; k++) files.push({ name: `kill-${run}-${k}.xlsx`, buf: await importFile(1000, 500 + k) });
  await grantLicenses(c, company.id, 20_000);

  const records = [];
  let stop = false;
  const until = () => stop;
  const t0 = performance.now();
  const workers = [];
  // writes: device groups with unique names, 4 clients
  for (let w = 0; w < 4; w++)
    workers.push(
      loop(records, until, (i) => {
        const name = `kill-${run}-${w}-${i}`;
        const r = signedJson(lb, session, GROUP_ADD, { name });
        return call('group', name, r.url, r);
      }),
    );
  // reads: the device list, 2 clients
  for (let w = 0; w < 2; w++)
    workers.push(
      loop(records, until, () => {
        const r = signedJson(lb, session, LIST, { pageNum: 1, pageSize: 20 });
        return call('read', null, r.url, r);
      }),
    );
  // WeChat Pay notifications, 2 clients, each paying a different order
  let nextOrder = 0;
  const bodies = new Map();
  for (let w = 0; w < 2; w++)
    workers.push(
      loop(records, until, () => {
        const orderNo = orders[nextOrder++];
        const body = pay.notification(orderNo);
        bodies.set(orderNo, body);
        return call('pay', orderNo, `${lb}${NOTIFY}`, { headers: pay.headers(body), body, envelope: false });
      }),
    );
  // imports of 1,000 devices each, one after another
  let nextFile = 0;
  workers.push(
    loop(
      records,
      () => stop || nextFile >= files.length,
      () => {
        const f = files[nextFile++];
        const { body, contentType } = multipartBody([
          { name: 'region', value: 'china_mainland' },
          { name: 'file', value: f.buf, filename: f.name },
        ]);
        return call('import', f.name, `${lb}${IMPORT}`, {
          headers: { ...signedHeaders({ ...session, method: 'POST', url: IMPORT, body }), 'content-type': contentType },
          body,
        });
      },
    ),
  );

  await sleep(2000);
  const runningJobs = async () => (await c.query(`SELECT id FROM jobs WHERE status = 'running'`)).rows.map((r) => r.id);
  // HAProxy says when it takes the node out (its warnings go to its log, haproxy.log): only what it writes from now on counts
  const haproxyLog = join(state.dir, 'haproxy.log');
  const logFrom = readFileSync(haproxyLog).length;
  const saysDown = () => /node2 is DOWN/.test(readFileSync(haproxyLog).subarray(logFrom).toString('utf8'));
  const killAt = performance.now();
  await killNode(state, 1);
  const jobsAtKill = await runningJobs();
  let downAt = null;
  const watch = (async () => {
    while (!stop && downAt === null) {
      if (saysDown()) downAt = performance.now();
      else await sleep(25);
    }
  })();
  await sleep(6000);
  stop = true;
  await Promise.all(workers);
  await watch;
  if (downAt === null && saysDown()) downAt = performance.now();
  const rel = (t) => round((t - killAt) / 1000, 3);

  // WeChat Pay retries what was not acknowledged: so does the bench, until each is acknowledged
  const payFailed = records.filter((r) => r.kind === 'pay' && !r.ok);
  const retries = [];
  for (const r of payFailed)
    for (let attempt = 0; attempt < 5; attempt++) {
      const body = bodies.get(r.key);
      const again = await call('pay-retry', r.key, `${lb}${NOTIFY}`, { headers: pay.headers(body), body, envelope: false });
      retries.push(again);
      if (again.ok) break;
      await sleep(500);
    }

  // ---- against the database
  const failures = records.filter((r) => !r.ok);
  const unexpected = failures.filter((r) => !expectedFailure(r) || r.t0 > killAt + TAKEOUT_MAX_S * 1000 || r.t1 < killAt);
  const lastFailure = failures.length ? Math.max(...failures.map((r) => r.t1)) : null;
  const after = records.filter((r) => r.t0 > killAt + TAKEOUT_MAX_S * 1000);
  const servedByNode2After = records.filter((r) => r.servedBy === 'node2' && r.t0 > killAt).length;

  const groupNames = records.filter((r) => r.kind === 'group').map((r) => r.key);
  const { rows: groupRows } = await c.query('SELECT name, count(*)::int AS n FROM device_groups WHERE company_id = $1 AND name = ANY($2) GROUP BY name', [
    company.id,
    groupNames,
  ]);
  const groupCount = new Map(groupRows.map((r) => [r.name, r.n]));
  const groupAcked = records.filter((r) => r.kind === 'group' && r.ok);
  const groupLost = groupAcked.filter((r) => groupCount.get(r.key) !== 1).length;
  const groupDup = groupRows.filter((r) => r.n > 1).length;
  const groupUnackedCommitted = records.filter((r) => r.kind === 'group' && !r.ok && groupCount.has(r.key)).length;

  const payOrders = records.filter((r) => r.kind === 'pay').map((r) => r.key);
  const { rows: payRows } = await c.query(
    `SELECT o.order_no, o.status, (SELECT count(*)::int FROM license_ledger l WHERE l.ref = o.order_no AND l.reason = 'purchase') AS ledger
     FROM orders o WHERE o.order_no = ANY($1)`,
    [payOrders],
  );
  const payState = new Map(payRows.map((r) => [r.order_no, r]));
  const payAcked = records.filter((r) => r.kind === 'pay' && r.ok);
  const payLost = payAcked.filter((r) => payState.get(r.key)?.status !== 'completed' || payState.get(r.key)?.ledger !== 1).length;
  const payDup = payRows.filter((r) => r.ledger > 1).length;
  const payNotPaidAfterRetry = payRows.filter((r) => r.status !== 'completed' || r.ledger !== 1).length;

  const importNames = records.filter((r) => r.kind === 'import').map((r) => r.key);
  const { rows: tasks } = await c.query(
    `SELECT t.id, t.task_name, t.status, t.succeeded, (SELECT count(*)::int FROM devices d WHERE d.import_task_id = t.id) AS devices
     FROM import_tasks t WHERE t.task_name = ANY($1)`,
    [importNames],
  );
  const taskByName = new Map();
  for (const t of tasks) taskByName.set(t.task_name, [...(taskByName.get(t.task_name) ?? []), t]);
  const importAcked = records.filter((r) => r.kind === 'import' && r.ok);
  const importLost = importAcked.filter((r) => {
    const t = taskByName.get(r.key) ?? [];
    return t.length !== 1 || t[0].status !== 'done' || t[0].devices !== t[0].succeeded || t[0].succeeded !== 1000;
  }).length;
  const importDup = [...taskByName.values()].filter((t) => t.length > 1).length;
  const importInterrupted = records
    .filter((r) => r.kind === 'import' && !r.ok)
    .map((r) => ({ file: r.key, fail: r.fail, tasks: (taskByName.get(r.key) ?? []).map((t) => ({ status: t.status, devices: t.devices })) }));
  // an interrupted import is all or nothing: its task has no devices unless it finished
  const importHalfDone = importInterrupted.filter((i) => i.tasks.some((t) => t.status !== 'done' && t.devices > 0)).length;
  const importStuckRunning = importInterrupted.filter((i) => i.tasks.some((t) => t.status === 'running')).length;

  // jobs that were running when node2 died: their lease (60 s) runs out and another node takes them
  let jobsTakenOverS = null;
  let jobsStuck = [];
  if (jobsAtKill.length) {
    const deadline = Date.now() + 75_000;
    for (;;) {
      const { rows } = await c.query(`SELECT id FROM jobs WHERE id = ANY($1) AND status = 'running'`, [jobsAtKill]);
      jobsStuck = rows.map((r) => r.id);
      if (!jobsStuck.length || Date.now() > deadline) break;
      await sleep(1000);
    }
    jobsTakenOverS = jobsStuck.length ? null : rel(performance.now());
  }

  const byKind = (k) => {
    const rs = records.filter((r) => r.kind === k);
    return { requests: rs.length, ok: rs.filter((r) => r.ok).length, failed: rs.filter((r) => !r.ok).length };
  };
  const lost = groupLost + payLost + importLost;
  const duplicates = groupDup + payDup + importDup;
  const takeoutS = downAt === null ? null : rel(downAt);
  const pass =
    lost === 0 &&
    duplicates === 0 &&
    unexpected.length === 0 &&
    after.every((r) => r.ok) &&
    servedByNode2After === 0 &&
    payNotPaidAfterRetry === 0 &&
    importHalfDone === 0 &&
    takeoutS !== null &&
    takeoutS <= TAKEOUT_MAX_S &&
    jobsStuck.length === 0 &&
    importAcked.length > 0;
  const out = {
    scenario: 'kill -9 node2 under load',
    pass,
    requests: records.length,
    failed: failures.length,
    lostWrites: lost,
    duplicates,
    recoveryS: lastFailure === null ? 0 : rel(lastFailure),
    figures: {
      loadSeconds: round((performance.now() - t0) / 1000, 1),
      byKind: { group: byKind('group'), read: byKind('read'), pay: byKind('pay'), import: byKind('import') },
      failuresByType: tally(failures.map((r) => `${r.kind}: ${r.fail}`)),
      failuresWindowS: failures.length ? [rel(Math.min(...failures.map((r) => r.t0))), rel(lastFailure)] : null,
      unexpectedFailures: unexpected.slice(0, 10).map((r) => ({ kind: r.kind, fail: r.fail, startS: rel(r.t0), endS: rel(r.t1) })),
      haproxyTookNode2OutAfterS: takeoutS,
      requestsAfterTakeoutWindow: after.length,
      requestsAfterTakeoutWindowFailed: after.filter((r) => !r.ok).length,
      servedByNode2AfterKill: servedByNode2After,
      groups: { acknowledged: groupAcked.length, lost: groupLost, duplicates: groupDup, unacknowledgedButCommitted: groupUnackedCommitted },
      payments: {
        acknowledged: payAcked.length,
        lost: payLost,
        doubleDelivered: payDup,
        retried: payFailed.length,
        retryAttempts: retries.length,
        notPaidOnceAfterRetries: payNotPaidAfterRetry,
      },
      imports: {
        acknowledged: importAcked.length,
        lostOrNotDone: importLost,
        duplicates: importDup,
        interrupted: importInterrupted,
        interruptedHalfDone: importHalfDone,
        interruptedLeftRunning: importStuckRunning,
      },
      jobs: { runningAtKill: jobsAtKill.length, takenOverWithinS: jobsTakenOverS, stillRunning: jobsStuck.length },
    },
  };
  log(`  a) ${pass ? 'PASS' : 'FAIL'} ${JSON.stringify(out.figures)}`);
  return out;
}

// ------------------------------------------------------------------ b) the replica stopped and started

async function readyStates(nodes) {
  return Promise.all(
    nodes.map(async (u) => {
      try {
        const res = await fetch(`${u}/readyz`, { signal: AbortSignal.timeout(2000) });
        const j = await res.json();
        return { status: res.status, replica: j.replica?.state ?? 'none' };
      } catch {
        return { status: 0, replica: 'down' };
      }
    }),
  );
}

/** Polls every node's /readyz until all say `want`; returns { firstS, allS } from `since` (null when not within `timeoutMs`). */
async function waitReplicaState(nodes, want, since, timeoutMs, seen) {
  let first = null;
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const s = await readyStates(nodes);
    seen.push(...s.map((x) => x.status));
    const n = s.filter((x) => x.replica === want).length;
    if (n && first === null) first = performance.now();
    if (n === nodes.length) return { firstS: round((first - since) / 1000, 2), allS: round((performance.now() - since) / 1000, 2) };
    await sleep(100);
  }
  return { firstS: first === null ? null : round((first - since) / 1000, 2), allS: null };
}

async function scenarioReplica({ state, session, log }) {
  const lb = state.urls.console;
  const nodes = state.urls.nodes;
  const statuses = [];
  const before = await waitReplicaState(nodes, 'ok', performance.now(), 30_000, statuses);
  if (before.allS === null) log('  b) warning: the replica was not `ok` on every node before the scenario');
  const records = [];
  let stop = false;
  const workers = [];
  for (let w = 0; w < 3; w++)
    workers.push(
      loop(
        records,
        () => stop,
        () => {
          const r = signedJson(lb, session, REPORT, { period: '7d' });
          return call('report', null, r.url, r);
        },
      ),
    );
  await sleep(1500);
  const stopAt = performance.now();
  await stopReplicaFast(state);
  const stoppedS = round((performance.now() - stopAt) / 1000, 2);
  const down = await waitReplicaState(nodes, 'unreachable', stopAt, 20_000, statuses);
  await sleep(1500);
  const startAt = performance.now();
  await startReplicaAgain(state);
  const startedS = round((performance.now() - startAt) / 1000, 2);
  const up = await waitReplicaState(nodes, 'ok', startAt, 60_000, statuses);
  await sleep(1500);
  stop = true;
  await Promise.all(workers);
  const failed = records.filter((r) => !r.ok);
  const notReady = statuses.filter((s) => s !== 200).length;
  const pass = records.length > 0 && failed.length === 0 && down.allS !== null && down.allS <= 10 && up.allS !== null && notReady === 0;
  const out = {
    scenario: 'replica stopped and started',
    pass,
    requests: records.length,
    failed: failed.length,
    lostWrites: 0,
    duplicates: 0,
    recoveryS: up.allS,
    figures: {
      pgCtlStopS: stoppedS,
      unreachableOnFirstNodeS: down.firstS,
      unreachableOnAllNodesS: down.allS,
      pgCtlStartS: startedS,
      okOnFirstNodeS: up.firstS,
      okOnAllNodesS: up.allS,
      readyzAnswersNot200: notReady,
      failures: failed.slice(0, 5).map((r) => r.fail),
    },
  };
  log(`  b) ${pass ? 'PASS' : 'FAIL'} ${JSON.stringify(out.figures)}`);
  return out;
}

// ------------------------------------------------------------------ c) PgBouncer restarted

async function scenarioPgbouncer({ state, session, log, pgbouncerDownMs = 1000 }) {
  const lb = state.urls.console;
  const nodePids = [...state.pids.nodes];
  const haproxyLog = join(state.dir, 'haproxy.log');
  const logFrom = readFileSync(haproxyLog).length;
  const records = [];
  let stop = false;
  const workers = [];
  for (let w = 0; w < 4; w++)
    workers.push(
      loop(
        records,
        () => stop,
        () => {
          const r = signedJson(lb, session, LIST, { pageNum: 1, pageSize: 20 });
          return call('read', null, r.url, r);
        },
      ),
    );
  await sleep(2000);
  const killAt = performance.now();
  await killPgbouncer(state);
  await sleep(pgbouncerDownMs);
  const restartAt = performance.now();
  await startPgbouncer(state);
  const listeningS = round((performance.now() - restartAt) / 1000, 2);
  // until 3 s pass without a failure (at most 30 s)
  const deadline = performance.now() + 30_000;
  for (;;) {
    await sleep(250);
    const lastFail = Math.max(0, ...records.filter((r) => !r.ok).map((r) => r.t1));
    if (performance.now() - Math.max(lastFail, restartAt) > 3000 || performance.now() > deadline) break;
  }
  const settled = performance.now();
  await sleep(3000);
  stop = true;
  await Promise.all(workers);
  const rel = (t) => round((t - restartAt) / 1000, 2);
  const failed = records.filter((r) => !r.ok);
  const lastFail = failed.length ? Math.max(...failed.map((r) => r.t1)) : null;
  const firstOkAfter = records.filter((r) => r.ok && r.t0 >= restartAt).sort((a, b) => a.t1 - b.t1)[0];
  const afterSettled = records.filter((r) => r.t0 > settled);
  const nodesAlive = nodePids.every((p) => {
    try {
      process.kill(p, 0);
      return true;
    } catch {
      return false;
    }
  });
  const samePids = nodePids.every((p, i) => state.pids.nodes[i] === p);
  const recoveryS = lastFail === null ? 0 : rel(lastFail);
  const pass = afterSettled.length > 0 && afterSettled.every((r) => r.ok) && nodesAlive && samePids && recoveryS <= 15;
  const out = {
    scenario: 'PgBouncer killed and restarted',
    pass,
    requests: records.length,
    failed: failed.length,
    lostWrites: 0,
    duplicates: 0,
    recoveryS,
    figures: {
      downS: round((restartAt - killAt) / 1000, 2),
      listeningAfterRestartS: listeningS,
      firstSuccessAfterRestartS: firstOkAfter ? rel(firstOkAfter.t1) : null,
      lastFailureAfterRestartS: lastFail === null ? null : rel(lastFail),
      failuresWindowFromKillS: failed.length ? [round((Math.min(...failed.map((r) => r.t0)) - killAt) / 1000, 2), round((lastFail - killAt) / 1000, 2)] : null,
      failuresByType: tally(failed.map((r) => r.fail)),
      requestsAfterRecovery: afterSettled.length,
      failedAfterRecovery: afterSettled.filter((r) => !r.ok).length,
      nodesNotRestarted: nodesAlive && samePids,
      // whether HAProxy's health checks (/readyz) took nodes out meanwhile
      haproxyNodesDown: (
        readFileSync(haproxyLog)
          .subarray(logFrom)
          .toString('utf8')
          .match(/node\d is DOWN/g) ?? []
      ).length,
    },
  };
  log(`  c) ${pass ? 'PASS' : 'FAIL'} ${JSON.stringify(out.figures)}`);
  return out;
}

// ------------------------------------------------------------------

export async function run({ only = ['kill', 'replica', 'pgbouncer'], pgbouncerDownMs = 1000, log = console.log } = {}) {
  selfCheck();
  const state = await startBenchCluster(3, { log });
  let c;
  const scenarios = [];
  try {
    c = await primaryClient(state);
    const company = await demoCompany(c);
    await seedCompanyDevices(c, company.id, 2000);
    const session = await signIn(state.urls.console);
    const ctx = { state, c, session, company, log, pgbouncerDownMs };
    // the replica and PgBouncer first, on all three nodes; the kill last (it leaves two)
    if (only.includes('replica')) scenarios.push(await scenarioReplica(ctx));
    if (only.includes('pgbouncer')) scenarios.push(await scenarioPgbouncer(ctx));
    if (only.includes('kill')) scenarios.push(await scenarioKill(ctx));
  } finally {
    await c?.end().catch(() => {});
    await stopBenchCluster(state);
  }
  return { bench: 'cluster-faults', date: new Date().toISOString(), scenarios, pass: scenarios.every((s) => s.pass) };
}

export function report(r) {
  const cols = ['scenario', 'requests', 'failed', 'lost writes', 'duplicates', 'recovery s', 'result'];
  const w = [32, 9, 7, 12, 11, 11, 6];
  const row = (v) => v.map((x, i) => (i === 0 ? String(x).padEnd(w[i]) : String(x).padStart(w[i]))).join(' ');
  return [
    'cluster-faults (3 nodes behind HAProxy, PgBouncer, streaming replica):',
    row(cols),
    ...r.scenarios.map((s) => row([s.scenario, s.requests, s.failed, s.lostWrites, s.duplicates, s.recoveryS ?? '-', s.pass ? 'PASS' : 'FAIL'])),
    ...r.scenarios.map((s) => `  ${s.scenario}: ${JSON.stringify(s.figures)}`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', default: 'kill,replica,pgbouncer' },
      'pgbouncer-down-ms': { type: 'string', default: '1000' },
      json: { type: 'string' },
    },
  });
  stopOnSignal();
  let r;
  try {
    r = await run({ only: values.only.split(','), pgbouncerDownMs: Number(values['pgbouncer-down-ms']) });
  } catch (e) {
    console.error(`cluster-faults: ${e.stack ?? e.message}`);
    process.exit(1);
  }
  console.log(`\n${report(r)}`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify(r, null, 2)}\n`);
  process.exit(r.pass ? 0 : 1);
}
