import { DEVICE_STATUSES, type DeviceStatus, type TDeviceStatusReport } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Count, Narrow, Row } from '../../db/row.js';
import { payerOf } from '../licenses/index.js';
import type { ReportCompany } from './company.js';
import { companyUsage } from './usage.js';
import { type Bucket, inTimes, perBucket, type ReportWindow, timeBucket, timeKey, windowFields } from './window.js';

type Counted = Bucket & Count;

/**
 * The company's devices now by status; per bucket the share of reports that said online (the
 * company's daily roll-up, company_usage_daily), the devices imported (created), the Licenses ending and the
 * renewals (the License ledger's renewal rows of the company's devices, at the payer).
 */
export async function deviceReport(database: Database, company: ReportCompany, w: ReportWindow): Promise<TDeviceStatusReport> {
  const payer = await payerOf(database, company.id);
  const [status, online, imports, expiries, renewals] = await Promise.all([
    database.rows<Narrow<Row<'devices', 'status'>, { status: DeviceStatus }> & Count>(
      sql`SELECT status, count(*)::int AS n FROM devices WHERE company_id = ${company.id} GROUP BY status`,
    ),
    // sums of integer columns: bigint, which arrives as text
    database.rows<Bucket & { online: string; reports: string }>(companyUsage(sql`(${company.id})`, w)),
    database.rows<Counted>(
      sql`SELECT ${timeBucket(w, sql`created_at`)} AS bucket, count(*)::int AS n FROM devices
          WHERE company_id = ${company.id} AND ${inTimes(w, sql`created_at`)} GROUP BY ${timeKey(w, sql`created_at`)}`,
    ),
    database.rows<Counted>(
      sql`SELECT ${timeBucket(w, sql`license_expires_at`)} AS bucket, count(*)::int AS n FROM devices
          WHERE company_id = ${company.id} AND ${inTimes(w, sql`license_expires_at`)} GROUP BY ${timeKey(w, sql`license_expires_at`)}`,
    ),
    database.rows<Counted>(
      sql`SELECT ${timeBucket(w, sql`l.created_at`)} AS bucket, count(*)::int AS n
          FROM license_ledger l JOIN devices d ON d.id = l.device_id
          WHERE l.company_id = ${payer.id} AND d.company_id = ${company.id} AND l.reason IN ('renewal', 'auto_renewal')
            AND ${inTimes(w, sql`l.created_at`)}
          GROUP BY ${timeKey(w, sql`l.created_at`)}`,
    ),
  ]);
  const byStatus = new Map(status.map((s) => [s.status, s.n]));
  return {
    ...windowFields(w, company),
    total: status.reduce((a, s) => a + s.n, 0),
    byStatus: DEVICE_STATUSES.map((s) => ({ status: s, count: byStatus.get(s) ?? 0 })),
    onlineRate: perBucket(w, online, (r) => (Number(r.reports) > 0 ? Number(r.online) / Number(r.reports) : null), null),
    imports: perBucket(w, imports, (r) => r.n, 0),
    expiries: perBucket(w, expiries, (r) => r.n, 0),
    renewals: perBucket(w, renewals, (r) => r.n, 0),
  };
}
