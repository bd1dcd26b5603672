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

/** The company's device key, created as getOrCreateDeviceKey does (network/device-keys.ts). */
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
