// Operator platform sync (docs/connectors.md, issue targets in docs/performance.md), on PostgreSQL
// against the Control Center simulator run as a separate process with a 20 ms answer delay:
//   inventory: 100,000 SIMs whose records we hold, re-read page by page (Search Devices, 50 a
//     page, one call in flight) — ours: syncInventory (every page upserted, matched, the cursor
//     saved); baseline: the same pages fetched one after another by a bare fetch loop (the lower
//     bound the protocol allows: pages × (delay + transfer)). Target ours ≤ 1.2 × baseline, and
//     our process's memory flat (≤ +100 MB peak RSS) across the sync.
//   details: a first sync of 1,000 new SIMs (pages, then Get Device Details per SIM) against the
//     bare loop making the same calls. Target ≤ 1.2 × baseline.
// Usage: npm run build && node bench/connectivity-sync.mjs [--sims 100000] [--details 1000] [--delay 20] [--rounds 3]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CcAccount } from '../apps/operator-sims/dist/cc/platform.js';
import { openPostgres, sql } from '../apps/server/dist/db/client.js';
import { createCiscoConnector } from '../apps/server/dist/modules/connectivity/cisco/index.js';
import { syncInventory } from '../apps/server/dist/modules/connectivity/index.js';
import { freshDatabase } from './lib/db.mjs';
import { copyIn } from './lib/devices-copy.mjs';
import { at } from './lib/paths.mjs';
import { median, round, spreadPct } from './lib/stats.mjs';

export const TARGETS = { inventoryRatioMax: 1.2, detailsRatioMax: 1.2, memoryMbMax: 100 };
const USER = 'bench';
const KEY = 'bench-key-0123456789';
const AUTH = `Basic ${Buffer.from(`${USER}:${KEY}`).toString('base64')}`;
const SINCE = '2000-01-01T00:00:00+00:00';

/** The Control Center simulator in its own process (its CPU and memory are not ours). */
function startSim({ sims, delay, seed }) {
  const dir = mkdtempSync(join(tmpdir(), 'rrp-bench-cc-'));
  const child = spawn(process.execPath, [at('apps/operator-sims/dist/cc/main.js')], {
    env: {
      ...process.env,
      RRP_DATA_DIR: dir,
      CC_SIM_PORT: '0',
      CC_SIM_SIMS: String(sims),
      CC_SIM_DELAY_MS: String(delay),
      CC_SIM_USERNAME: USER,
      CC_SIM_API_KEY: KEY,
      CC_SIM_QUIET: '1',
      CC_SIM_SEED: seed,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the simulator exited (${code})`)));
    child.on('message', (m) => {
      if (m?.type === 'ready')
        resolve({
          url: m.url,
          stop: () => {
            child.kill('SIGTERM');
            rmSync(dir, { recursive: true, force: true });
          },
        });
    });
  });
}

const get = async (url) => {
  const res = await fetch(url, { headers: { authorization: AUTH, accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res.json();
};

/** The bare loop: every page, one after another; with `details`, each SIM's record too. */
async function bareLoop(base, details) {
  const t0 = performance.now();
  let calls = 0;
  for (let page = 1; ; page++) {
    const p = await get(`${base}/rws/api/v1/devices?modifiedSince=${encodeURIComponent(SINCE)}&pageSize=50&pageNumber=${page}`);
    calls++;
    if (details) for (const d of p.devices) await get(`${base}/rws/api/v1/devices/${d.iccid}`), calls++;
    if (p.lastPage) break;
  }
  return { ms: performance.now() - t0, calls };
}

async function addAccount(database, name, url) {
  const [a] = await database.rows(sql`INSERT INTO connectivity_accounts (kind, name, base_url) VALUES ('cisco_cc', ${name}, ${url}) RETURNING id`);
  return a.id;
}

const loadAccount = async (database, id) =>
  (
    await database.rows(
      sql`SELECT id, kind, name, base_url, credentials, regions, import_company_id, state, failures, sync_cursor FROM connectivity_accounts WHERE id = ${id}`,
    )
  )[0];

/** Our sync of the account from a fresh cursor, with the process's peak RSS sampled meanwhile. */
async function ours(database, id, url) {
  await database.rows(sql`UPDATE connectivity_accounts SET sync_cursor = NULL WHERE id = ${id}`);
  const connector = createCiscoConnector({
    baseUrl: url,
    credentials: { kind: 'cisco_cc', username: USER, apiKey: KEY },
    minCallSpacingMs: 0,
    timeoutMs: 30_000,
  });
  const account = await loadAccount(database, id);
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const r = await syncInventory(database, account, connector);
  const ms = performance.now() - t0;
  clearInterval(sampler);
  return { ms, pages: r.pages, sims: r.sims, rssGrowthMb: (peak - rss0) / 2 ** 20 };
}

/** Our rows of the SIMs as a previous sync left them (the same seeded fleet as the simulator's), by COPY. */
async function prefill(dbUrl, accountId, sims, seed) {
  const fleet = new CcAccount({ sims, seed }, Date.now).fleet;
  const lines = fleet.sims.map((s) => [accountId, s.iccid, s.imsi, s.msisdn, s.imei, s.status, 'active', s.ratePlan].join('\t')).join('\n');
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  await copyIn(c, 'COPY platform_sims (account_id, iccid, imsi, msisdn, imei, status, state, rate_plan) FROM STDIN', `${lines}\n`);
  await c.query('ANALYZE platform_sims');
  await c.end();
}

export async function run({ sims = 100_000, details = 1_000, delay = 20, rounds = 3, log = console.log } = {}) {
  const db = await freshDatabase('rrp_bench_conn');
  const database = await openPostgres(db.url);
  const out = {
    sims,
    details,
    delayMs: delay,
    inventory: { ours: [], baseline: [], ratios: [], rssGrowthMb: [] },
    details_: { ours: [], baseline: [], ratios: [] },
  };
  try {
    log(`connectivity: a Control Center simulator with ${sims} SIMs, ${delay} ms per answer`);
    const big = await startSim({ sims, delay, seed: 'bench-inventory' });
    try {
      const id = await addAccount(database, 'bench inventory', big.url);
      await prefill(db.url, id, sims, 'bench-inventory');
      for (let i = 0; i < rounds; i++) {
        const base = await bareLoop(big.url, false);
        const o = await ours(database, id, big.url);
        if (o.sims !== sims) throw new Error(`inventory read ${o.sims} SIMs, not ${sims}`);
        out.inventory.baseline.push(base.ms);
        out.inventory.ours.push(o.ms);
        out.inventory.ratios.push(o.ms / base.ms);
        out.inventory.rssGrowthMb.push(o.rssGrowthMb);
        log(
          `  inventory round ${i + 1}: ours ${round(o.ms / 1000, 1)} s, bare loop ${round(base.ms / 1000, 1)} s (${base.calls} pages), ratio ${round(o.ms / base.ms, 3)}, RSS +${round(o.rssGrowthMb, 1)} MB`,
        );
      }
    } finally {
      big.stop();
    }
    const small = await startSim({ sims: details, delay, seed: 'bench-details' });
    try {
      for (let i = 0; i < rounds; i++) {
        const base = await bareLoop(small.url, true);
        const id = await addAccount(database, `bench details ${i}`, small.url);
        const o = await ours(database, id, small.url);
        out.details_.baseline.push(base.ms);
        out.details_.ours.push(o.ms);
        out.details_.ratios.push(o.ms / base.ms);
        log(
          `  details round ${i + 1}: ours ${round(o.ms / 1000, 1)} s, bare loop ${round(base.ms / 1000, 1)} s (${base.calls} calls), ratio ${round(o.ms / base.ms, 3)}`,
        );
      }
    } finally {
      small.stop();
    }
  } finally {
    await database.close();
    await db.drop();
  }
  const inv = out.inventory;
  const det = out.details_;
  return {
    ...out,
    summary: {
      inventoryRatio: round(median(inv.ratios), 3),
      inventoryRatioMax: round(Math.max(...inv.ratios), 3),
      inventorySpreadPct: round(spreadPct(inv.ratios), 1),
      rssGrowthMbMax: round(Math.max(...inv.rssGrowthMb), 1),
      detailsRatio: round(median(det.ratios), 3),
      detailsRatioMax: round(Math.max(...det.ratios), 3),
      pass: {
        inventory: Math.max(...inv.ratios) <= TARGETS.inventoryRatioMax,
        memory: Math.max(...inv.rssGrowthMb) <= TARGETS.memoryMbMax,
        details: Math.max(...det.ratios) <= TARGETS.detailsRatioMax,
      },
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      sims: { type: 'string', default: '100000' },
      details: { type: 'string', default: '1000' },
      delay: { type: 'string', default: '20' },
      rounds: { type: 'string', default: '3' },
    },
  });
  const r = await run({ sims: Number(values.sims), details: Number(values.details), delay: Number(values.delay), rounds: Number(values.rounds) });
  console.log(JSON.stringify(r.summary, null, 2));
  process.exit(r.summary.pass.inventory && r.summary.pass.memory && r.summary.pass.details ? 0 : 1);
}
