// Shared pieces of the cluster benchmarks (bench/cluster-load.mjs, bench/cluster-faults.mjs): a
// cluster of scripts/cluster.mjs on ports of their own, per-component CPU meters from /proc, the
// faults (kill -9 a node, stop/start the replica, restart PgBouncer) and the demo company's data.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { asPostgres, PG_BIN } from '../../scripts/cluster/postgres.mjs';
import { alive, daemon, listening, sbin, waitFor } from '../../scripts/cluster/proc.mjs';
import { startCluster, stopCluster } from '../../scripts/cluster.mjs';
import { processCpuSeconds } from './cpu.mjs';
import { ADMIN, TEST_CAPTCHA } from './rrp.mjs';

export const STATE_FILE = join(tmpdir(), 'rrp-cluster-bench', 'state.json');
/** Ports of their own, so the benches run beside `npm run cluster` (8100) and the cluster test (8200). */
export const PORTS = { port: 8300, pgbouncerPort: 6452, replicaPort: 5453 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A cluster of `nodes` API nodes for a benchmark: sign-in works with the bench credentials, no fleet simulator. */
export function startBenchCluster(nodes, { log = () => {} } = {}) {
  log(
    `  starting a cluster of ${nodes} node${nodes === 1 ? '' : 's'} (HAProxy :${PORTS.port}, PgBouncer :${PORTS.pgbouncerPort}, replica :${PORTS.replicaPort})`,
  );
  return startCluster({
    nodes,
    ...PORTS,
    stateFile: STATE_FILE,
    simulator: false,
    env: { RRP_TEST_CAPTCHA: TEST_CAPTCHA, RRP_ADMIN_PASSWORD: ADMIN.password, RRP_OPS_PASSWORD: 'Ops#2026pass', LOG_LEVEL: 'warn' },
  });
}

export const stopBenchCluster = (state) => stopCluster(state, { stateFile: STATE_FILE });

/** Ctrl-C or SIGTERM during a bench: stop the cluster from its state file, then exit. */
export function stopOnSignal() {
  let stopping = false;
  const onSignal = (sig) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${sig}: stopping the cluster…\n`);
    stopCluster(undefined, { stateFile: STATE_FILE }).finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** A pg Client straight on the primary's database of the cluster (not through PgBouncer). */
export async function primaryClient(state) {
  const c = new pg.Client({ host: '127.0.0.1', port: state.ports.primary, user: 'postgres', database: state.database });
  await c.connect();
  return c;
}

// ---------------------------------------------------------------- CPU per component from /proc

const ppidOf = (pid) => {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  } catch {
    return -1;
  }
};

const firstLine = (file) => {
  try {
    return Number(readFileSync(file, 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
};

/**
 * The PostgreSQL processes of the instance whose postmaster is `postmaster`: `backends` of
 * `dbName`, and `background`: the postmaster, its background processes and WAL senders
 * (backends of other databases are left out).
 */
function instancePids(postmaster, dbName) {
  const out = { backends: [], background: [] };
  if (!postmaster) return out;
  out.background.push(postmaster);
  for (const d of readdirSafe('/proc')) {
    if (!/^\d+$/.test(d) || ppidOf(d) !== postmaster) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const m = /^postgres: (?:\S+: )?(\S+) (\S+) \S+\(\d+\)/.exec(cmd);
      if (!m || m[1] === 'walsender') out.background.push(Number(d));
      else if (m[2] === dbName) out.backends.push(Number(d));
    } catch {
      // gone
    }
  }
  return out;
}

function readdirSafe(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

let primaryDataDir = null;
/** The primary's postmaster pid (first line of postmaster.pid in its data directory). */
export async function primaryPostmaster(c) {
  if (!primaryDataDir) primaryDataDir = (await c.query('SHOW data_directory')).rows[0].data_directory;
  return firstLine(join(primaryDataDir, 'postmaster.pid'));
}

/**
 * The processes of each component of the cluster, read afresh (backends come and go):
 * nodes (one list per node), haproxy, pgbouncer, primary (backends of the cluster's database),
 * primaryBg (its postmaster, background processes, WAL sender), replica (all its processes).
 */
export function componentPids(state, primaryPid) {
  const primary = instancePids(primaryPid, state.database);
  const replica = instancePids(firstLine(join(state.replicaDataDir, 'postmaster.pid')), state.database);
  return {
    nodes: state.pids.nodes.map((p) => [p]),
    haproxy: [state.pids.haproxy].filter(Boolean),
    pgbouncer: [state.pids.pgbouncer].filter(Boolean),
    primary: primary.backends,
    primaryBg: primary.background,
    replica: [...replica.backends, ...replica.background],
  };
}

const PARTS = ['haproxy', 'pgbouncer', 'primary', 'primaryBg', 'replica'];

/**
 * A meter over the cluster's components: call it to start; the returned function gives the CPU
 * seconds each used since: { nodes: [..], api (the nodes' sum), haproxy, pgbouncer, primary
 * (backends), primaryBg, replica, loadgen (this process) }. Processes that started meanwhile
 * count from 0; ones that ended meanwhile are left out.
 */
export function clusterMeter(state, primaryPid) {
  const snap = () => {
    const pids = componentPids(state, primaryPid);
    const m = new Map();
    for (const list of [...pids.nodes, ...PARTS.map((k) => pids[k])]) for (const p of list) m.set(p, processCpuSeconds(p));
    return { pids, m };
  };
  return () => {
    const a = snap();
    const me0 = process.cpuUsage();
    return () => {
      const me = process.cpuUsage(me0);
      const b = snap();
      const used = (list) => list.reduce((s, p) => s + Math.max(0, (b.m.get(p) ?? 0) - (a.m.get(p) ?? 0)), 0);
      const nodes = b.pids.nodes.map(used);
      const out = { nodes, api: nodes.reduce((s, x) => s + x, 0), loadgen: (me.user + me.system) / 1e6 };
      for (const k of PARTS) out[k] = used(b.pids[k]);
      return out;
    };
  };
}

// ---------------------------------------------------------------- faults

const saveState = (state) => {
  try {
    writeFileSync(state.stateFile ?? STATE_FILE, `${JSON.stringify(state, null, 2)}\n`);
  } catch {
    // the state file is a convenience for `npm run cluster -- stop`
  }
};

/** kill -9 of node `i` (0-based); resolves when it is gone. */
export async function killNode(state, i) {
  const pid = state.pids.nodes[i];
  process.kill(pid, 'SIGKILL');
  while (alive(pid)) await sleep(10);
}

/** kill -9 of PgBouncer; resolves when it is gone. */
export async function killPgbouncer(state) {
  const pid = state.pids.pgbouncer;
  process.kill(pid, 'SIGKILL');
  while (alive(pid)) await sleep(10);
}

/** Starts PgBouncer again with the cluster's configuration, as scripts/cluster.mjs does; resolves once it listens. */
export async function startPgbouncer(state) {
  let exit = null;
  const bouncer = daemon(sbin('pgbouncer'), ['-u', 'postgres', join(state.dir, 'pgbouncer.ini')], {
    logFile: join(state.dir, 'pgbouncer.out'),
    onExit: (c) => (exit = c),
  });
  state.pids.pgbouncer = bouncer.pid;
  saveState(state);
  await waitFor('PgBouncer', () => listening(state.ports.pgbouncer), { timeoutMs: 15_000, everyMs: 20, failed: () => exit !== null && `exited (${exit})` });
}

/** pg_ctl stop -m fast of the replica (as postgres). */
export const stopReplicaFast = (state) => asPostgres(`${PG_BIN}/pg_ctl`, ['-D', state.replicaDataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);

/** pg_ctl start of the replica with the options scripts/cluster/postgres.mjs starts it with. */
export function startReplicaAgain(state) {
  const runDir = join(state.dir, 'run');
  return asPostgres(`${PG_BIN}/pg_ctl`, [
    '-D',
    state.replicaDataDir,
    '-l',
    join(runDir, 'replica.log'),
    '-o',
    `-p ${state.ports.replica} -k ${runDir}`,
    '-w',
    '-t',
    '60',
    'start',
  ]);
}

// ---------------------------------------------------------------- data

/** `n` devices for the demo admin's company, IMEIs IMEI(1..n) as bench/lib/devices-seed.mjs names them. */
export async function seedCompanyDevices(c, companyId, n) {
  await c.query(
    `INSERT INTO devices (company_id, imei, name, region, status, online, signal_level, usage_yesterday, usage_month,
                          activated_at, license_expires_at, created_at, updated_at)
     SELECT $1::uuid, '86' || lpad(i::text, 13, '0'), 'dev ' || i, 'china_mainland', 'physical_card', i % 3 <> 0, 1 + i % 5,
            (i::bigint * 7919) % 50000000, (i::bigint * 104729) % 900000000,
            now() - interval '200 days', now() + interval '165 days',
            timestamptz '2026-01-01' + i * interval '1 second', now()
     FROM generate_series(1, $2) AS i
     ON CONFLICT (imei) DO NOTHING`,
    [companyId, n],
  );
  await c.query('VACUUM ANALYZE devices');
}
