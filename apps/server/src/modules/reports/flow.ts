import { REPORT_LIMITS, type TFlowReport } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Row } from '../../db/row.js';
import { billedBy } from '../../db/subtree.js';
import { payerOf } from '../licenses/index.js';
import type { ReportCompany } from './company.js';
import { companyUsage, deviceUsage } from './usage.js';
import { type Bucket, dayBucket, dayKey, inDays, inTimes, perBucket, type ReportWindow, timeBucket, timeKey, windowFields } from './window.js';

const MB = 1048576;

/** Bytes per key, largest first ('' for unknown last among equals). */
export const ranked = <K extends string>(key: K, m: Map<string, number>) =>
  [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, bytes]) => ({ [key]: k, bytes }) as Record<K, string> & { bytes: number });

const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);

/**
 * Usage of the company's devices: per bucket, by operator and by region from the company's
 * dimension roll-up (one read gives all three, so they always add up alike); the top devices
 * from the per-device roll-ups (deviceUsage); the shared pool of the company that pays (its own
 * or the parent's): bytes drawn by every company it pays for (company_usage_daily), and
 * bytes added to it (positive ledger rows: top-ups, License grants, bonuses).
 */
export async function flowReport(database: Database, company: ReportCompany, w: ReportWindow): Promise<TFlowReport> {
  const payer = await payerOf(database, company.id);
  // the sums as text, as their bigint and numeric columns arrive
  const [dims, top, consumed, added] = await Promise.all([
    database.rows<Bucket & As<'company_usage_dims_daily', { operator: 'network_operator' }> & Row<'company_usage_dims_daily', 'region' | 'bytes'>>(
      sql`SELECT ${dayBucket(w, sql`day`)} AS bucket, network_operator AS operator, region, sum(bytes)::text AS bytes
          FROM company_usage_dims_daily WHERE company_id = ${company.id} AND ${inDays(w)}
          GROUP BY ${dayKey(w, sql`day`)}, 2, 3`,
    ),
    database.rows<Row<'devices', 'imei' | 'name'> & Row<'device_usage_daily', 'bytes'>>(
      sql`SELECT d.imei, d.name, u.bytes::text FROM (
            SELECT device_id, bytes FROM (${deviceUsage(company.id, w)}) s
            WHERE bytes > 0 ORDER BY bytes DESC, device_id LIMIT ${REPORT_LIMITS.topDevices}) u
          JOIN devices d ON d.id = u.device_id ORDER BY u.bytes DESC, d.imei`,
    ),
    database.rows<Bucket & Row<'company_usage_daily', 'bytes'>>(companyUsage(billedBy(payer), w)),
    database.rows<Bucket & As<'data_pool_ledger', { mb: 'delta_mb' }>>(
      sql`SELECT ${timeBucket(w, sql`created_at`)} AS bucket, sum(delta_mb)::text AS mb FROM data_pool_ledger
          WHERE company_id = ${payer.id} AND delta_mb > 0 AND ${inTimes(w, sql`created_at`)} GROUP BY ${timeKey(w, sql`created_at`)}`,
    ),
  ]);
  const usage = new Map<string, number>();
  const byOperator = new Map<string, number>();
  const byRegion = new Map<string, number>();
  for (const r of dims) {
    const b = Number(r.bytes);
    add(usage, r.bucket, b);
    add(byOperator, r.operator, b);
    add(byRegion, r.region, b);
  }
  const perDay = w.buckets.map((b) => usage.get(b) ?? 0);
  return {
    ...windowFields(w, company),
    totalBytes: perDay.reduce((a, b) => a + b, 0),
    usage: perDay,
    topDevices: top.map((t) => ({ imei: t.imei, name: t.name, bytes: Number(t.bytes) })),
    byOperator: ranked('operator', byOperator),
    byRegion: ranked('region', byRegion),
    pool: {
      consumed: perBucket(w, consumed, (r) => Number(r.bytes), 0),
      added: perBucket(w, added, (r) => Math.round(Number(r.mb) * MB), 0),
    },
  };
}
