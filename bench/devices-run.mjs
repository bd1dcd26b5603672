// The device benchmarks (issue 3) on one seeded database: 1M devices platform-wide, the demo
// admin's company growing to 50,000. Order: export (2,500 / 5,000 / 10,000 devices), list
// (50,000), report ingestion, import (adds 10,000 per round). Writes JSON when asked.
// Usage: node bench/devices-run.mjs [--total 1000000] [--rounds 3] [--seconds 5] [--connections 10]
//   [--only export,list,report,import] [--cases <part of a list case name>,…] [--json out.json]
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import * as exp from './devices-export.mjs';
import * as imp from './devices-import.mjs';
import * as list from './devices-list.mjs';
import * as report from './devices-report.mjs';
import { cpuMeter, machineBusy } from './lib/cpu.mjs';
import { freshDatabase } from './lib/db.mjs';
import { client, demoCompany, moveParked, seed } from './lib/devices-seed.mjs';
import { signIn, startOurServer } from './lib/rrp.mjs';
import { selfCheck } from './lib/signing.mjs';

const BIG = 50_000;

export async function run({ total = 1_000_000, rounds = 3, seconds = 5, connections = 10, only = 'export,list,report,import', cases, log = console.log } = {}) {
  selfCheck();
  const parts = new Set(only.split(','));
  const busy = await machineBusy();
  const db = await freshDatabase('rrp_bench_dev');
  const startServer = (nodeArgs = []) => startOurServer(db.url, { nodeArgs, env: { RRP_SIMULATOR: 'off' } });
  let ours;
  let c;
  const out = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadavg: loadavg(),
      busyBefore: busy,
    },
    settings: { total, bigCompany: BIG, rounds, seconds, connections },
  };
  try {
    ours = await startServer(); // migrates and seeds the demo data
    await ours.stop();
    ours = null;
    c = await client(db.url);
    const company = await demoCompany(c);
    log(`devices: seeding ${total} devices`);
    const s = await seed(c, { total, parked: BIG, log });
    out.seedSeconds = Math.round(s.seconds);
    if (parts.has('export')) {
      log('devices: export');
      out.export = await exp.run({ c, startServer, parkingId: s.parkingId, company, log });
    }
    await moveParked(c, s.parkingId, company.id, BIG);
    await c.query('VACUUM ANALYZE devices');
    ours = await startServer();
    const session = await signIn(ours.base);
    if (parts.has('list')) {
      log('devices: list');
      out.list = await list.run({ db, c, ours, session, company, rounds, seconds, connections, only: cases?.split(','), log });
    }
    if (parts.has('report')) {
      log('devices: report ingestion');
      out.report = await report.run({ c, ours, company, rounds, seconds, cpu: cpuMeter(ours.proc.child.pid, db.name), log });
    }
    if (parts.has('import')) {
      log('devices: import');
      out.import = await imp.run({ c, ours, session, company, rounds: 2, log });
    }
    out.machine.loadavgAfter = loadavg();
    return out;
  } finally {
    await ours?.stop();
    await c?.end();
    await db.drop();
  }
}

export function report_(r) {
  const pf = (b) => (b ? 'PASS' : 'FAIL');
  const rows = [];
  if (r.list) {
    for (const [k, v] of Object.entries(r.list.cases)) {
      const deep = v.deepPageRatio === undefined ? '' : `; p50 / first page ${v.deepPageRatio} (<= 2)`;
      rows.push(
        `| list ${k} (total ${v.total}), throughput ours / bare | ${v.ours.rps} / ${v.bare.rps} req/s, p50 ${v.ours.p50Ms} / ${v.bare.p50Ms} ms${deep} | ${v.throughputRatio} | >= 0.5 | ${pf(v.pass && (v.deepPageRatio ?? 0) <= 2)} |`,
      );
    }
  }
  if (r.import)
    rows.push(
      `| import 10,000 rows, ours / exceljs stream + COPY | ${r.import.oursMs} / ${r.import.baselineMs} ms | ${r.import.ratio} | <= ${imp.TARGETS.timeRatioMax} | ${pf(r.import.pass.time)} |`,
    );
  if (r.export) {
    for (const s of r.export.sizes)
      rows.push(
        `| export ${s.devices} × 90 days, ours / COPY + exceljs writer | ${s.oursMs} / ${s.baselineMs} ms | ${s.ratio} | <= 1.5 | ${pf(s.ratio <= 1.5)} |`,
      );
    const a = r.export.sizes[0];
    const b = r.export.sizes[r.export.sizes.length - 1];
    rows.push(
      `| export peak RSS ${a.devices} → ${b.devices} devices | ${a.peakRssMiB} → ${b.peakRssMiB} MiB | ${(b.peakRssMiB / a.peakRssMiB).toFixed(2)} | flat (<= 1.5 for 4× rows) | ${pf(r.export.pass.memoryFlat)} |`,
    );
  }
  if (r.report)
    rows.push(
      `| report ingestion rows/s, ours / COPY | ${r.report.oursRowsPerSec} / ${r.report.copyRowsPerSec} | ${r.report.ratio} | >= ${report.TARGETS.rowsRatioMin} | ${pf(r.report.pass.rows)} |`,
    );
  return `| target | ours / baseline | ratio | goal | result |\n|---|---|---|---|---|\n${rows.join('\n')}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      total: { type: 'string', default: '1000000' },
      rounds: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      only: { type: 'string', default: 'export,list,report,import' },
      cases: { type: 'string' },
      json: { type: 'string' },
    },
  });
  const r = await run({
    total: Number(values.total),
    rounds: Number(values.rounds),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    only: values.only,
    cases: values.cases,
  });
  console.log(`\n${report_(r)}`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify(r, null, 2)}\n`);
}
