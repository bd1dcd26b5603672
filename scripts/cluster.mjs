// The local cluster (docs/scaling.md "The local cluster"): three API nodes behind HAProxy, on a
// fresh database of the machine's PostgreSQL through PgBouncer (transaction pooling), with a
// streaming read replica. `npm run cluster` runs it until Ctrl-C; `npm run cluster -- stop` stops
// a cluster started elsewhere (e.g. with --detach) from its state file.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { writeHaproxyConfig, writePgbouncerConfig, writeReplicaConfig } from './cluster/configs.mjs';
import { createDatabase, dropDatabase, ensurePackages, ensurePrimary, startReplica, stopReplica } from './cluster/postgres.mjs';
import { alive, daemon, httpStatus, listening, sbin, terminate, waitFor } from './cluster/proc.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER = join(ROOT, 'apps/server/dist/server.js');
export const STATE_FILE = join(tmpdir(), 'rrp-cluster', 'state.json');
const PRIMARY_PORT = 5432;

const say = (m) => process.stderr.write(`[cluster] ${m}\n`);

function readState(file = STATE_FILE) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function build() {
  say('apps/server/dist or apps/web/dist is missing: npm run build');
  return new Promise((resolve, reject) => {
    const p = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build failed (${code})`))));
  });
}

/** The ports of a cluster whose HAProxy listens on `port`: the nodes right after it, the once-only services further on. */
function portsFor(port, nodes, o) {
  return {
    haproxy: port,
    nodes: Array.from({ length: nodes }, (_, i) => port + 1 + i),
    mailSmtp: port + 25,
    mailHttp: port + 80,
    paySim: port + 89,
    primary: PRIMARY_PORT,
    pgbouncer: o.pgbouncerPort ?? 6432,
    replica: o.replicaPort ?? 5433,
  };
}

/** The log tail of a process that stopped early, for the error message. */
function tail(file) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-25).join('\n');
  } catch {
    return '';
  }
}

/**
 * Starts the cluster and resolves with its state (also written to `stateFile`) once HAProxy
 * serves every node. `env` is added to each node's environment; `simulator: false` keeps the
 * device fleet simulator off on node 1 too (benchmarks). A failure stops what was started.
 */
export async function startCluster({ nodes = 3, port = 8100, env = {}, stateFile = STATE_FILE, pgbouncerPort, replicaPort, simulator = true } = {}) {
  if (!Number.isInteger(nodes) || nodes < 1 || nodes > 3) throw new Error('--nodes must be 1, 2 or 3');
  if (!Number.isInteger(port) || port < 1024 || port > 65_000) throw new Error('--port must be a port number from 1024 to 65000');
  if (readState(stateFile)) {
    say(`a previous cluster's state file exists (${stateFile}): stopping that cluster first`);
    await stopCluster(undefined, { stateFile });
  }
  const ports = portsFor(port, nodes, { pgbouncerPort, replicaPort });
  const all = [ports.haproxy, ...ports.nodes, ports.mailSmtp, ports.mailHttp, ports.paySim, ports.pgbouncer, ports.replica];
  for (const p of all)
    if (await listening(p)) throw new Error(`port ${p} on 127.0.0.1 is in use (the cluster needs ${all.join(', ')}; --port moves the HTTP ones)`);

  await ensurePackages(say);
  await ensurePrimary(say);
  if (!existsSync(SERVER) || !existsSync(join(ROOT, 'apps/web/dist/index.html'))) await build();

  const dir = mkdtempSync(join(tmpdir(), 'rrp-cluster-'));
  chmodSync(dir, 0o755); // PgBouncer and the replica run as postgres and read their files here
  const runDir = join(dir, 'run');
  mkdirSync(runDir);
  const database = `rrp_cluster_${Date.now()}`;
  const state = { controller: process.pid, dir, database, ports, pids: { nodes: [] }, stateFile, logs: { nodes: [] } };
  const save = () => {
    mkdirSync(dirname(stateFile), { recursive: true });
    writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`);
  };
  save();

  try {
    say(`database ${database} on the primary (127.0.0.1:${PRIMARY_PORT})`);
    await createDatabase(database);
    state.databaseCreated = true;
    save();

    say(`read replica on 127.0.0.1:${ports.replica} (pg_basebackup of the whole instance)`);
    state.replicaDataDir = join(dir, 'replica');
    save();
    await startReplica(dir, runDir, ports.replica, (dataDir, primarySettings) => writeReplicaConfig(dataDir, runDir, { port: ports.replica, primarySettings }));

    say(`PgBouncer (transaction pooling) on 127.0.0.1:${ports.pgbouncer}`);
    const ini = writePgbouncerConfig(dir, runDir, { port: ports.pgbouncer, database, primaryPort: PRIMARY_PORT });
    let bouncerExit = null;
    const bouncer = daemon(sbin('pgbouncer'), ['-u', 'postgres', ini], { logFile: join(dir, 'pgbouncer.out'), onExit: (c) => (bouncerExit = c) });
    state.pids.pgbouncer = bouncer.pid;
    save();
    await waitFor('PgBouncer', () => listening(ports.pgbouncer), {
      timeoutMs: 15_000,
      failed: () => bouncerExit !== null && `exited (${bouncerExit}):\n${tail(join(runDir, 'pgbouncer.log'))}${tail(join(dir, 'pgbouncer.out'))}`,
    });

    const dataDir = join(dir, 'data');
    mkdirSync(dataDir);
    const shared = {
      ...process.env,
      NODE_ENV: 'development',
      ...env,
      HOST: '127.0.0.1',
      DATABASE_URL: `postgres://postgres@127.0.0.1:${ports.pgbouncer}/${database}`,
      DATABASE_POOLER: 'transaction',
      DATABASE_DIRECT_URL: `postgres://postgres@127.0.0.1:${PRIMARY_PORT}/${database}`,
      DATABASE_RELAXED_URL: `postgres://postgres@127.0.0.1:${ports.pgbouncer}/${database}_relaxed`,
      DATABASE_REPLICA_URL: `postgres://postgres@127.0.0.1:${ports.replica}/${database}`,
      RRP_DATA_DIR: dataDir,
      RRP_API_KEY_SECRET: randomBytes(32).toString('hex'),
      RRP_PUBLIC_URL: `http://127.0.0.1:${ports.haproxy}`,
      RRP_TRUST_PROXY: '127.0.0.1',
      RRP_JOBS: 'on',
      RRP_SHUTDOWN_DRAIN_SECONDS: '3',
      WECHATPAY_SIM_PORT: String(ports.paySim),
      RRP_MAILCATCHER_SMTP_PORT: String(ports.mailSmtp),
      RRP_MAILCATCHER_HTTP_PORT: String(ports.mailHttp),
    };
    const startNode = (i) => {
      const name = `node${i + 1}`;
      const first = i === 0;
      // node 1 runs the mail catcher (no SMTP_URL), the pay simulator and the device fleet; the others use its
      const nodeEnv = { ...shared, PORT: String(ports.nodes[i]), RRP_SIMULATOR: first && simulator ? 'on' : 'off' };
      if (first) delete nodeEnv.SMTP_URL;
      else nodeEnv.SMTP_URL = `smtp://127.0.0.1:${ports.mailSmtp}`;
      const logFile = join(dir, `${name}.log`);
      let exit = null;
      const child = daemon(process.execPath, [SERVER], { env: nodeEnv, logFile, onExit: (c, s) => (exit = s ?? c) });
      state.pids.nodes.push(child.pid);
      state.logs.nodes.push(logFile);
      save();
      say(`${name} on 127.0.0.1:${ports.nodes[i]} (log ${logFile})`);
      return waitFor(name, async () => (await httpStatus(`http://127.0.0.1:${ports.nodes[i]}/readyz`)) === 200, {
        timeoutMs: 90_000,
        failed: () => exit !== null && `exited (${exit}):\n${tail(logFile)}`,
      });
    };
    // node 1 alone first: it migrates, seeds, generates the WeChat Pay keys and starts the shared services
    await startNode(0);
    await Promise.all(ports.nodes.slice(1).map((_, i) => startNode(i + 1)));

    say(`HAProxy on 127.0.0.1:${ports.haproxy}`);
    const cfg = writeHaproxyConfig(dir, { port: ports.haproxy, nodes: ports.nodes.map((p, i) => ({ name: `node${i + 1}`, port: p })) });
    let proxyExit = null;
    const haproxy = daemon(sbin('haproxy'), ['-f', cfg, '-db'], { logFile: join(dir, 'haproxy.log'), onExit: (c) => (proxyExit = c) });
    state.pids.haproxy = haproxy.pid;
    save();
    // ready when every node has answered through it (its health checks found them all up)
    const seen = new Set();
    await waitFor(
      'HAProxy',
      async () => {
        const res = await fetch(`http://127.0.0.1:${ports.haproxy}/readyz`, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        if (res.status === 200) seen.add(res.headers.get('x-served-by'));
        return seen.size === nodes;
      },
      { timeoutMs: 30_000, everyMs: 100, failed: () => proxyExit !== null && `exited (${proxyExit}):\n${tail(join(dir, 'haproxy.log'))}` },
    );

    state.urls = {
      console: `http://127.0.0.1:${ports.haproxy}`,
      nodes: ports.nodes.map((p) => `http://127.0.0.1:${p}`),
      mailCatcher: `http://127.0.0.1:${ports.mailHttp}`,
      paySimulator: `http://127.0.0.1:${ports.paySim}`,
      primary: `postgres://postgres@127.0.0.1:${PRIMARY_PORT}/${database}`,
      pgbouncer: shared.DATABASE_URL,
      replica: shared.DATABASE_REPLICA_URL,
    };
    state.ready = true;
    save();
    return state;
  } catch (e) {
    say(`start failed: stopping what was started (the logs stay in ${dir})`);
    await stopCluster(state, { stateFile, keepLogs: true });
    throw e;
  }
}

/**
 * Stops a cluster: the given state, else the one in the state file. Idempotent; each step is
 * tried even when an earlier one failed. `keepLogs` leaves the node logs in the temp directory.
 */
export async function stopCluster(state, { stateFile = STATE_FILE, keepLogs = false } = {}) {
  const s = state ?? readState(stateFile);
  if (!s) return false;
  // a foreground `npm run cluster` elsewhere: let it stop its own cluster and exit
  if (!state && s.controller && s.controller !== process.pid && alive(s.controller)) {
    process.kill(s.controller, 'SIGTERM');
    const deadline = Date.now() + 45_000;
    while (alive(s.controller) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  }
  const problems = [];
  const step = (what, p) => p.catch((e) => problems.push(`${what}: ${e.message}`));
  await step('haproxy', terminate(s.pids?.haproxy));
  await Promise.all((s.pids?.nodes ?? []).map((pid, i) => step(`node${i + 1}`, terminate(pid, { graceMs: 8000 }))));
  await step('pgbouncer', terminate(s.pids?.pgbouncer));
  if (s.replicaDataDir && existsSync(s.replicaDataDir)) await step('replica', stopReplica(s.replicaDataDir));
  if (s.databaseCreated) await step('dropdb', dropDatabase(s.database));
  if (s.dir) {
    const replica = s.replicaDataDir ?? join(s.dir, 'replica');
    if (keepLogs) rmSync(replica, { recursive: true, force: true });
    else rmSync(s.dir, { recursive: true, force: true });
  }
  if (readState(stateFile)?.dir === s.dir) rmSync(stateFile, { force: true });
  for (const p of problems) say(`stop: ${p}`);
  return true;
}

function summary(s) {
  const u = s.urls;
  return [
    '',
    `  RRP Console cluster (${s.ports.nodes.length === 1 ? '1 node' : `${s.ports.nodes.length} nodes`}) — database ${s.database}`,
    `  Console (HAProxy):          ${u.console}`,
    ...u.nodes.map((n, i) => `  node${i + 1}:                      ${n}   log ${s.logs.nodes[i]}`),
    `  PostgreSQL primary:         ${u.primary}`,
    `  PgBouncer (transaction):    ${u.pgbouncer}`,
    `  Read replica:               ${u.replica}`,
    `  Mail catcher:               ${u.mailCatcher}`,
    `  WeChat Pay simulator:       ${u.paySimulator}`,
    `  Temporary directory:        ${s.dir}`,
    `  State file:                 ${s.stateFile}`,
    '',
  ].join('\n');
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { nodes: { type: 'string', default: '3' }, port: { type: 'string', default: '8100' }, detach: { type: 'boolean' }, json: { type: 'boolean' } },
  });
  if (positionals[0] === 'stop') {
    say((await stopCluster()) ? 'stopped' : `no cluster is running (no ${STATE_FILE})`);
    return;
  }
  if (positionals.length)
    throw new Error(`unknown command ${positionals[0]} (use: npm run cluster [-- --nodes N --port P --detach --json] | npm run cluster -- stop)`);

  let state = null;
  let stopping = false;
  // during the start `state` is not there yet: the state file has what was started so far
  const onSignal = () => {
    if (stopping) return;
    stopping = true;
    say('stopping the cluster…');
    stopCluster(state ?? undefined).finally(() => process.exit(0));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  state = await startCluster({ nodes: Number(values.nodes), port: Number(values.port) });
  if (values.detach) {
    // the processes outlive us: `npm run cluster -- stop` stops them
    state.controller = null;
    writeFileSync(state.stateFile, `${JSON.stringify(state, null, 2)}\n`);
  }
  (values.json ? process.stderr : process.stdout).write(`${summary(state)}\n`);
  if (values.json) process.stdout.write(`${JSON.stringify(state)}\n`);
  if (values.detach) {
    say('detached: stop it with npm run cluster -- stop');
    process.exit(0);
  }
  say('running; Ctrl-C (or npm run cluster -- stop) stops everything');
  setInterval(() => {}, 1 << 30);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main().catch((e) => {
    say(e.message);
    process.exit(1);
  });
