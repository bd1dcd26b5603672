// Target 2 of the device benchmarks: POST /device/import of a 10,000-row xlsx end to end
// (multipart, signed with the empty-body hash) against a baseline of exceljs' streaming reader
// over the same file plus one COPY of its rows into the same devices table (inside a
// transaction that is rolled back, so every round sees the same table).
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { copyIn } from './lib/devices-copy.mjs';
import { timed } from './lib/devices-load.mjs';
import { grantLicenses } from './lib/devices-seed.mjs';
import { multipartBody } from './lib/multipart.mjs';
import { API } from './lib/rrp.mjs';
import { signedHeaders } from './lib/signing.mjs';
import { median, round } from './lib/stats.mjs';

export const TARGETS = { timeRatioMax: 2 };
const PATH = `${API}/device/import`;
const REGION = 'china_mainland';

/** An xlsx of `n` new devices (header row, IMEI, name); `tag` keeps the IMEIs of every file apart. */
export async function importFile(n, tag) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Devices');
  ws.addRow(['IMEI', 'Device name']);
  for (let i = 1; i <= n; i++) ws.addRow([`87${String(tag).padStart(3, '0')}${String(i).padStart(10, '0')}`, `import ${i}`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function oursOnce(c, ours, session, buf) {
  // multipart bytes built once and signed over exactly, as the web client does
  const { body, contentType } = multipartBody([
    { name: 'region', value: REGION },
    { name: 'file', value: buf, filename: 'devices.xlsx' },
  ]);
  const t0 = Date.now();
  const r = await timed(async () => {
    const res = await fetch(`${ours.base}${PATH}`, {
      method: 'POST',
      headers: { ...signedHeaders({ ...session, method: 'POST', url: PATH, body }), 'content-type': contentType },
      body,
    });
    const j = await res.json();
    if (!j.success || j.obj.succeeded !== 10_000) throw new Error(`import: ${JSON.stringify(j).slice(0, 400)}`);
    return j.obj;
  });
  // phases from the task row's own timestamps (same clock): before the task row = upload,
  // multipart and reading the workbook; task row to finished = row checks and the transaction;
  // the rest = provider activation, reading the task back and the answer
  const t1 = t0 + r.ms;
  const { rows } = await c.query('SELECT created_at, finished_at FROM import_tasks WHERE id = $1', [r.result.id]);
  const created = rows[0].created_at.getTime();
  const finished = rows[0].finished_at.getTime();
  r.phases = { readMs: created - t0, checkAndTxMs: finished - created, afterMs: Math.round(t1 - finished) };
  return r;
}

async function baselineOnce(c, company, buf) {
  return timed(async () => {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), { sharedStrings: 'cache', worksheets: 'emit' });
    const lines = [];
    const now = new Date().toISOString();
    const year = new Date(Date.now() + 365 * 86_400_000).toISOString();
    for await (const ws of reader) {
      for await (const row of ws) {
        if (row.number === 1) continue;
        const [, imei, name] = row.values;
        lines.push(`${company.id}\t${String(imei)}\t${String(name ?? '')}\t${REGION}\tphysical_card\t${now}\t${year}\n`);
      }
      break;
    }
    await c.query('BEGIN');
    try {
      const n = await copyIn(c, 'COPY devices (company_id, imei, name, region, status, activated_at, license_expires_at) FROM STDIN', lines.join(''));
      if (n !== 10_000) throw new Error(`baseline COPY wrote ${n} rows`);
    } finally {
      await c.query('ROLLBACK');
    }
  });
}

export async function run({ c, ours, session, company, rounds = 2, tagBase = 100, log = console.log }) {
  const samples = [];
  for (let i = 0; i < rounds; i++) {
    const buf = await importFile(10_000, tagBase + i);
    await grantLicenses(c, company.id, 10_000);
    const b = await baselineOnce(c, company, buf);
    const o = await oursOnce(c, ours, session, buf);
    const { readImportFile } = await import('../apps/server/dist/modules/devices/xlsx-reader.js');
    const rd = await timed(() => readImportFile(buf));
    samples.push({ oursMs: o.ms, baselineMs: b.ms, phases: o.phases, readImportFileInProcessMs: round(rd.ms, 0) });
    log(`    phases: ${JSON.stringify(o.phases)}; readImportFile alone (bench process) ${rd.ms.toFixed(0)} ms`);
    log(
      `  round ${i + 1} import 10,000 rows (${(buf.length / 1024).toFixed(0)} KiB): ours ${o.ms.toFixed(0)} ms, baseline ${b.ms.toFixed(0)} ms, ratio ${(o.ms / b.ms).toFixed(2)}`,
    );
  }
  const oursMs = round(median(samples.map((s) => s.oursMs)), 0);
  const baselineMs = round(median(samples.map((s) => s.baselineMs)), 0);
  const ratio = round(oursMs / baselineMs, 3);
  return {
    rounds: samples.map((s) => ({ ...s, oursMs: round(s.oursMs, 0), baselineMs: round(s.baselineMs, 0) })),
    oursMs,
    baselineMs,
    ratio,
    pass: { time: ratio <= TARGETS.timeRatioMax },
  };
}
