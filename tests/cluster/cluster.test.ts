import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The helpers are plain .mjs without types: loaded by address, typed by what this test uses.
type Session = { token: string; secretKey: string };
type Envelope = { success: boolean; obj?: unknown; msg?: string };
type ClusterState = {
  database: string;
  dir: string;
  ports: { haproxy: number; nodes: number[]; pgbouncer: number; replica: number; mailSmtp: number; mailHttp: number; paySim: number };
  urls: { console: string; nodes: string[] };
  pids: { nodes: number[] };
};
type ClusterLib = {
  startCluster(o: {
    nodes: number;
    port: number;
    env: Record<string, string>;
    stateFile: string;
    pgbouncerPort: number;
    replicaPort: number;
  }): Promise<ClusterState>;
  stopCluster(state: ClusterState, o: { stateFile: string }): Promise<boolean>;
};
type RrpLib = {
  API: string;
  signIn(base: string): Promise<Session>;
  signedPost(base: string, session: Session, path: string, body?: unknown): Promise<Envelope>;
};
type SigningLib = { signedHeaders(o: Session & { method: string; url: string; body: string }): Record<string, string> };
type Readiness = { ready: boolean; database: string; migrations: string; replica?: { state: string; lagBytes: number | null; lagSeconds: number | null } };

const load = <T>(path: string): Promise<T> => import(new URL(path, import.meta.url).href) as Promise<T>;

const STATE_FILE = join(tmpdir(), 'rrp-cluster-test', 'state.json');
// ports of its own, so the test runs beside a developer's `npm run cluster`
const PORTS = { port: 8200, pgbouncerPort: 6442, replicaPort: 5443 };

describe.skipIf(!process.env.RRP_CLUSTER_TEST)('the local cluster (npm run cluster)', () => {
  let cluster: ClusterLib;
  let rrp: RrpLib;
  let signing: SigningLib;
  let state: ClusterState | null = null;
  let session: Session;
  let lb: string;

  const readyz = async () => {
    const res = await fetch(`${lb}/readyz`);
    return { status: res.status, servedBy: res.headers.get('x-served-by'), body: (await res.json()) as Readiness };
  };

  beforeAll(async () => {
    [cluster, rrp, signing] = await Promise.all([
      load<ClusterLib>('../../scripts/cluster.mjs'),
      load<RrpLib>('../../bench/lib/rrp.mjs'),
      load<SigningLib>('../../bench/lib/signing.mjs'),
    ]);
    state = await cluster.startCluster({
      nodes: 2,
      ...PORTS,
      stateFile: STATE_FILE,
      env: { RRP_TEST_CAPTCHA: 'abcd', RRP_ADMIN_PASSWORD: 'Demo#2026pass', RRP_OPS_PASSWORD: 'Ops#2026pass', LOG_LEVEL: 'warn' },
    });
    lb = state.urls.console;
  });

  afterAll(async () => {
    if (state) await cluster.stopCluster(state, { stateFile: STATE_FILE });
  });

  it('is ready through HAProxy, with the read replica streaming', async () => {
    const r = await readyz();
    expect(r.status).toBe(200);
    expect(r.servedBy).toMatch(/^node[12]$/);
    expect(r.body).toMatchObject({ ready: true, database: 'ok', migrations: 'current' });
    expect(r.body.replica).toBeDefined();
    expect(['ok', 'lagging']).toContain(r.body.replica?.state);
  });

  it('serves one session from every node (stateless sessions)', async () => {
    session = await rrp.signIn(lb);
    const servedBy = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const path = `${rrp.API}/account/query`;
      const raw = '{}';
      const res = await fetch(`${lb}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signing.signedHeaders({ ...session, method: 'POST', url: path, body: raw }) },
        body: raw,
      });
      const body = (await res.json()) as Envelope;
      expect(body.success, JSON.stringify(body)).toBe(true);
      servedBy.add(res.headers.get('x-served-by') ?? '?');
    }
    expect([...servedBy].sort()).toEqual(['node1', 'node2']);
  });

  it('refuses a request id replayed on another node', async () => {
    const path = `${rrp.API}/account/query`;
    const raw = '{}';
    const headers = { 'content-type': 'application/json', ...signing.signedHeaders({ ...session, method: 'POST', url: path, body: raw }) };
    const [node1, node2] = state!.urls.nodes;
    const first = (await (await fetch(`${node1}${path}`, { method: 'POST', headers, body: raw })).json()) as Envelope;
    const again = (await (await fetch(`${node2}${path}`, { method: 'POST', headers, body: raw })).json()) as Envelope;
    expect(first.success, JSON.stringify(first)).toBe(true);
    expect(again.success).toBe(false);
  });

  it('answers reports from the read replica while it is healthy', async () => {
    // the replica's lag is measured every 2 s: wait until the nodes see it caught up
    const deadline = Date.now() + 20_000;
    let r = await readyz();
    while (r.body.replica?.state !== 'ok' && Date.now() < deadline) {
      await new Promise((ok) => setTimeout(ok, 500));
      r = await readyz();
    }
    expect(r.body.replica?.state).toBe('ok');
    // the device report reads company_usage_daily: the replica's own statistics see the reads
    const scans = async () => {
      const c = new pg.Client({ host: '127.0.0.1', port: state!.ports.replica, user: 'postgres', database: state!.database });
      await c.connect();
      try {
        const { rows } = await c.query<{ n: string }>(
          "SELECT (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::text AS n FROM pg_stat_user_tables WHERE relname = 'company_usage_daily'",
        );
        return Number(rows[0]?.n ?? 0);
      } finally {
        await c.end();
      }
    };
    const before = await scans();
    for (const kind of ['flow', 'device']) {
      const report = await rrp.signedPost(lb, session, `${rrp.API}/report/${kind}`, { period: '7d' });
      expect(report.success, JSON.stringify(report)).toBe(true);
    }
    // a backend reports its statistics when idle, within seconds
    const until = Date.now() + 15_000;
    while ((await scans()) <= before && Date.now() < until) await new Promise((ok) => setTimeout(ok, 500));
    expect(await scans()).toBeGreaterThan(before);
  });

  it('loses no request when a node is stopped under load (it drains, HAProxy moves on)', async () => {
    const path = `${rrp.API}/account/query`;
    const raw = '{}';
    const call = async () => {
      const res = await fetch(`${lb}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signing.signedHeaders({ ...session, method: 'POST', url: path, body: raw }) },
        body: raw,
      });
      return { ok: res.status === 200 && ((await res.json()) as Envelope).success, by: res.headers.get('x-served-by') };
    };
    const results: { ok: boolean; by: string | null; at: number }[] = [];
    const t0 = Date.now();
    let stopped = 0;
    // four clients in a loop for 6 s; node2 gets SIGTERM after 1 s (3 s of draining, then it closes)
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (Date.now() - t0 < 6000) {
          if (!stopped && Date.now() - t0 > 1000) {
            stopped = Date.now();
            process.kill(state!.pids.nodes[1], 'SIGTERM');
          }
          results.push({ ...(await call()), at: Date.now() });
        }
      }),
    );
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.length).toBeGreaterThan(100);
    // after the drain only node1 answers
    expect(new Set(results.filter((r) => r.at > stopped + 4500).map((r) => r.by))).toEqual(new Set(['node1']));
  });

  it('stops everything: ports closed, database dropped', async () => {
    const s = state!;
    state = null;
    await cluster.stopCluster(s, { stateFile: STATE_FILE });
    const { listening } = await load<{ listening(port: number): Promise<boolean> }>('../../scripts/cluster/proc.mjs');
    const ports = [s.ports.haproxy, ...s.ports.nodes, s.ports.pgbouncer, s.ports.replica, s.ports.mailSmtp, s.ports.mailHttp, s.ports.paySim];
    const open = [];
    for (const p of ports) if (await listening(p)) open.push(p);
    expect(open).toEqual([]);
    const { psql } = await load<{ psql(sql: string): Promise<string> }>('../../scripts/cluster/postgres.mjs');
    expect((await psql(`SELECT count(*) FROM pg_database WHERE datname = '${s.database}'`)).trim()).toBe('0');
  });
});
