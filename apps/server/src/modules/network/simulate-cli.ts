#!/usr/bin/env node
/**
 * Drives simulated devices against the device API over HTTP, from a process of its own:
 *
 *   npm run simulate -- --devices 1000 --key-id dk_… --secret … --imei-start 860000000000000
 *   DATABASE_URL=postgres://… npm run simulate -- --devices 1000
 *
 * See docs/network.md for every option.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEVICE_REPORT_LIMITS, type TDeviceReport } from '@rrp/contracts';
import type { Row } from '../../db/row.js';
import { buildReportCall, type DeviceKeyCredentials } from './report-client.js';
import { BACKFILL_MAX_DAYS, backfill } from './simulate-backfill.js';
import { imeiRange, nextReport, type SimDevice } from './simulate-report.js';
import { profileOf } from './simulator/world.js';

export type CliOptions = {
  url: string;
  key: DeviceKeyCredentials;
  imeis: { imei: string; region: string }[];
  everyMs: number;
  durationMs: number | null;
  once: boolean;
  /** days of buffered history to send first (0: none) */
  backfillDays: number;
  concurrency: number;
  /** domains each report measures the link to (a monitoring strategy's probes), none by default */
  probeDomains?: string[];
};

const HELP = `Usage: npm run simulate -- --devices N [options]

  --devices N              how many devices to drive (default: all IMEIs given or found)
  --url URL                the server (default http://127.0.0.1:8080)
  --key-id ID              the company's device key id (alias --company-key-id)
  --secret=SECRET          the device key secret (write it with =: a secret may begin with -)
  --imei-start IMEI        drive N consecutive IMEIs from this one
  --imeis A,B,C            drive these IMEIs
  --imei-file PATH         drive the IMEIs in this file, one per line
  --region REGION          region of the IMEIs given on the command line (default china_mainland)
  --database-url URL       PostgreSQL (default: DATABASE_URL): find the key and N active devices there
  --company ID             with --database-url: the company (default: the one with most active devices)
  --print-key              print the company's device key and write its active IMEIs to a file, then exit
  --data-dir DIR           with --print-key: read the embedded PGlite database in DIR (server stopped)
  --imei-out PATH          with --print-key: where to write the IMEIs (default simulate-imeis.txt)
  --every SECONDS          each device reports this often (default 60)
  --duration SECONDS       stop after this long (default: until Ctrl-C)
  --once                   one report per device, then stop
  --concurrency N          calls in flight at once (default 4)
  --probe DOMAINS          with each report, measure the link to these comma-separated domains (probes)
  --backfill DAYS          first send the reports the devices buffered over the last DAYS days (1-6, every
                           10 minutes or --every, whichever is longer): history for the reports and charts
`;

/** Where the CLI reads the key and IMEIs: PostgreSQL, or a PGlite directory the server is not using. */
type Source = { url: string } | { dataDir: string };

async function fromDatabase(source: Source, companyId: string | undefined, n: number | undefined) {
  const { openPglite, openPostgres } = await import('../../db/client.js');
  const { getOrCreateDeviceKey } = await import('../devicekeys/index.js');
  const { sql } = await import('drizzle-orm');
  let unlock = () => {};
  let database: Awaited<ReturnType<typeof openPostgres>>;
  if ('url' in source) database = await openPostgres(source.url, { poolSize: 2 });
  else {
    if (!existsSync(join(source.dataDir, 'pglite'))) throw new Error(`no embedded database in ${source.dataDir} (expected ${join(source.dataDir, 'pglite')})`);
    const { lockDataDir, DataDirLockedError } = await import('../../db/lock.js');
    try {
      unlock = lockDataDir(source.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError)
        throw new Error(`${source.dataDir} is in use by a running server: stop it to run --print-key, or pass --key-id, --secret and IMEIs`);
      throw err;
    }
    database = await openPglite(join(source.dataDir, 'pglite'));
  }
  try {
    let company = companyId;
    if (!company) {
      const [c] = await database.rows<Row<'devices', 'company_id'>>(
        sql`SELECT company_id FROM devices WHERE status IN ('physical_card', 'esim', 'seed_card') GROUP BY company_id ORDER BY count(*) DESC LIMIT 1`,
      );
      if (!c) throw new Error('no company has active devices: import devices first');
      company = c.company_id;
    }
    const key = await getOrCreateDeviceKey(database, company);
    const rows = await database.rows<Row<'devices', 'imei' | 'region'>>(
      sql`SELECT imei, region FROM devices WHERE company_id = ${company} AND status IN ('physical_card', 'esim', 'seed_card')
          ORDER BY imei LIMIT ${n ?? 1_000_000}`,
    );
    return { key: { keyId: key.keyId, secret: key.secret }, imeis: rows };
  } finally {
    await database.close();
    unlock();
  }
}

/** The options of a run, or null when there is nothing to run (help, --print-key). */
export async function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<CliOptions | null> {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      devices: { type: 'string' },
      url: { type: 'string', default: 'http://127.0.0.1:8080' },
      'key-id': { type: 'string' },
      'company-key-id': { type: 'string' },
      secret: { type: 'string' },
      'imei-start': { type: 'string' },
      imeis: { type: 'string' },
      'imei-file': { type: 'string' },
      region: { type: 'string', default: 'china_mainland' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      'print-key': { type: 'boolean', default: false },
      'imei-out': { type: 'string' },
      company: { type: 'string' },
      every: { type: 'string', default: '60' },
      duration: { type: 'string' },
      once: { type: 'boolean', default: false },
      concurrency: { type: 'string', default: '4' },
      probe: { type: 'string' },
      backfill: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (v.help) {
    console.log(HELP);
    return null;
  }
  const n = v.devices !== undefined ? Number(v.devices) : undefined;
  if (n !== undefined && (!Number.isInteger(n) || n < 1)) throw new Error('--devices must be a positive integer');
  const keyId = v['key-id'] ?? v['company-key-id'];
  let key: DeviceKeyCredentials | undefined = keyId && v.secret ? { keyId, secret: v.secret } : undefined;
  if ((keyId && !v.secret) || (!keyId && v.secret)) throw new Error('--key-id and --secret go together');
  const region = v.region ?? 'china_mainland';
  let imeis: { imei: string; region: string }[] = [];
  if (v.imeis) imeis = v.imeis.split(',').map((s) => ({ imei: s.trim(), region }));
  else if (v['imei-file'])
    imeis = readFileSync(v['imei-file'], 'utf8')
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((imei) => ({ imei, region }));
  else if (v['imei-start']) {
    if (n === undefined) throw new Error('--imei-start needs --devices');
    imeis = imeiRange(v['imei-start'], n).map((imei) => ({ imei, region }));
  }
  const dbUrl = v['database-url'] ?? env.DATABASE_URL;
  const source: Source | null = v['data-dir'] ? { dataDir: v['data-dir'] } : dbUrl ? { url: dbUrl } : null;
  if (v['print-key']) {
    if (!source) throw new Error('--print-key needs --database-url (or DATABASE_URL) or --data-dir');
    const found = await fromDatabase(source, v.company, n);
    const out = v['imei-out'] ?? 'simulate-imeis.txt';
    writeFileSync(out, found.imeis.map((d) => d.imei).join('\n') + (found.imeis.length ? '\n' : ''));
    console.log(`--key-id ${found.key.keyId} --secret=${found.key.secret} --imei-file ${out}   (${found.imeis.length} active devices)`);
    return null;
  }
  if (!key || imeis.length === 0) {
    if (!source || 'dataDir' in source)
      throw new Error('give --key-id, --secret and IMEIs (--imei-start, --imeis or --imei-file), or --database-url to read them from PostgreSQL');
    const found = await fromDatabase(source, v.company, n);
    key ??= found.key;
    if (imeis.length === 0) imeis = found.imeis;
  }
  if (n !== undefined) imeis = imeis.slice(0, n);
  if (imeis.length === 0) throw new Error('no devices to drive');
  const bad = imeis.find((d) => !/^\d{15}$/.test(d.imei));
  if (bad) throw new Error(`not a 15-digit IMEI: ${bad.imei}`);
  const every = Number(v.every);
  if (!(every >= 1)) throw new Error('--every must be at least 1 second');
  const duration = v.duration !== undefined ? Number(v.duration) : null;
  const backfillDays = v.backfill !== undefined ? Number(v.backfill) : 0;
  if (v.backfill !== undefined && !(Number.isInteger(backfillDays) && backfillDays >= 1 && backfillDays <= BACKFILL_MAX_DAYS))
    throw new Error(`--backfill must be a whole number of days from 1 to ${BACKFILL_MAX_DAYS}`);
  return {
    url: (v.url ?? 'http://127.0.0.1:8080').replace(/\/$/, ''),
    key,
    imeis,
    everyMs: every * 1000,
    durationMs: duration !== null && duration > 0 ? duration * 1000 : null,
    once: v.once ?? false,
    backfillDays,
    concurrency: Math.max(1, Math.min(32, Number(v.concurrency) || 4)),
    probeDomains: (v.probe ?? '')
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
  };
}

type Totals = { calls: number; accepted: number; refused: number; failed: number; reasons: Record<string, number> };

async function send(o: CliOptions, reports: TDeviceReport[], totals: Totals): Promise<void> {
  const call = await buildReportCall(o.key, reports);
  try {
    const res = await fetch(`${o.url}${call.path}`, { method: 'POST', headers: call.headers, body: call.body });
    const body = (await res.json()) as {
      success: boolean;
      code: number;
      msg: string;
      obj: { accepted: number; refused: number; refusals: { reason: string }[] } | null;
    };
    totals.calls++;
    if (!body.success || !body.obj) {
      totals.failed += reports.length;
      console.error(`report call refused: HTTP ${res.status}, code ${body.code}: ${body.msg}`);
      if (body.code === 88003) throw new Error('the device key is unknown to the server');
      return;
    }
    totals.accepted += body.obj.accepted;
    totals.refused += body.obj.refused;
    for (const r of body.obj.refusals) totals.reasons[r.reason] = (totals.reasons[r.reason] ?? 0) + 1;
  } catch (err) {
    if ((err as Error).message.includes('device key')) throw err;
    totals.failed += reports.length;
    console.error(`report call failed: ${(err as Error).message}`);
  }
}

/** Runs the devices: each reports every `everyMs`, spread evenly, sent in signed batches. */
export async function runSimulation(o: CliOptions, signal?: AbortSignal): Promise<Totals> {
  const start = Date.now();
  const devices: SimDevice[] = o.imeis.map((d, i) => ({
    imei: d.imei,
    region: d.region,
    profile: profileOf(d.imei, d.region),
    online: false,
    lastAt: null,
    nextAt: o.once ? start : start + Math.floor((i * o.everyMs) / o.imeis.length),
  }));
  const totals: Totals = { calls: 0, accepted: 0, refused: 0, failed: 0, reasons: {} };
  if (o.backfillDays > 0) {
    await backfill(o, devices, start, (batch) => send(o, batch, totals));
    console.log(`backfilled ${o.backfillDays} days: calls ${totals.calls}, accepted ${totals.accepted}, refused ${totals.refused}, failed ${totals.failed}`);
  }
  let lastPrint = start;
  for (;;) {
    const now = Date.now();
    const due = devices.filter((d) => d.nextAt <= now);
    const batches: TDeviceReport[][] = [];
    for (let i = 0; i < due.length; i += DEVICE_REPORT_LIMITS.reportsPerCall) {
      batches.push(due.slice(i, i + DEVICE_REPORT_LIMITS.reportsPerCall).map((d) => nextReport(d, now, Math.random, o.probeDomains)));
    }
    for (const d of due) d.nextAt += o.everyMs;
    for (let i = 0; i < batches.length; i += o.concurrency) {
      await Promise.all(batches.slice(i, i + o.concurrency).map((b) => send(o, b, totals)));
    }
    if (o.once) break;
    if (now - lastPrint >= 10_000) {
      lastPrint = now;
      console.log(`${new Date(now).toISOString()} calls ${totals.calls}, accepted ${totals.accepted}, refused ${totals.refused}, failed ${totals.failed}`);
    }
    if (signal?.aborted || (o.durationMs !== null && now - start >= o.durationMs)) break;
    const next = Math.min(...devices.map((d) => d.nextAt));
    await new Promise((r) => setTimeout(r, Math.max(50, Math.min(1000, next - Date.now()))));
    if (signal?.aborted) break;
  }
  return totals;
}

async function main() {
  let o: CliOptions | null;
  try {
    o = await parseCli(process.argv.slice(2));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${HELP}`);
    process.exit(2);
  }
  if (!o) return;
  const ac = new AbortController();
  process.on('SIGINT', () => ac.abort());
  process.on('SIGTERM', () => ac.abort());
  console.log(`driving ${o.imeis.length} devices against ${o.url}, one report each every ${o.everyMs / 1000} s, key ${o.key.keyId}`);
  const t = await runSimulation(o, ac.signal);
  const reasons = Object.entries(t.reasons)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  console.log(`done: calls ${t.calls}, accepted ${t.accepted}, refused ${t.refused}${reasons ? ` (${reasons})` : ''}, failed ${t.failed}`);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
