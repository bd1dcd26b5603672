// The alarm benchmark's data set, generated in SQL (generate_series): `companies` root companies
// (independent billing, each with a default group and a "fleet" group), `devices` devices spread
// round robin over them, `days` days of device_usage_daily ending on `today` (all inside its UTC
// month), one or two alarm settings per company and a pool warning policy for one company in ten.
//
// Usage per device per day (MB, deterministic from the device number n and the day): 95 % light
// (0–50), 4 % heavy (100–400), 1 % very heavy (600–2,000). Thresholds scale with the days of the
// setting's window that hold usage, so a few % of the devices cross whatever today's weekday is.

/** The UTC date (YYYY-MM-DD) of a Date. */
export const utcDate = (d) => d.toISOString().slice(0, 10);

/**
 * The evaluation time: `now` itself when its UTC month already holds `days` days, else noon UTC
 * of the last day of the previous month (so the seeded days all fall in one month).
 */
export function evaluationTime(days, now = new Date()) {
  if (now.getUTCDate() >= days) return now;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0, 12));
}

/** Days of each period's current window that hold seeded usage (window start .. today). */
export function windowDays(now, days) {
  const dow = (now.getUTCDay() + 6) % 7; // Monday = 0
  return { day: 1, week: Math.min(dow + 1, days), month: Math.min(now.getUTCDate(), days) };
}

const PERIODS = ['day', 'week', 'month'];

/**
 * Seeds the platform; returns { seconds, steps, counts }. `c` is a pg Client on the migrated
 * database, `now` the evaluation time.
 */
export async function seed(c, { devices = 1_000_000, companies = 200, days = 5, now, log = console.log }) {
  const steps = {};
  const t0 = performance.now();
  let t = t0;
  const step = (name) => {
    const ms = performance.now() - t;
    steps[name] = Math.round(ms);
    log(`  ${name}: ${(ms / 1000).toFixed(1)} s`);
    t = performance.now();
  };
  const today = utcDate(now);
  const wd = windowDays(now, days);

  await c.query(
    `INSERT INTO companies (path, name, country, certification, billing)
     SELECT 'bench-alarm/' || k || '/', 'Alarm bench company ' || k, 'CN', 'verified', 'independent' FROM generate_series(0, $1 - 1) AS k`,
    [companies],
  );
  await c.query(`CREATE TEMP TABLE bc AS
                 SELECT substr(name, 21)::int AS k, id FROM companies WHERE path LIKE 'bench-alarm/%'`);
  await c.query(`INSERT INTO device_groups (company_id, name, is_default) SELECT id, 'default', true FROM bc`);
  await c.query(`INSERT INTO device_groups (company_id, name) SELECT id, 'fleet' FROM bc`);
  await c.query(`CREATE TEMP TABLE bg AS
                 SELECT bc.k, bc.id AS company_id, d.id AS dflt, f.id AS fleet FROM bc
                 JOIN device_groups d ON d.company_id = bc.id AND d.is_default
                 JOIN device_groups f ON f.company_id = bc.id AND f.name = 'fleet'`);
  step('companies and groups');

  // n % 4 = 0: fleet group, 1: no group, 2 and 3: default group
  await c.query(
    `INSERT INTO devices (company_id, group_id, imei, name, region, status, online, activated_at, license_expires_at)
     SELECT g.company_id, CASE n % 4 WHEN 0 THEN g.fleet WHEN 1 THEN NULL ELSE g.dflt END,
            '87' || lpad(n::text, 13, '0'), 'dev ' || n, 'china_mainland', 'physical_card', n % 3 <> 0,
            now() - interval '200 days', now() + interval '165 days'
     FROM generate_series(1, $1) AS n JOIN bg g ON g.k = n % $2`,
    [devices, companies],
  );
  step(`${devices} devices`);

  await c.query(
    `INSERT INTO device_usage_daily (device_id, company_id, day, bytes)
     SELECT d.id, d.company_id, $1::date - k,
            (1048576 * CASE WHEN d.h < 10 THEN 600 + 1400 * r WHEN d.h < 50 THEN 100 + 300 * r ELSE 50 * r END)::bigint
     FROM (SELECT id, company_id, substr(imei, 3)::bigint AS n, abs(hashint8(substr(imei, 3)::bigint)) % 1000 AS h
           FROM devices WHERE imei LIKE '87%') d,
          generate_series(0, $2 - 1) AS k,
          LATERAL (SELECT (abs(hashint8(d.n * 31 + k)) % 1000) / 1000.0 AS r) x`,
    [today, days],
  );
  step(`${days} days of device_usage_daily`);

  // every company: "all devices" (period by k % 3); even k: "fleet" group (another period);
  // k % 5 = 0: a low setting that is off (must not fire)
  const thr = (perDay, period) => perDay * wd[period];
  const values = [];
  for (let k = 0; k < companies; k++) {
    const pAll = PERIODS[k % 3];
    values.push(`(${k}, 'all devices', 'all', false, '${pAll}', 'on', ${thr(300, pAll)}, ${thr(1200, pAll)})`);
    if (k % 2 === 0) {
      const pFleet = PERIODS[(k + 2) % 3];
      values.push(`(${k}, 'fleet', 'group', true, '${pFleet}', 'on', ${thr(150, pFleet)}, ${thr(600, pFleet)})`);
    }
    if (k % 5 === 0) values.push(`(${k}, 'switched off', 'all', false, 'day', 'off', 10, 20)`);
  }
  await c.query(
    `INSERT INTO alarm_settings (company_id, name, scope, group_id, period, status, emails, threshold_mb, urgent_mb)
     SELECT g.company_id, v.name, v.scope, CASE WHEN v.fleet THEN g.fleet END, v.period, v.status,
            'ops' || v.k || '@bench.example, noc' || v.k || '@bench.example', v.thr, v.urg
     FROM (VALUES ${values.join(',')}) AS v(k, name, scope, fleet, period, status, thr, urg) JOIN bg g ON g.k = v.k`,
  );
  // pool policies: k % 20 = 0 has 100 MB left (under the warning value), k % 20 = 10 plenty
  await c.query(
    `INSERT INTO data_pool_ledger (company_id, delta_mb, reason)
     SELECT u.company_id, round(sum(u.bytes) / 1048576.0, 2) + CASE WHEN g.k % 20 = 0 THEN 100 ELSE 1000000 END, 'purchase'
     FROM bg g JOIN device_usage_daily u ON u.company_id = g.company_id WHERE g.k % 10 = 0 GROUP BY u.company_id, g.k`,
  );
  await c.query(`INSERT INTO pool_warnings (company_id, warning_mb, alarm_mb) SELECT company_id, 1000, 10 FROM bg WHERE k % 10 = 0`);
  step('alarm settings and pool policies');

  await c.query('VACUUM ANALYZE');
  step('VACUUM ANALYZE');
  const { rows } = await c.query(`SELECT (SELECT count(*) FROM devices)::int AS devices, (SELECT count(*) FROM device_usage_daily)::int AS usage_rows,
                                         (SELECT count(*) FROM alarm_settings WHERE status = 'on')::int AS settings_on,
                                         (SELECT count(*) FROM pool_warnings)::int AS pool_policies`);
  return { seconds: (performance.now() - t0) / 1000, steps, counts: rows[0], today, windowDays: wd };
}
