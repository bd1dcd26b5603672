// Throughput of the local cluster (scripts/cluster.mjs) through HAProxy with 1, 2 and 3 API nodes
// in one run: a cluster of each size is started in turn (fresh database, replica, PgBouncer,
// HAProxy), 5,000 devices are seeded for the demo company, then
//   - signed POST /api/v1/rrp/device/list (every request signed on its own, pre-signed before
//     the run so the load generator's HMACs stay out of the measurement),
//   - batched POST /api/v1/device/report (signed with the company's device key) → rows/s,
// with the CPU each component used per request from /proc: every node, HAProxy, PgBouncer, the
// primary's processes (its background processes and the database's backends), the replica's
// and the load generator. Ends with a projection of capacity from the measured CPU shares.
// Usage: node bench/cluster-load.mjs [--nodes 1,2,3] [--seconds 8] [--connections 12]
//   [--report-connections 4] [--batch 500] [--devices 5000] [--json out.json]
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { clusterMeter, primaryClient, primaryPostmaster, seedCompanyDevices, startBenchCluster, stopBenchCluster, stopOnSignal } from './lib/cluster-bench.mjs';
import { machineBusy } from './lib/cpu.mjs';
import { load } from './lib/devices-load.mjs';
import { demoCompany, deviceKey, deviceReports } from './lib/devices-seed.mjs';
import { API, signedPost, signIn } from './lib/rrp.mjs';
import { selfCheck, signedHeaders } from './lib/signing.mjs';
import { round } from './lib/stats.mjs';

const LIST = `${API}/device/list`;
const LIST_BODY = JSON.stringify({ pageNum: 1, pageSize: 20 });
const REPORT = '/api/v1/device/report';
const COMPONENTS = ['api', 'haproxy', 'pgbouncer', 'primary', 'primaryBg', 'replica', 'loadgen'];

/** CPU seconds per component → µs per request (or per `per` units). */
const perRequest = (used, n) => {
  const out = {};
  for (const k of COMPONENTS) out[k] = n ? round((used[k] / n) * 1e6, 0) : null;
  out.nodes = used.nodes.map((s) => (n ? round((s / n) * 1e6, 0) : null));
  out.server = n ? round(((used.api + used.haproxy + used.pgbouncer + used.primary + used.primaryBg + used.replica) / n) * 1e6, 0) : null;
  out.total = n ? round(out.server + out.loadgen, 0) : null;
  return out;
};

/** One measured autocannon run with the cluster meter around it. */
async function measured(meter, url, opts) {
  const stop = meter();
  const t0 = performance.now();
  const r = await load(url, opts);
  const used = stop();
  return { ...r, used, wallS: (performance.now() - t0) / 1000 };
}

async function oneSize(nodes, { seconds, connections, reportConnections, batch, devices, log }) {
  const state = await startBenchCluster(nodes, { log });
  const lb = state.urls.console;
  let c;
  try {
    c = await primaryClient(state);
    const postmaster = await primaryPostmaster(c);
    const meter = clusterMeter(state, postmaster);
    const company = await demoCompany(c);
    await seedCompanyDevices(c, company.id, devices);
    const key = await deviceKey(c, company.id);
    const session = await signIn(lb);
    const first = await signedPost(lb, session, LIST, JSON.parse(LIST_BODY));
    if (!first.success || first.obj.total < devices) throw new Error(`device/list: ${JSON.stringify(first).slice(0, 300)}`);

    // ---- device list: every request signed on its own, signed before the run
    let pool = [];
    const sign = () => signedHeaders({ ...session, method: 'POST', url: LIST, body: LIST_BODY });
    const presign = (n) => {
      pool = Array.from({ length: n }, sign);
    };
    const headers = () => pool.pop() ?? sign();
    presign(3000);
    const warm = await load(lb, { path: LIST, body: LIST_BODY, seconds: 2, connections, headers });
    presign(Math.ceil(Math.max(warm.rps, 500) * seconds * 1.6));
    const list = await measured(meter, lb, { path: LIST, body: LIST_BODY, seconds, connections, headers });
    const listCpu = perRequest(list.used, list.ok);
    log(
      `  ${nodes} node(s) device/list: ${list.rps.toFixed(0)} req/s, p50 ${list.p50.toFixed(2)} ms, p99 ${list.p99.toFixed(2)} ms, ` +
        `non-2xx ${list.non2xx}, errors ${list.errors}; CPU µs/req ${JSON.stringify(listCpu)}`,
    );

    // ---- report ingestion: `batch` reports per call, different devices per call (round robin over the seeded ones)
    const at = new Date(Date.now() - 60_000).toISOString();
    const bodies = [];
    for (let k = 0; k * batch < devices; k++)
      bodies.push(
        JSON.stringify({
          reports: deviceReports(k * batch, Math.min(batch, devices - k * batch), at),
        }),
      );
    const rowsOf = bodies.map((b) => JSON.parse(b).reports.length);
    let reqs = [];
    // each call carries its own time, later than the calls before it (as devices reporting over
    // time do): a report is then its devices' newest, and the simulated fleet leaves them alone
    let signedAt = Date.parse(at);
    const signReport = (i) => {
      signedAt = Math.max(signedAt + 1, Date.now() - 1000);
      const body = bodies[i % bodies.length].replaceAll(at, new Date(signedAt).toISOString());
      return { body, headers: signedHeaders({ secretKey: key.secret, token: key.keyId, method: 'POST', url: REPORT, body }) };
    };
    const presignReports = (n) => {
      reqs = Array.from({ length: n }, (_, i) => signReport(i)).reverse();
    };
    let extra = 0;
    const setup = (req) => {
      const r = reqs.pop() ?? signReport(extra++);
      return { ...req, body: r.body, headers: { ...req.headers, ...r.headers } };
    };
    const firstReport = signReport(0);
    const check = await (
      await fetch(`${lb}${REPORT}`, { method: 'POST', headers: { 'content-type': 'application/json', ...firstReport.headers }, body: firstReport.body })
    ).json();
    if (!check.success || check.obj.accepted !== rowsOf[0]) throw new Error(`device/report: ${JSON.stringify(check).slice(0, 300)}`);
    presignReports(400);
    const warmR = await load(lb, { path: REPORT, body: bodies[0], seconds: 2, connections: reportConnections, setup });
    presignReports(Math.ceil(Math.max(warmR.rps, 20) * seconds * 1.6));
    const count = async () => Number((await c.query('SELECT count(*)::bigint AS n FROM device_reports')).rows[0].n);
    const rows0 = await count();
    const ing = await measured(meter, lb, { path: REPORT, body: bodies[0], seconds, connections: reportConnections, setup });
    const rows = (await count()) - rows0;
    const rowsPerS = rows / seconds;
    const ingCpu = perRequest(ing.used, ing.ok);
    const ingCpuRow = perRequest(ing.used, rows);
    log(
      `  ${nodes} node(s) device/report: ${ing.rps.toFixed(1)} calls/s, ${rowsPerS.toFixed(0)} rows/s (${rows} rows written), ` +
        `p50 ${ing.p50.toFixed(1)} ms, p99 ${ing.p99.toFixed(1)} ms, non-2xx ${ing.non2xx}, errors ${ing.errors}`,
    );
    const clean = (r) => ({ rps: round(r.rps, 1), p50Ms: round(r.p50, 2), p99Ms: round(r.p99, 2), ok: r.ok, non2xx: r.non2xx, errors: r.errors });
    return {
      nodes,
      list: { ...clean(list), cpuUsPerRequest: listCpu },
      report: { ...clean(ing), batch, rows, rowsPerS: round(rowsPerS, 0), cpuUsPerCall: ingCpu, cpuUsPerRow: ingCpuRow },
    };
  } finally {
    await c?.end().catch(() => {});
    await stopBenchCluster(state);
  }
}

/**
 * Capacity from the CPU per request (the run is CPU-bound on this machine): the API nodes scale
 * with the machines they get; HAProxy, PgBouncer and the primary are one each.
 */
export function projection(cpu, { coresPerMachine = 2, machines = [1, 2, 4, 8, 16] } = {}) {
  const perCore = round(1e6 / cpu.server, 0);
  const rows = machines.map((n) => {
    const limits = {
      api: (n * coresPerMachine * 1e6) / cpu.api,
      haproxy: (coresPerMachine * 1e6) / Math.max(cpu.haproxy, 1),
      // PgBouncer is single-threaded: one core at most; it shares the database machine with the primary
      pgbouncer: 1e6 / Math.max(cpu.pgbouncer, 1),
      database: (coresPerMachine * 1e6) / Math.max(cpu.primary + cpu.primaryBg + cpu.pgbouncer, 1),
    };
    const [bottleneck, rps] = Object.entries(limits).sort((a, b) => a[1] - b[1])[0];
    return { apiMachines: n, rps: round(rps, 0), bottleneck, limits: Object.fromEntries(Object.entries(limits).map(([k, v]) => [k, round(v, 0)])) };
  });
  return { perCoreRps: perCore, thisMachineRps: round((coresPerMachine * 1e6) / cpu.total, 0), rows };
}

export async function run({ nodes = [1, 2, 3], seconds = 8, connections = 12, reportConnections = 4, batch = 500, devices = 5000, log = console.log } = {}) {
  selfCheck();
  const busy = await machineBusy(1000);
  if (busy > 0.2) log(`  warning: the machine was ${Math.round(busy * 100)}% busy before the run; figures will be noisy`);
  const results = [];
  for (const n of nodes) results.push(await oneSize(n, { seconds, connections, reportConnections, batch, devices, log }));
  const last = results[results.length - 1];
  return {
    bench: 'cluster-load',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, busyBefore: busy === null ? null : round(busy, 2) },
    settings: { nodes, seconds, connections, reportConnections, batch, devices },
    results,
    projection: {
      basis: `${last.nodes} node(s)`,
      list: projection(last.list.cpuUsPerRequest, { coresPerMachine: cpus().length }),
      report: projection(last.report.cpuUsPerCall, { coresPerMachine: cpus().length }),
    },
  };
}

const pad = (s, n) => String(s).padStart(n);

export function report(r) {
  const out = [];
  const cpuCols = 'nodes (each) / api / haproxy / pgbouncer / primary backends / primary background / replica / loadgen / total';
  const cpuText = (cpu) =>
    `${cpu.nodes.join('+')} / ${cpu.api} / ${cpu.haproxy} / ${cpu.pgbouncer} / ${cpu.primary} / ${cpu.primaryBg} / ${cpu.replica} / ${cpu.loadgen} / ${cpu.total}`;
  out.push(`cluster-load: signed POST ${LIST} ${LIST_BODY} through HAProxy, ${r.settings.connections} connections, ${r.settings.seconds} s`);
  out.push(`${'nodes'.padEnd(6)}${pad('req/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)} | CPU µs/request: ${cpuCols}`);
  for (const x of r.results)
    out.push(`${String(x.nodes).padEnd(6)}${pad(x.list.rps, 8)}${pad(x.list.p50Ms, 8)}${pad(x.list.p99Ms, 8)} | ${cpuText(x.list.cpuUsPerRequest)}`);
  out.push('');
  out.push(
    `cluster-load: POST ${REPORT}, ${r.settings.batch} reports per call (${r.settings.devices} devices of the demo company), ${r.settings.reportConnections} connections, ${r.settings.seconds} s`,
  );
  out.push(`${'nodes'.padEnd(6)}${pad('rows/s', 8)}${pad('calls/s', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)} | CPU µs/call: ${cpuCols} (total per row)`);
  for (const x of r.results)
    out.push(
      `${String(x.nodes).padEnd(6)}${pad(x.report.rowsPerS, 8)}${pad(x.report.rps, 8)}${pad(x.report.p50Ms, 8)}${pad(x.report.p99Ms, 8)} | ` +
        `${cpuText(x.report.cpuUsPerCall)} (${x.report.cpuUsPerRow.total} µs/row)`,
    );
  const p = r.projection;
  const cores = r.machine.cpus;
  out.push('');
  out.push(
    `${r.machine.busyBefore > 0.2 ? `Note: the machine was ${Math.round(r.machine.busyBefore * 100)} % busy before the run (something else running): req/s are low, CPU per request less affected.\n` : ''}Projection (from the ${p.basis} run's CPU per request). Assumption: the run is CPU-bound (${cores} cores shared by everything), so capacity = cores × 1e6 / CPU µs per request;`,
  );
  out.push(
    `the API nodes scale with the machines they get (${cores} cores each); HAProxy (one ${cores}-core machine), PgBouncer (single-threaded: 1 core) and the primary (with PgBouncer on one ${cores}-core machine) do not; the load generator runs elsewhere; the replica is left out (it only replays the WAL).`,
  );
  for (const [name, unit, pr] of [
    ['device/list', 'req/s', p.list],
    ['device/report', 'calls/s', p.report],
  ]) {
    out.push(
      `  ${name}: capacity per core (server side, ${unit}) = 1e6 / server CPU µs = ${pr.perCoreRps}; this whole machine incl. load generator ≈ ${pr.thisMachineRps} ${unit}`,
    );
    for (const row of pr.rows)
      out.push(
        `    ${pad(row.apiMachines, 2)} API machine(s): ≈ ${pad(row.rps, 7)} ${unit}, limited by ${row.bottleneck.padEnd(9)} (api ${row.limits.api}, haproxy ${row.limits.haproxy}, pgbouncer ${row.limits.pgbouncer}, database ${row.limits.database})`,
      );
  }
  return out.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      nodes: { type: 'string', default: '1,2,3' },
      seconds: { type: 'string', default: '8' },
      connections: { type: 'string', default: '12' },
      'report-connections': { type: 'string', default: '4' },
      batch: { type: 'string', default: '500' },
      devices: { type: 'string', default: '5000' },
      json: { type: 'string' },
    },
  });
  stopOnSignal();
  const r = await run({
    nodes: values.nodes.split(',').map(Number),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    reportConnections: Number(values['report-connections']),
    batch: Number(values.batch),
    devices: Number(values.devices),
  });
  console.log(`\n${report(r)}`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify(r, null, 2)}\n`);
}
