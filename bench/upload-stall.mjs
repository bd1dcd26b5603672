// Hostile uploads against everyone else: other sessions' latency while import files of a million
// cells are being uploaded, and the server's memory with three such uploads at once.
// Usage: node bench/upload-stall.mjs [--rounds 3] [--seconds 8] [--connections 4] [--json out.json]
//
// Victim traffic: signed POST /account/query on its own session, autocannon, p99 from every
// response's own timing. Rounds alternate "quiet" (victim alone) and "under upload" (victim
// while one client uploads the hostile file back to back). Target: median p99 under upload
// <= 2 x median p99 quiet. Memory: RSS of the server sampled every 20 ms while three hostile
// uploads run in parallel, against its idle RSS; the reference is the growth of exceljs loading
// the same file in this process (what reading it in place would cost).
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { machineBusy } from './lib/cpu.mjs';
import { freshDatabase } from './lib/db.mjs';
import { load, memory } from './lib/devices-load.mjs';
import { multipartBody } from './lib/multipart.mjs';
import { API, signIn, startOurServer } from './lib/rrp.mjs';
import { selfCheck, signedHeaders } from './lib/signing.mjs';
import { median, round } from './lib/stats.mjs';

export const TARGETS = { p99RatioMax: 2, memoryGrowthMaxMiB: 512 };
const IMPORT = `${API}/device/import`;
const VICTIM = `${API}/account/query`;

const column = (c) => (c >= 26 ? String.fromCharCode(64 + Math.floor(c / 26)) : '') + String.fromCharCode(65 + (c % 26));

/** A real workbook whose sheet holds `rows` x `cols` numbers: 10,000 x 110 is 1.1M cells in about 2 MB (values under 1,000). */
export async function hostileWorkbook(rows = 10_000, cols = 110) {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('devices').addRow(['IMEI', 'name']);
  const zip = await JSZip.loadAsync(Buffer.from(await wb.xlsx.writeBuffer()));
  const sheet = Object.keys(zip.files).find((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p));
  const letters = Array.from({ length: cols }, (_, c) => column(c));
  const parts = [];
  for (let r = 1; r <= rows; r++) parts.push(`<row r="${r}">${letters.map((l, c) => `<c r="${l}${r}"><v>${(r * 7 + c * 13) % 1000}</v></c>`).join('')}</row>`);
  zip.file(
    sheet,
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${parts.join('')}</sheetData></worksheet>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

async function upload(base, session, file) {
  const { body, contentType } = multipartBody([
    { name: 'region', value: 'china_mainland' },
    { name: 'file', value: file, filename: 'devices.xlsx' },
  ]);
  const res = await fetch(`${base}${IMPORT}`, {
    method: 'POST',
    headers: { ...signedHeaders({ ...session, method: 'POST', url: IMPORT, body }), 'content-type': contentType },
    body,
  });
  return (await res.json()).code;
}

async function victim(base, session, seconds, connections) {
  return load(base, {
    path: VICTIM,
    body: '{}',
    seconds,
    connections,
    headers: () => signedHeaders({ ...session, method: 'POST', url: VICTIM, body: '{}' }),
  });
}

export async function run({ rounds = 3, seconds = 8, connections = 4, log = console.log } = {}) {
  selfCheck();
  const busy = await machineBusy();
  const db = await freshDatabase('rrp_bench_upload');
  const ours = await startOurServer(db.url, { env: { RRP_SIMULATOR: 'off' } });
  try {
    const uploader = await signIn(ours.base);
    const reader = await signIn(ours.base);
    const file = await hostileWorkbook();
    const filePath = join(mkdtempSync(join(tmpdir(), 'rrp-bench-upload-')), 'hostile.xlsx');
    writeFileSync(filePath, file);
    log(`hostile file: ${round(file.length / 2 ** 20)} MiB, 1.1M cells`);
    const codes = new Map();
    const quiet = [];
    const under = [];
    await victim(ours.base, reader, 3, connections); // warm-up
    for (let i = 0; i < rounds; i++) {
      const q = await victim(ours.base, reader, seconds, connections);
      quiet.push(q);
      const loop = fork(fileURLToPath(new URL('./lib/upload-loop.mjs', import.meta.url)));
      const started = new Promise((resolve) => loop.once('message', resolve));
      loop.send({ base: ours.base, session: uploader, file: filePath });
      await started;
      const done = new Promise((resolve) => loop.once('message', resolve));
      const u = await victim(ours.base, reader, seconds, connections);
      loop.send('stop');
      const { codes: got } = await done;
      let uploads = 0;
      for (const [code, n] of Object.entries(got)) {
        codes.set(code, (codes.get(code) ?? 0) + n);
        uploads += n;
      }
      under.push({ ...u, uploads });
      log(
        `  round ${i + 1}: quiet p99 ${round(q.p99)} ms (${round(q.rps, 0)} req/s); under upload p99 ${round(u.p99)} ms (${round(u.rps, 0)} req/s, ${uploads} uploads)`,
      );
    }
    const idle = memory(ours.proc.child.pid).rssMiB;
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memory(ours.proc.child.pid).rssMiB);
    }, 20);
    const parallel = await Promise.all([1, 2, 3].map(() => upload(ours.base, uploader, file)));
    clearInterval(sampler);
    const before = process.memoryUsage().rss;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file);
    const inPlaceMiB = (process.memoryUsage().rss - before) / 2 ** 20;
    const result = {
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, loadavg: loadavg(), busyBefore: busy },
      settings: { rounds, seconds, connections, fileBytes: file.length },
      answers: Object.fromEntries(codes),
      p99QuietMs: round(median(quiet.map((q) => q.p99))),
      p99UnderUploadMs: round(median(under.map((u) => u.p99))),
      rpsQuiet: round(median(quiet.map((q) => q.rps)), 0),
      rpsUnderUpload: round(median(under.map((u) => u.rps)), 0),
      memory: { idleMiB: round(idle), peakMiB: round(peak), growthMiB: round(peak - idle), parallelAnswers: parallel, inPlaceReferenceMiB: round(inPlaceMiB) },
    };
    result.p99Ratio = round(result.p99UnderUploadMs / result.p99QuietMs);
    result.pass = result.p99Ratio <= TARGETS.p99RatioMax && result.memory.growthMiB <= TARGETS.memoryGrowthMaxMiB;
    log(JSON.stringify(result, null, 2));
    return result;
  } finally {
    await ours.stop();
    await db.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { rounds: { type: 'string' }, seconds: { type: 'string' }, connections: { type: 'string' }, json: { type: 'string' } },
  });
  const r = await run({ rounds: Number(values.rounds ?? 3), seconds: Number(values.seconds ?? 8), connections: Number(values.connections ?? 4) });
  if (values.json) writeFileSync(values.json, JSON.stringify(r, null, 2));
}
