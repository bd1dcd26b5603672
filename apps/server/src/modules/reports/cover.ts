import type { TCoverReport } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Count, Row } from '../../db/row.js';
import { AREAS, areaCode, networkOperatorCode } from '../network/index.js';
import type { ReportCompany } from './company.js';
import { inDays, type ReportWindow, windowFields } from './window.js';

const regionOfArea = new Map(AREAS.map((a) => [a.code, a.region as string]));

type Tally = { devices: number; bytes: number };
const bump = (m: Map<string, Tally>, k: string, devices: number, bytes: number) => {
  const r = m.get(k) ?? { devices: 0, bytes: 0 };
  m.set(k, { devices: r.devices + devices, bytes: r.bytes + bytes });
};
const rows = <K extends string>(key: K, m: Map<string, Tally>) =>
  [...m]
    .sort((a, b) => b[1].devices - a[1].devices || b[1].bytes - a[1].bytes || a[0].localeCompare(b[0]))
    .map(([k, r]) => ({ [key]: k, ...r }) as Record<K, string> & Tally);

/**
 * Where the company's devices are and what they use there: devices by the region, operator and
 * network type they last reported (the device's current columns, names mapped to catalogue
 * codes, '' when unknown), and the window's bytes by the same dimensions (the dimension roll-up).
 */
export async function coverReport(database: Database, company: ReportCompany, w: ReportWindow): Promise<TCoverReport> {
  const [current, dims] = await Promise.all([
    database.rows<Row<'devices', 'area'> & As<'devices', { operator: 'network_operator'; type: 'network_type' }> & Count>(
      sql`SELECT area, network_operator AS operator, network_type AS type, count(*)::int AS n FROM devices
          WHERE company_id = ${company.id} GROUP BY 1, 2, 3`,
    ),
    // bytes: the sum, as text like the bigint column
    database.rows<As<'company_usage_dims_daily', { operator: 'network_operator'; type: 'network_type' }> & Row<'company_usage_dims_daily', 'region' | 'bytes'>>(
      sql`SELECT network_operator AS operator, network_type AS type, region, sum(bytes)::text AS bytes FROM company_usage_dims_daily
          WHERE company_id = ${company.id} AND ${inDays(w)} GROUP BY 1, 2, 3`,
    ),
  ]);
  const byRegion = new Map<string, Tally>();
  const byOperator = new Map<string, Tally>();
  const byType = new Map<string, Tally>();
  let devices = 0;
  for (const c of current) {
    const area = areaCode(c.area);
    bump(byRegion, (area && regionOfArea.get(area)) ?? '', c.n, 0);
    bump(byOperator, networkOperatorCode(c.operator) ?? '', c.n, 0);
    bump(byType, c.type?.trim() ?? '', c.n, 0);
    devices += c.n;
  }
  let totalBytes = 0;
  for (const d of dims) {
    const b = Number(d.bytes);
    bump(byRegion, d.region, 0, b);
    bump(byOperator, d.operator, 0, b);
    bump(byType, d.type, 0, b);
    totalBytes += b;
  }
  return {
    ...windowFields(w, company),
    devices,
    totalBytes,
    byRegion: rows('region', byRegion),
    byOperator: rows('operator', byOperator),
    byNetworkType: rows('networkType', byType),
  };
}
