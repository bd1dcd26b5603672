// Operator platform usage pull (docs/connectors.md, targets in docs/performance.md), on PostgreSQL
// against the OneLink simulator (in this process) with a 20 ms answer delay:
//   pull: 100,000 linked SIMs, cycle-to-date usage in batches of 100 (sim-data-usage-monthly/batch)
//     turned into reports — ours: pullUsage after a baseline pass (so every SIM has grown and
//     every batch writes its reports); baseline: the same 1,000 batch calls made one after another
//     by a bare fetch loop (pages × (delay + transfer)). Target ours ≤ 1.2 × baseline.
//   write: the reports of 100,000 SIMs written as the pull writes them (writeReports, 100 a
//     statement) against one COPY of the same rows into device_reports. Target: our rows per
//     second ≥ 0.5 × COPY's.
// Usage: npm run build && node bench/connectivity-usage.mjs [--sims 100000] [--delay 20] [--rounds 3]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startOneLinkSimulator } from '../apps/operator-sims/dist/index.js';
import { openPostgres, sql } from '../apps/server/dist/db/client.js';
import { pullUsage } from '../apps/server/dist/modules/connectivity/index.js';
import { createOneLinkConnector } from '../apps/server/dist/modules/connectivity/onelink/index.js';
import { writeReports } from '../apps/server/dist/modules/ingestion/index.js';
import { freshDatabase } from './lib/db.mjs';
import { copyIn } from './lib/devices-copy.mjs';
import { median, round, spreadPct } from './lib/stats.mjs';

export const TARGETS = { pullRatioMax: 1.2, writeShareMin: 0.5 };
const APPID = 'C5010000000777';
const PASSWORD = 'bench-password';

/** The bare loop: a token, then every batch of 100 ICCIDs one call after another. */
async function bareLoop(base, iccids) {
  let seq = 50_000_000 + Math.floor(Math.random() * 1_000_000); // apart from the connector's own sequence (a transid is unique per appid)
  const transid = () => {
    const d = new Date(Date.now() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
    return `${APPID}${d}${String(++seq % 1e8).padStart(8, '0')}`;
  };
  const t0 = performance.now();
  const tok = await (await fetch(`${base}/v5/ec/get/token?appid=${APPID}&password=${PASSWORD}&transid=${transid()}`)).json();
  if (tok.status !== '0') throw new Error(`token: ${JSON.stringify(tok)}`);
  const token = tok.result[0].token;
  const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7).replace('-', '');
  let calls = 0;
  for (let i = 0; i < iccids.length; i += 100) {
    const q = `transid=${transid()}&token=${token}&queryDate=${month}&iccids=${iccids.slice(i, i + 100).join('_')}`;
    const j = await (await fetch(`${base}/v5/ec/query/sim-data-usage-monthly/batch?${q}`)).json();
    if (j.status !== '0') throw new Error(`batch: ${JSON.stringify(j).slice(0, 200)}`);
    calls++;
  }
  return { ms: performance.now() - t0, calls };
}

async function seedLinked(dbUrl, database, sims) {
  const companyId = randomUUID();
  await database.rows(sql`INSERT INTO companies (id, path, name, country) VALUES (${companyId}, ${`/${companyId}/`}, 'bench usage', 'CN')`);
  const [a] = await database.rows(
    sql`INSERT INTO connectivity_accounts (kind, name, base_url) VALUES ('onelink', 'bench usage', 'http://127.0.0.1:1') RETURNING id`,
  );
  const ids = sims.map(() => randomUUID());
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  await copyIn(
    c,
    'COPY devices (id, company_id, imei, region, account_id, status, iccid) FROM STDIN',
    `${sims.map((s, i) => [ids[i], companyId, s.imei, 'china_mainland', a.id, 'physical_card', s.iccid].join('\t')).join('\n')}\n`,
  );
  await copyIn(
    c,
    'COPY platform_sims (account_id, iccid, imsi, msisdn, imei, status, state, device_id) FROM STDIN',
    `${sims.map((s, i) => [a.id, s.iccid, s.imsi, s.msisdn, s.imei, '2', 'active', ids[i]].join('\t')).join('\n')}\n`,
  );
  await c.query('ANALYZE devices; ANALYZE platform_sims');
  await c.end();
  return { accountId: a.id, deviceIds: ids };
}

/** COPY of `rows` reports into device_reports, inside a transaction rolled back (each round sees the same table). */
async function copyReports(dbUrl, rows) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  const text = `${rows.map((r) => [r.deviceId, r.at.toISOString(), r.bytes, 't'].join('\t')).join('\n')}\n`;
  await c.query('BEGIN');
  const t0 = performance.now();
  await copyIn(c, 'COPY device_reports (device_id, reported_at, bytes, online) FROM STDIN', text);
  const ms = performance.now() - t0;
  await c.query('ROLLBACK');
  await c.end();
  return ms;
}

export async function run({ sims: count = 100_000, delay = 20, rounds = 3, log = console.log } = {}) {
  const db = await freshDatabase('rrp_bench_usage');
  const database = await openPostgres(db.url);
  const sim = await startOneLinkSimulator({ sims: count, delayMs: delay, appid: APPID, password: PASSWORD, seed: 'bench-usage' });
  const out = { sims: count, delayMs: delay, pull: { ours: [], baseline: [], ratios: [] }, write: { ours: [], copy: [], shares: [] } };
  try {
    log(`connectivity: a OneLink simulator with ${count} SIMs, ${delay} ms per answer`);
    const fleet = sim.fleet.sims;
    const { accountId, deviceIds } = await seedLinked(db.url, database, fleet);
    const iccids = fleet.map((s) => s.iccid).sort();
    const connector = createOneLinkConnector({ baseUrl: sim.url, credentials: { kind: 'onelink', appid: APPID, password: PASSWORD }, timeoutMs: 30_000 });
    await pullUsage(database, accountId, connector); // the first readings: the baseline every later pass differences against
    for (let i = 0; i < rounds; i++) {
      const base = await bareLoop(sim.url, iccids);
      const t0 = performance.now();
      const r = await pullUsage(database, accountId, connector);
      const ms = performance.now() - t0;
      out.pull.baseline.push(base.ms);
      out.pull.ours.push(ms);
      out.pull.ratios.push(ms / base.ms);
      log(
        `  pull round ${i + 1}: ours ${round(ms / 1000, 1)} s (${r.calls} calls, ${round(r.bytes / 2 ** 20, 1)} MiB new), bare loop ${round(base.ms / 1000, 1)} s (${base.calls} calls), ratio ${round(ms / base.ms, 3)}`,
      );

      const at = new Date();
      const rows = deviceIds.map((deviceId, k) => ({ deviceId, at, bytes: 1_000 + k, online: true }));
      const copyMs = await copyReports(db.url, rows);
      const w0 = performance.now();
      for (let k = 0; k < rows.length; k += 100) await writeReports(database, rows.slice(k, k + 100));
      const writeMs = performance.now() - w0;
      await database.rows(sql`DELETE FROM device_reports WHERE reported_at = ${at.toISOString()}::timestamptz`);
      out.write.ours.push(writeMs);
      out.write.copy.push(copyMs);
      out.write.shares.push(copyMs / writeMs);
      log(`  write round ${i + 1}: ours ${round(writeMs / 1000, 2)} s, COPY ${round(copyMs / 1000, 2)} s, our rate ${round(copyMs / writeMs, 3)} × COPY's`);
    }
  } finally {
    await sim.close();
    await database.close();
    await db.drop();
  }
  return {
    ...out,
    summary: {
      pullRatio: round(median(out.pull.ratios), 3),
      pullRatioMax: round(Math.max(...out.pull.ratios), 3),
      pullSpreadPct: round(spreadPct(out.pull.ratios), 1),
      writeShare: round(median(out.write.shares), 3),
      writeShareMin: round(Math.min(...out.write.shares), 3),
      pass: { pull: Math.max(...out.pull.ratios) <= TARGETS.pullRatioMax, write: Math.min(...out.write.shares) >= TARGETS.writeShareMin },
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { sims: { type: 'string', default: '100000' }, delay: { type: 'string', default: '20' }, rounds: { type: 'string', default: '3' } },
  });
  const r = await run({ sims: Number(values.sims), delay: Number(values.delay), rounds: Number(values.rounds) });
  console.log(JSON.stringify(r.summary, null, 2));
  process.exit(r.summary.pass.pull && r.summary.pass.write ? 0 : 1);
}
