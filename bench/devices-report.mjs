// Target 4 of the device benchmarks: batched POST /api/v1/device/report (1,000 reports per call,
// signed with the company's device key; 50 different batches of 1,000 devices sent round robin)
// in rows per second, against one raw COPY of the same 50,000 reports (device ids resolved) into
// device_reports.
import { copyIn } from './lib/devices-copy.mjs';
import { load, timed } from './lib/devices-load.mjs';
import { deviceKey, deviceReports } from './lib/devices-seed.mjs';
import { signedHeaders } from './lib/signing.mjs';
import { median, round } from './lib/stats.mjs';

export const TARGETS = { rowsRatioMin: 0.5 };
const PATH = '/api/v1/device/report';

const headersFor = (key, body) => () => signedHeaders({ secretKey: key.secret, token: key.keyId, method: 'POST', url: PATH, body });

export async function run({ c, ours, company, batch = 1000, rounds = 3, seconds = 5, warmup = 3, connections = 4, batches = 50, cpu, log = console.log }) {
  const key = await deviceKey(c, company.id);
  const at = new Date(Date.now() - 60_000).toISOString();
  // `batches` calls of `batch` different devices each (IMEIs 1..batch×batches), sent round robin,
  // so concurrent calls do not queue on the same device rows
  const batchOf = (k) => deviceReports(k * batch, batch, at);
  const all = Array.from({ length: batches }, (_, k) => batchOf(k));
  const bodies = all.map((reports) => JSON.stringify({ reports }));
  // each call carries its own time, as devices reporting over time do (so every call moves its
  // devices' last report time; their state repeats, as it mostly does between two reports)
  let next = 0;
  let last = Date.parse(at);
  const setup = (req) => {
    last = Math.max(last + 1, Date.now() - 1000);
    const body = bodies[next++ % bodies.length].replaceAll(at, new Date(last).toISOString());
    return { ...req, body, headers: { ...req.headers, ...headersFor(key, body)() } };
  };
  const check = await (
    await fetch(`${ours.base}${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headersFor(key, bodies[0])() }, body: bodies[0] })
  ).json();
  if (!check.success || check.obj.accepted !== batch) throw new Error(`device/report: ${JSON.stringify(check).slice(0, 400)}`);

  // the same rows for COPY (every batch once, in one statement), device ids resolved as the ingestion does
  const reports = all.flat();
  const { rows: ids } = await c.query('SELECT d.id, d.imei FROM unnest($2::text[]) AS w(imei) JOIN devices d ON d.imei = w.imei WHERE d.company_id = $1', [
    company.id,
    reports.map((r) => r.imei),
  ]);
  const idOf = new Map(ids.map((r) => [r.imei, r.id]));
  const copyData = reports
    .map((r) => `${idOf.get(r.imei)}\t${r.at}\t${r.bytes}\t${r.online}\t${r.signalLevel}\t${r.networkOperator}\t${r.networkType}\t${r.area}\n`)
    .join('');
  const copy = () =>
    copyIn(c, 'COPY device_reports (device_id, reported_at, bytes, online, signal_level, network_operator, network_type, area) FROM STDIN', copyData);

  await load(ours.base, { path: PATH, body: bodies[0], seconds: warmup, connections, setup });
  await copy();
  const samples = { ours: [], copy: [], cpu: [] };
  for (let i = 0; i < rounds; i++) {
    const used = cpu?.();
    const s = await load(ours.base, { path: PATH, body: bodies[0], seconds, connections, setup });
    const u = used?.();
    if (s.non2xx || s.errors) throw new Error(`device/report: ${s.non2xx} non-2xx, ${s.errors} errors`);
    const cp = await timed(copy);
    const oursRows = s.rps * batch;
    const copyRows = (batch * batches) / (cp.ms / 1000);
    samples.ours.push({ rows: oursRows, p50: s.p50 });
    if (u) samples.cpu.push(Object.fromEntries(Object.entries(u).map(([k, v]) => [k, (v * 1e6) / s.ok / batch])));
    samples.copy.push(copyRows);
    log(
      `  round ${i + 1} report: ours ${oursRows.toFixed(0)} rows/s (${s.rps.toFixed(1)} calls/s, p50 ${s.p50.toFixed(1)} ms); COPY ${copyRows.toFixed(0)} rows/s${
        u
          ? `; CPU µs per report: ${Object.entries(samples.cpu.at(-1))
              .map(([k, v]) => `${k} ${v.toFixed(1)}`)
              .join(', ')}`
          : ''
      }`,
    );
  }
  const ours_ = round(median(samples.ours.map((s) => s.rows)), 0);
  const copy_ = round(median(samples.copy), 0);
  const ratio = round(ours_ / copy_, 3);
  return {
    settings: { batch, rounds, seconds, warmup, connections, copyRowsPerStatement: batch * batches },
    oursRowsPerSec: ours_,
    oursP50Ms: round(median(samples.ours.map((s) => s.p50)), 1),
    copyRowsPerSec: copy_,
    cpuMicrosPerReport: samples.cpu.length
      ? Object.fromEntries(Object.keys(samples.cpu[0]).map((k) => [k, round(median(samples.cpu.map((x) => x[k])), 1)]))
      : null,
    ratio,
    pass: { rows: ratio >= TARGETS.rowsRatioMin },
  };
}
