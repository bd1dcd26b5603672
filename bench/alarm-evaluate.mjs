// Alarm evaluation over 1M devices' daily roll-ups (issue: "at most 2× a single hand-written
// set-based SQL statement that finds the same crossings, in the same run").
//
// One fresh PostgreSQL database, migrated by the server's own code (openPostgres from the build),
// seeded in SQL (bench/lib/alarm-seed.mjs). Then, alternating in the same run:
//   baseline: ONE hand-written SELECT returning the (setting, device, level) crossings to this
//             process (it writes nothing);
//   ours:     evaluateAlarms(database, { now }) from apps/server/dist: pools and devices, which
//             also inserts the alarms, mails (jobs rows, capped per setting and hour) and runs
//             the escalation and end statements; all of that is part of the time measured.
// Before each round of ours, alarms, alarm_mail_log and the e-mail jobs are emptied, so every
// round opens every alarm again. After each round the device alarms ours inserted must equal the
// baseline's rows, or the bench fails.
// Usage: node bench/alarm-evaluate.mjs [--devices 1000000] [--companies 200] [--days 5]
//   [--rounds 5] [--no-explain] [--keep (do not drop the database, to investigate)] [--json out.json]
//   [--evaluate <another build of evaluate.js, relative to the repository, to measure a change>]
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openPostgres, sql } from '../apps/server/dist/db/client.js';
import { evaluationTime, seed, utcDate } from './lib/alarm-seed.mjs';
import { machineBusy } from './lib/cpu.mjs';
import { freshDatabase } from './lib/db.mjs';
import { at, RESULTS_DIR } from './lib/paths.mjs';
import { median, round, spreadPct } from './lib/stats.mjs';

export const TARGET = { ratioMax: 2 };

/**
 * The baseline: every device crossing the threshold of a setting that is on, in the setting's
 * current UTC window, with its level. One pass over the window's roll-ups aggregates each device
 * once for the three possible window starts (today, Monday, the 1st), keeps the devices over the
 * smallest threshold, then joins their device row and the settings of its company (and group).
 */
export const BASELINE = `
  WITH s AS MATERIALIZED (
    SELECT id, company_id, scope, group_id, period, threshold_mb * 1048576 AS thr, urgent_mb * 1048576 AS urg,
           CASE period WHEN 'day' THEN $1::date WHEN 'week' THEN date_trunc('week', $1::date)::date
                       ELSE date_trunc('month', $1::date)::date END AS ws
    FROM alarm_settings WHERE status = 'on'),
  u AS (
    SELECT device_id,
           sum(bytes) FILTER (WHERE day >= $1::date) AS b_day,
           sum(bytes) FILTER (WHERE day >= date_trunc('week', $1::date)::date) AS b_week,
           sum(bytes) FILTER (WHERE day >= date_trunc('month', $1::date)::date) AS b_month
    FROM device_usage_daily
    WHERE day >= (SELECT min(ws) FROM s) AND day <= $1::date
    GROUP BY device_id)
  SELECT s.id AS setting_id, dv.id AS device_id, CASE WHEN v.b >= s.urg THEN 'critical' ELSE 'major' END AS level
  FROM u
  JOIN devices dv ON dv.id = u.device_id
  JOIN s ON s.company_id = dv.company_id AND (s.scope = 'all' OR s.group_id = dv.group_id)
  CROSS JOIN LATERAL (SELECT CASE s.period WHEN 'day' THEN u.b_day WHEN 'week' THEN u.b_week ELSE u.b_month END AS b) v
  WHERE greatest(u.b_day, u.b_week, u.b_month) >= (SELECT min(thr) FROM s) AND v.b >= s.thr`;

const key = (r) => `${r.setting_id}|${r.device_id}|${r.level}`;

/** Empties what evaluateAlarms writes, so the next round does the whole work again. */
async function reset(c) {
  await c.query('TRUNCATE alarms, alarm_mail_log');
  await c.query(`DELETE FROM jobs WHERE name = 'email.send'`);
  await c.query('VACUUM ANALYZE jobs');
}

/** Fails loudly unless the device alarms in the table are exactly the baseline's rows. */
async function verify(c, baselineRows) {
  const { rows } = await c.query(`SELECT setting_id, device_id, level FROM alarms WHERE type = 'device_flow'`);
  const ours = new Set(rows.map(key));
  const base = new Set(baselineRows.map(key));
  const missing = [...base].filter((k) => !ours.has(k));
  const extra = [...ours].filter((k) => !base.has(k));
  if (missing.length || extra.length || ours.size !== rows.length || base.size !== baselineRows.length)
    throw new Error(
      `ours and the baseline differ: ours ${rows.length} rows, baseline ${baselineRows.length}; ` +
        `${missing.length} missing from ours (e.g. ${missing.slice(0, 3).join(', ')}), ${extra.length} extra (e.g. ${extra.slice(0, 3).join(', ')})`,
    );
  return rows.length;
}

/**
 * Wraps the Database so every statement evaluateAlarms runs is timed (by its first words);
 * with `explain`, each distinct statement is also run once under EXPLAIN (ANALYZE, BUFFERS)
 * inside a savepoint that is rolled back, before it runs for real.
 */
function instrumented(database, { explain = false } = {}) {
  const dialect = new PgDialect();
  const stats = new Map();
  const plans = new Map();
  // a statement with CTEs is named by its main part: the first INSERT / UPDATE / SELECT outside parentheses
  const label = (text) => {
    const t = text.replace(/\s+/g, ' ').trim();
    if (!t.startsWith('WITH ')) return t.slice(0, 60);
    let depth = 0;
    for (let k = 5; k < t.length; k++) {
      if (t[k] === '(') depth++;
      else if (t[k] === ')') depth--;
      else if (depth === 0 && /^ (INSERT|UPDATE|SELECT|DELETE) /.test(t.slice(k, k + 8))) return `WITH ${t.slice(5, 7).trim()} …${t.slice(k, k + 50)}`;
    }
    return t.slice(0, 60);
  };
  const rows = async (q, tx) => {
    const text = dialect.sqlToQuery(q).sql;
    const name = label(text);
    if (explain && !plans.has(text) && tx) {
      await database.rows(sql.raw('SAVEPOINT bench_explain'), tx);
      const plan = await database.rows(sql`EXPLAIN (ANALYZE, BUFFERS) ${q}`, tx);
      await database.rows(sql.raw('ROLLBACK TO SAVEPOINT bench_explain'), tx);
      plans.set(text, { name, plan: plan.map((r) => r['QUERY PLAN']).join('\n') });
    }
    const t = performance.now();
    const out = await database.rows(q, tx);
    const s = stats.get(name) ?? { calls: 0, ms: 0 };
    s.calls++;
    s.ms += performance.now() - t;
    stats.set(name, s);
    return out;
  };
  return {
    database: { ...database, rows },
    stats: () => [...stats].map(([name, s]) => ({ name, calls: s.calls, ms: round(s.ms, 1) })).sort((a, b) => b.ms - a.ms),
    plans: () => [...plans.values()],
  };
}

export async function run({
  devices = 1_000_000,
  companies = 200,
  days = 5,
  rounds = 5,
  explain = true,
  keep = false,
  evaluate = 'apps/server/dist/modules/alarms/evaluate.js',
  log = console.log,
} = {}) {
  const { evaluateAlarms } = await import(evaluate.startsWith('/') ? evaluate : at(evaluate));
  const busy = await machineBusy();
  const db = await freshDatabase('rrp_bench_alarm');
  let database;
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
    settings: { devices, companies, days, rounds, evaluate },
  };
  try {
    database = await openPostgres(db.url, { poolSize: 4 }); // migrates
    c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const now = evaluationTime(days);
    out.now = now.toISOString();
    log(`alarms: seeding ${devices} devices over ${companies} companies, ${days} days of roll-ups ending ${utcDate(now)}`);
    const s = await seed(c, { devices, companies, days, now, log });
    out.seed = { seconds: round(s.seconds, 1), steps: s.steps, counts: s.counts, windowDays: s.windowDays };
    log(`  seeded in ${s.seconds.toFixed(1)} s: ${JSON.stringify(s.counts)}`);

    const today = utcDate(now);
    const baseline = async () => {
      const t = performance.now();
      const r = await c.query(BASELINE, [today]);
      return { ms: performance.now() - t, rows: r.rows };
    };
    const ours = async (db_ = database) => {
      await reset(c);
      const t = performance.now();
      const r = await evaluateAlarms(db_, { now });
      return { ms: performance.now() - t, result: r };
    };

    // warm-up, and the first check
    const b0 = await baseline();
    const o0 = await ours();
    const crossings = await verify(c, b0.rows);
    const levels = { major: 0, critical: 0 };
    for (const r of b0.rows) levels[r.level]++;
    out.crossings = { rows: crossings, ...levels, devicesCrossing: new Set(b0.rows.map((r) => r.device_id)).size };
    out.firstResult = o0.result;
    const { rows: mails } = await c.query(`SELECT count(*)::int AS n FROM jobs WHERE name = 'email.send'`);
    out.mailJobs = mails[0].n;
    log(
      `  warm-up: baseline ${b0.ms.toFixed(0)} ms, ours ${o0.ms.toFixed(0)} ms; ${crossings} crossings ${JSON.stringify(levels)}, result ${JSON.stringify(o0.result)}, ${mails[0].n} e-mail jobs`,
    );

    const b = [];
    const o = [];
    for (let i = 0; i < rounds; i++) {
      const pair = i % 2 === 0 ? ['baseline', 'ours'] : ['ours', 'baseline'];
      for (const side of pair) {
        if (side === 'baseline') {
          const r = await baseline();
          b.push(r.ms);
          if (r.rows.length !== crossings) throw new Error(`baseline returned ${r.rows.length} rows, ${crossings} before`);
        } else {
          const r = await ours();
          o.push(r.ms);
          await verify(c, b0.rows);
        }
      }
      log(`  round ${i + 1}: baseline ${b.at(-1).toFixed(0)} ms, ours ${o.at(-1).toFixed(0)} ms`);
    }
    out.baseline = { medianMs: round(median(b), 1), spreadPct: round(spreadPct(b), 1), ms: b.map((x) => round(x, 1)) };
    out.ours = { medianMs: round(median(o), 1), spreadPct: round(spreadPct(o), 1), ms: o.map((x) => round(x, 1)) };
    out.ratio = round(median(o) / median(b), 2);
    out.pass = out.ratio <= TARGET.ratioMax;

    // where our time goes: one more round with every statement timed
    const timed = instrumented(database);
    const ot = await ours(timed.database);
    await verify(c, b0.rows);
    out.oursStatements = { totalMs: round(ot.ms, 1), statements: timed.stats() };
    if (explain) {
      const ex = instrumented(database, { explain: true });
      await ours(ex.database);
      const bp = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${BASELINE}`, [today]);
      out.plans = [{ name: 'baseline', plan: bp.rows.map((r) => r['QUERY PLAN']).join('\n') }, ...ex.plans()];
    }
    out.machine.loadavgAfter = loadavg();
    return out;
  } finally {
    await c?.end();
    await database?.close();
    if (keep) log(`kept database: ${db.url}`);
    else await db.drop();
  }
}

export function report(r) {
  const pf = (b) => (b ? 'PASS' : 'FAIL');
  const lines = [
    `alarm evaluation: ${r.settings.devices} devices, ${r.seed.counts.usage_rows} roll-up rows, ${r.seed.counts.settings_on} settings on, now ${r.now}; seeded in ${r.seed.seconds} s`,
    `crossings: ${r.crossings.rows} (${r.crossings.major} major, ${r.crossings.critical} critical, ${r.crossings.devicesCrossing} devices); ours also writes them and ${r.mailJobs} e-mail jobs`,
    `baseline (one SELECT) median ${r.baseline.medianMs} ms (spread ${r.baseline.spreadPct} %), ours (evaluateAlarms) median ${r.ours.medianMs} ms (spread ${r.ours.spreadPct} %)`,
    '',
    'ours, statement by statement (one extra round):',
    ...r.oursStatements.statements.map((s) => `  ${String(s.ms).padStart(9)} ms  ${String(s.calls).padStart(5)} ×  ${s.name}`),
    '',
    '| target | ours | baseline | ratio | goal | result |',
    '|---|---|---|---|---|---|',
    `| alarm evaluation, ${r.settings.devices} devices × ${r.settings.days} days | ${r.ours.medianMs} ms | ${r.baseline.medianMs} ms | ${r.ratio} | <= ${TARGET.ratioMax} | ${pf(r.pass)} |`,
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '1000000' },
      companies: { type: 'string', default: '200' },
      days: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '5' },
      'no-explain': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      evaluate: { type: 'string', default: 'apps/server/dist/modules/alarms/evaluate.js' },
      json: { type: 'string' },
    },
  });
  const r = await run({
    devices: Number(values.devices),
    companies: Number(values.companies),
    days: Number(values.days),
    rounds: Number(values.rounds),
    explain: !values['no-explain'],
    keep: values.keep,
    evaluate: values.evaluate,
  });
  if (r.plans) for (const p of r.plans) console.log(`\n-- ${p.name}\n${p.plan}`);
  console.log(`\n${report(r)}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  const json = `${JSON.stringify(r, null, 2)}\n`;
  const file = values.json ?? join(RESULTS_DIR, `alarm-evaluate-${r.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, json);
  writeFileSync(join(RESULTS_DIR, 'alarm-evaluate-latest.json'), json);
  console.log(`results: ${file}`);
  if (!r.pass) process.exitCode = 1;
}
