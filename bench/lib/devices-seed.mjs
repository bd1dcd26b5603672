// The device benchmarks' data set, generated in SQL (generate_series), so 1M devices take about
// a minute: the demo admin's company (the "big company"), 200 other companies sharing the rest
// of the platform, and a parking company whose devices move into the big company step by step.
import pg from 'pg';
import { ADMIN } from './rrp.mjs';

export const IMEI = (n) => `86${String(n).padStart(13, '0')}`;

/** Connects a pg Client to `url`. */
export async function client(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

/** The demo admin's company: { id, path, userId }. */
export async function demoCompany(c) {
  const { rows } = await c.query('SELECT u.id AS user_id, c.id, c.path FROM users u JOIN companies c ON c.id = u.company_id WHERE lower(u.email) = lower($1)', [
    ADMIN.email,
  ]);
  return { id: rows[0].id, path: rows[0].path, userId: rows[0].user_id };
}

/**
 * Seeds `total` devices: `parked` in a parking company (IMEIs 1..parked, created one second
 * apart), the rest spread over `companies` other companies; `usageDevices` of the parked devices
 * get one device_usage_daily row per day for the `usageDays` days ending yesterday (UTC).
 * Returns { parkingId, seconds }.
 */
export async function seed(c, { total = 1_000_000, parked = 50_000, companies = 200, usageDevices = 10_000, usageDays = 90, log = console.log } = {}) {
  const t0 = performance.now();
  const { rows: cs } = await c.query(
    `INSERT INTO companies (path, name, country, certification)
     SELECT 'bench/' || i || '/', 'Bench company ' || i, 'CN', 'verified' FROM generate_series(0, $1) AS i RETURNING id, name`,
    [companies],
  );
  const parking = cs.find((r) => r.name === 'Bench company 0').id;
  const others = cs.filter((r) => r.id !== parking).map((r) => r.id);
  await c.query(
    `INSERT INTO devices (company_id, imei, name, region, status, online, signal_level, usage_yesterday, usage_month,
                          activated_at, license_expires_at, created_at, updated_at)
     SELECT CASE WHEN i <= $1 THEN $2::uuid ELSE ($3::uuid[])[1 + (i % $4)] END,
            '86' || lpad(i::text, 13, '0'), 'dev ' || i, 'china_mainland', 'physical_card', i % 3 <> 0, 1 + i % 5,
            (i::bigint * 7919) % 50000000, (i::bigint * 104729) % 900000000,
            now() - interval '200 days', now() + interval '165 days',
            timestamptz '2026-01-01' + i * interval '1 second', now()
     FROM generate_series(1, $5) AS i`,
    [parked, parking, `{${others.join(',')}}`, others.length, total],
  );
  log(`  seeded ${total} devices (${parked} parked) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const t1 = performance.now();
  await c.query(
    `INSERT INTO device_usage_daily (device_id, company_id, day, bytes)
     SELECT d.id, d.company_id, (now() AT TIME ZONE 'UTC')::date - k, (hashtext(d.imei || k) & 67108863)::bigint
     FROM (SELECT id, company_id, imei FROM devices WHERE company_id = $1 ORDER BY imei LIMIT $2) d, generate_series(1, $3) AS k`,
    [parking, usageDevices, usageDays],
  );
  await c.query('VACUUM ANALYZE devices');
  await c.query('VACUUM ANALYZE device_usage_daily');
  log(`  seeded ${usageDevices} × ${usageDays} usage rows in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  return { parkingId: parking, seconds: (performance.now() - t0) / 1000 };
}

/** Moves parked devices (lowest IMEIs first) into `companyId` until it holds `count` of them. */
export async function moveParked(c, parkingId, companyId, count) {
  await c.query(
    `UPDATE devices SET company_id = $2 WHERE id IN
       (SELECT id FROM devices WHERE company_id = $1 AND imei <= $3 ORDER BY imei)`,
    [parkingId, companyId, IMEI(count)],
  );
  await c.query('UPDATE device_usage_daily SET company_id = $2 WHERE company_id = $1 AND device_id IN (SELECT id FROM devices WHERE company_id = $2)', [
    parkingId,
    companyId,
  ]);
  await c.query('ANALYZE devices');
}

/** Gives the company `n` more Licenses (a purchase row in license_ledger). */
export async function grantLicenses(c, companyId, n) {
  await c.query(`INSERT INTO license_ledger (company_id, delta, reason) VALUES ($1, $2, 'purchase')`, [companyId, n]);
}

/** The company's device key, created as getOrCreateDeviceKey does (devicekeys/device-keys.ts). */
export async function deviceKey(c, companyId) {
  await c.query(
    `INSERT INTO device_keys (company_id, key_id, secret)
     VALUES ($1, 'dk_' || substr(md5(random()::text), 1, 24), md5(random()::text) || md5(random()::text))
     ON CONFLICT (company_id) DO NOTHING`,
    [companyId],
  );
  const { rows } = await c.query('SELECT key_id, secret FROM device_keys WHERE company_id = $1', [companyId]);
  return { keyId: rows[0].key_id, secret: rows[0].secret };
}

/**
 * Gives the company's devices (IMEI number i) the variety the list's filters need: statuses
 * 70 % physical_card, 15 % esim, 10 % in_stock, 4 % seed_card, 1 % service_expired; one in ten
 * (i % 10 = 5) moved into the sub-company's default group; of the rest, even i in the default
 * group, odd i spread over 7 groups, and i % 1000 = 0 in a rare group of 50. Online stays
 * i % 3 <> 0. Returns { sub, groups: { default, common, rare, subDefault } } and undo(), which
 * puts every device back into the company with status physical_card and no group.
 */
export async function shapeForList(c, company) {
  const { rows: subs } = await c.query('SELECT id, path FROM companies WHERE parent_id = $1 ORDER BY created_at LIMIT 1', [company.id]);
  if (!subs.length) throw new Error('the demo company has no sub-company');
  const sub = subs[0];
  const group = async (companyId, name) => {
    const { rows } = await c.query(
      `INSERT INTO device_groups (company_id, name) VALUES ($1, $2)
       ON CONFLICT (company_id, name) DO UPDATE SET name = excluded.name RETURNING id`,
      [companyId, name],
    );
    return rows[0].id;
  };
  const defaultOf = async (companyId) =>
    (await c.query('SELECT id FROM device_groups WHERE company_id = $1 AND is_default', [companyId])).rows[0]?.id ??
    (await c.query(`INSERT INTO device_groups (company_id, name, is_default) VALUES ($1, 'default', true) RETURNING id`, [companyId])).rows[0].id;
  const groups = {
    default: await defaultOf(company.id),
    subDefault: await defaultOf(sub.id),
    rare: await group(company.id, 'bench rare'),
    common: [],
  };
  for (let k = 1; k <= 7; k++) groups.common.push(await group(company.id, `bench group ${k}`));
  await c.query(
    `UPDATE devices SET
       company_id = CASE WHEN n % 10 = 5 THEN $2::uuid ELSE company_id END,
       status = CASE WHEN n % 100 < 70 THEN 'physical_card' WHEN n % 100 < 85 THEN 'esim' WHEN n % 100 < 95 THEN 'in_stock'
                     WHEN n % 100 < 99 THEN 'seed_card' ELSE 'service_expired' END,
       group_id = CASE WHEN n % 10 = 5 THEN $3::uuid WHEN n % 1000 = 0 THEN $4::uuid WHEN n % 2 = 0 THEN $5::uuid
                       ELSE ($6::uuid[])[1 + n % 7] END
     FROM (SELECT id AS did, substr(imei, 3)::bigint AS n FROM devices WHERE company_id = $1) x
     WHERE devices.id = x.did`,
    [company.id, sub.id, groups.subDefault, groups.rare, groups.default, `{${groups.common.join(',')}}`],
  );
  await c.query('VACUUM ANALYZE devices');
  return {
    sub,
    groups,
    async undo() {
      await c.query(`UPDATE devices SET company_id = $1, status = 'physical_card', group_id = NULL WHERE company_id IN ($1, $2)`, [company.id, sub.id]);
      await c.query('VACUUM ANALYZE devices');
    },
  };
}

const OPERATORS = ['China Mobile', 'China Unicom', 'China Telecom'];

/**
 * `count` reports of the seeded devices IMEI(first + 1) … IMEI(first + count), all at `at`, as
 * POST /api/v1/device/report takes them.
 */
export const deviceReports = (first, count, at) =>
  Array.from({ length: count }, (_, i) => ({
    imei: IMEI(first + i + 1),
    at,
    bytes: 1000 + i,
    online: true,
    signalLevel: 1 + (i % 5),
    networkOperator: OPERATORS[i % 3],
    networkType: '4G',
    area: 'Shanghai',
  }));
