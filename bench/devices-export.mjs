// Target 3 of the device benchmarks: GET /device/export (custom, 90 days) for 2,500 / 5,000 /
// 10,000 devices against a baseline of one COPY (SELECT …) TO STDOUT of the same data (walking
// each company of the subtree on its (company_id, id) index, as the route pages) written
// by exceljs' streaming WorkbookWriter into an equivalent sheet; and our server's peak RSS per
// size (VmHWM, the server restarted before each size so the peak starts fresh).
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { copyOut } from './lib/devices-copy.mjs';
import { memory, timed } from './lib/devices-load.mjs';
import { moveParked } from './lib/devices-seed.mjs';
import { API, signIn } from './lib/rrp.mjs';
import { signedHeaders } from './lib/signing.mjs';
import { round } from './lib/stats.mjs';

export const TARGETS = { timeRatioMax: 1.5, memoryGrowthMax: 1.5 };
const DAY = 86_400_000;

export function exportRange(days = 90) {
  const today = Date.UTC(
    ...new Date()
      .toISOString()
      .slice(0, 10)
      .split('-')
      .map((x, i) => Number(x) - (i === 1 ? 1 : 0)),
  );
  const day = (t) => new Date(t).toISOString().slice(0, 10);
  const list = Array.from({ length: days }, (_, i) => day(today - (days - i) * DAY));
  return { start: list[0], end: list[list.length - 1], days: list };
}

/** Ours: the signed GET, response read to the end; peak RSS sampled every 25 ms and VmHWM. */
async function oursOnce(ours, session, url) {
  const pid = ours.proc.child.pid;
  let peak = memory(pid).rssMiB;
  const before = peak;
  const timer = setInterval(() => (peak = Math.max(peak, memory(pid).rssMiB)), 25);
  const { ms, result: bytes } = await timed(async () => {
    const res = await fetch(`${ours.base}${url}`, { headers: signedHeaders({ ...session, method: 'GET', url, body: '' }) });
    if (res.status !== 200) throw new Error(`export: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
    let n = 0;
    for await (const chunk of res.body) n += chunk.length;
    return n;
  });
  clearInterval(timer);
  return { ms, bytes, rssBeforeMiB: before, rssPeakSampledMiB: Math.max(peak, memory(pid).rssMiB), hwmMiB: memory(pid).hwmMiB };
}

/** Baseline: one COPY of (imei, name, day, bytes) in company then device order, pivoted per device and written by exceljs. */
async function baselineOnce(c, companyPath, range) {
  return timed(async () => {
    const sink = new Writable({ write: (_ch, _e, cb) => cb() });
    let bytes = 0;
    const out = new PassThrough();
    out.on('data', (ch) => (bytes += ch.length));
    out.pipe(sink);
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const ws = wb.addWorksheet('Usage (MB)');
    ws.addRow(['IMEI', 'Device name', ...range.days, 'Total (MB)']).commit();
    const index = new Map(range.days.map((d, i) => [d, i]));
    const mb = (b) => Math.round((b / 1048576) * 100) / 100;
    let cur = null;
    const flush = () => cur && ws.addRow([cur.imei, cur.name, ...cur.v.map(mb), mb(cur.v.reduce((s, x) => s + x, 0))]).commit();
    let rest = '';
    const p = companyPath.replace(/'/g, "''");
    await copyOut(
      c,
      // company by company, each walked in id order on devices_company_id_idx (the order the
      // route writes), usage read per device from its primary key
      `COPY (SELECT d.id, d.imei, d.name, to_char(u.day, 'YYYY-MM-DD'), u.bytes
             FROM (SELECT id FROM companies WHERE path LIKE '${p}%') c
             CROSS JOIN LATERAL (SELECT id, imei, name FROM devices WHERE company_id = c.id ORDER BY id) d
             LEFT JOIN device_usage_daily u ON u.device_id = d.id AND u.day BETWEEN '${range.start}' AND '${range.end}'
             ORDER BY c.id, d.id) TO STDOUT`,
      (chunk) => {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop();
        for (const line of lines) {
          const [id, imei, name, day, b] = line.split('\t');
          if (!cur || cur.id !== id) {
            flush();
            cur = { id, imei, name, v: new Array(range.days.length).fill(0) };
          }
          const i = index.get(day);
          if (i !== undefined) cur.v[i] += Number(b);
        }
      },
    );
    flush();
    ws.commit();
    await wb.commit();
    return bytes;
  });
}

export async function run({ c, startServer, parkingId, company, sizes = [2500, 5000, 10000], log = console.log }) {
  const range = exportRange(90);
  const url = `${API}/device/export?mode=custom&start=${range.start}&end=${range.end}`;
  const out = { range: { start: range.start, end: range.end }, sizes: [] };
  for (const n of sizes) {
    await moveParked(c, parkingId, company.id, n);
    const ours = await startServer();
    try {
      const session = await signIn(ours.base);
      const o = await oursOnce(ours, session, url);
      const b = await baselineOnce(c, company.path, range);
      const row = {
        devices: n,
        oursMs: round(o.ms, 0),
        baselineMs: round(b.ms, 0),
        ratio: round(o.ms / b.ms, 3),
        oursBytes: o.bytes,
        baselineBytes: b.result,
        rssBeforeMiB: round(o.rssBeforeMiB, 1),
        peakRssMiB: round(o.hwmMiB, 1),
      };
      out.sizes.push(row);
      log(
        `  export ${n} devices × 90 days: ours ${row.oursMs} ms (${(o.bytes / 1e6).toFixed(1)} MB), baseline ${row.baselineMs} ms, ratio ${row.ratio}; server RSS ${row.rssBeforeMiB} → peak ${row.peakRssMiB} MiB`,
      );
    } finally {
      await ours.stop();
    }
  }
  // the largest export once more with the server's V8 heap capped at 96 MB: if it completes,
  // what grows with the rows is garbage not yet collected, not data held
  {
    const ours = await startServer(['--max-old-space-size=96']);
    try {
      const o = await oursOnce(ours, await signIn(ours.base), url);
      out.cappedHeap = { maxOldSpaceMiB: 96, devices: sizes[sizes.length - 1], oursMs: round(o.ms, 0), peakRssMiB: round(o.hwmMiB, 1), completed: true };
    } catch (e) {
      out.cappedHeap = { maxOldSpaceMiB: 96, completed: false, error: String(e).slice(0, 200) };
    } finally {
      await ours.stop();
    }
    log(`  export with --max-old-space-size=96: ${JSON.stringify(out.cappedHeap)}`);
  }
  const first = out.sizes[0];
  const last = out.sizes[out.sizes.length - 1];
  out.worstRatio = Math.max(...out.sizes.map((s) => s.ratio));
  out.ratioAtMax = last.ratio;
  // growth of the peak above the idle RSS, from the smallest to the largest size (rows grow 4×)
  out.peakGrowth = round((last.peakRssMiB - last.rssBeforeMiB) / Math.max(1, first.peakRssMiB - first.rssBeforeMiB), 2);
  out.pass = { time: out.worstRatio <= TARGETS.timeRatioMax, memoryFlat: last.peakRssMiB / first.peakRssMiB <= TARGETS.memoryGrowthMax };
  return out;
}
