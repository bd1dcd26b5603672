// Runs the benchmarks (npm run bench): builds the server and the web app, measures the signed
// account query against a bare route, WeChat Pay notifications against a bare handler and the
// /login JavaScript against a reference page, writes
// bench/results/<time>.json (and latest.json) and prints a markdown table.
// With --only devices it runs the device benchmarks (bench/devices-run.mjs) instead, with
// --only alarms the alarm evaluation (bench/alarm-evaluate.mjs), with --only reports the operation
// reports (bench/reports.mjs); they are not part of the default run.
// Usage: node bench/run-all.mjs [--no-build] [--only account|payments|login|devices|alarms|reports] [--rounds 5] [--seconds 5]
//   [--warmup 5] [--connections 10] [--strict (exit 1 when a target is missed)]
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as account from './account-query.mjs';
import { RESULTS_DIR, ROOT } from './lib/paths.mjs';
import * as login from './login-bundle.mjs';
import * as payments from './payment-notify.mjs';

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    strict: { type: 'boolean', default: false },
  },
});

function sh(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed:\n${(r.stdout + r.stderr).slice(-4000)}`);
}

const runDevices = values.only === 'devices';
const runAlarms = values.only === 'alarms';
const runReports = values.only === 'reports';
const runAccount = values.only === undefined || values.only === 'account';
const runPayments = values.only === undefined || values.only === 'payments';
const runLogin = values.only === undefined || values.only === 'login';
if (!values['no-build']) {
  console.log('building packages/contracts and apps/server');
  sh('npx', ['tsc', '-b', 'packages/contracts', 'apps/server']);
  sh('node', ['apps/server/scripts/copy-assets.mjs']);
  if (runLogin) {
    console.log('building apps/web');
    login.buildWeb();
  }
}

const started = new Date();
const results = {
  date: started.toISOString(),
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memGiB: Math.round(totalmem() / 2 ** 30), node: process.version, loadavg: loadavg() },
};
if (runAccount)
  results.accountQuery = await account.run({
    rounds: Number(values.rounds),
    seconds: Number(values.seconds),
    warmup: Number(values.warmup),
    connections: Number(values.connections),
  });
if (runPayments) results.paymentNotify = await payments.run({});
if (runLogin) results.loginBundle = await login.run({ build: false });
// loaded only when asked: the device benchmarks import the server's build
const devices = runDevices ? await import('./devices-run.mjs') : null;
if (runDevices) results.devices = await devices.run();
const alarms = runAlarms ? await import('./alarm-evaluate.mjs') : null;
if (runAlarms) results.alarms = await alarms.run({ rounds: Number(values.rounds) });
const reports = runReports ? await import('./reports.mjs') : null;
if (runReports) results.reports = await reports.run({ rounds: Number(values.rounds) });

mkdirSync(RESULTS_DIR, { recursive: true });
const file = join(RESULTS_DIR, `${started.toISOString().replace(/[:.]/g, '-')}.json`);
const json = `${JSON.stringify(results, null, 2)}\n`;
writeFileSync(file, json);
writeFileSync(join(RESULTS_DIR, 'latest.json'), json);

const pf = (b) => (b ? 'PASS' : 'FAIL');
const rows = [];
const a = results.accountQuery;
if (a) {
  rows.push(
    `| account query throughput | ${a.ours.rps} req/s | ${a.bare.rps} req/s | ${a.throughputRatio} | >= ${account.TARGETS.throughputRatioMin} | ${pf(a.pass.throughput)} |`,
  );
  rows.push(
    `| account query p50 latency | ${a.ours.p50Ms} ms | ${a.bare.p50Ms} ms | ${a.latencyRatio} | <= ${account.TARGETS.latencyRatioMax} | ${pf(a.pass.latency)} |`,
  );
}
const p = results.paymentNotify;
if (p) rows.push(`| WeChat Pay notifications | ${p.ours.rps}/s | ${p.bare.rps}/s | ${p.ratio} | >= ${payments.TARGET.ratioMin} | ${pf(p.pass)} |`);
const l = results.loginBundle;
if (l) {
  rows.push(
    `| /login JavaScript (gzip -9) | ${(l.ours.gzip / 1024).toFixed(1)} KiB | ${(l.reference.gzip / 1024).toFixed(1)} KiB | ${l.ratio} | <= ${login.TARGET.ratioMax} | ${pf(l.pass)} |`,
  );
}
console.log('');
if (a) console.log(account.report(a));
if (p) console.log(payments.report(p));
if (l) console.log(login.report(l));
if (results.devices) console.log(`\n${devices.report_(results.devices)}`);
if (results.alarms) console.log(`\n${alarms.report(results.alarms)}`);
if (results.reports) console.log(`\n${reports.report(results.reports)}`);
console.log(`\n| target | ours | baseline | ratio | goal | result |\n|---|---|---|---|---|---|\n${rows.join('\n')}\n`);
console.log(`results: ${file}`);
const d = results.devices;
const devicesFailed = d && ['list', 'import', 'export', 'report'].some((k) => d[k] && Object.values(d[k].pass).includes(false));
const failed =
  (a && !(a.pass.throughput && a.pass.latency)) ||
  (p && !p.pass) ||
  (l && !l.pass) ||
  devicesFailed ||
  (results.alarms && !results.alarms.pass) ||
  (results.reports && Object.values(results.reports.reports).some((x) => !x.pass.ratio || !x.pass.p50));
if (values.strict && failed) process.exitCode = 1;
