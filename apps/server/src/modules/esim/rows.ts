import type { EsimSort, NetworkOperatorCode, TEsimListRequest, TEsimRow } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { As, Narrow, Nullable, Row } from '../../db/row.js';
import { iso } from '../../lib/units.js';

/** `%`, `_` and the backslash of the user's text match themselves in a LIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An eSIM row as read: a device of the company with an EID, its enabled profile `e` and company `c`. */
export type EsimDbRow = Narrow<
  Row<'devices', 'id' | 'eid' | 'imei' | 'name' | 'esim_paused' | 'status' | 'usage_yesterday' | 'usage_month' | 'created_at'>,
  { eid: string }
> &
  As<'companies', { company_name: 'name' }> &
  Nullable<Narrow<Row<'esim_profiles', 'operator_code' | 'iccid'>, { operator_code: NetworkOperatorCode }>> & { profile_count: number; pending: boolean };

/** The row's columns over `devices d`, `companies c` and the enabled profile `e` (at most one per device). */
export const ESIM_COLUMNS = sql`d.id, d.eid, d.imei, d.name, c.name AS company_name,
  (SELECT count(*)::int FROM esim_profiles p WHERE p.device_id = d.id AND p.state <> 'deleted') AS profile_count,
  e.operator_code, e.iccid, d.esim_paused, d.status,
  EXISTS (SELECT 1 FROM device_operations o WHERE o.device_id = d.id AND o.status = 'pending' AND o.action LIKE 'esim\\_%') AS pending,
  d.usage_yesterday, d.usage_month, d.created_at`;

export const ESIM_JOINS = sql`JOIN companies c ON c.id = d.company_id
  LEFT JOIN esim_profiles e ON e.device_id = d.id AND e.state = 'enabled'`;

export const toEsimRow = (r: EsimDbRow): TEsimRow => ({
  eid: r.eid,
  imei: r.imei,
  deviceName: r.name,
  companyName: r.company_name,
  profileCount: r.profile_count,
  operatorCode: r.operator_code,
  iccid: r.iccid,
  state: r.esim_paused ? 'paused' : 'activated',
  inUse: r.status === 'esim',
  pending: r.pending,
  usageYesterday: Number(r.usage_yesterday),
  usageMonth: Number(r.usage_month),
  createdAt: iso(r.created_at) as string,
});

type Filters = Pick<TEsimListRequest, 'keyword' | 'state' | 'operatorCode'>;

/** eSIMs (devices carrying an EID) matching the list's filters, over `devices d` and the enabled profile `e`; the caller adds its scope. */
export function esimWhere(q: Filters): SQL {
  const parts: SQL[] = [sql`d.eid IS NOT NULL`];
  if (q.keyword) {
    const k = `%${likeEscape(q.keyword)}%`;
    parts.push(sql`(d.eid LIKE ${k} OR d.imei LIKE ${k} OR e.iccid LIKE ${k})`);
  }
  if (q.state) parts.push(sql`d.esim_paused = ${q.state === 'paused'}`);
  if (q.operatorCode) parts.push(sql`e.operator_code = ${q.operatorCode}`);
  return sql.join(parts, sql` AND `);
}

/** The list's orders: a column of `devices`, its direction; ties by id in the same direction. */
export const ESIM_ORDERS: Record<EsimSort, { col: string; dir: 'ASC' | 'DESC' }> = {
  created_desc: { col: 'created_at', dir: 'DESC' },
  usage_yesterday_desc: { col: 'usage_yesterday', dir: 'DESC' },
  usage_yesterday_asc: { col: 'usage_yesterday', dir: 'ASC' },
  usage_month_desc: { col: 'usage_month', dir: 'DESC' },
  usage_month_asc: { col: 'usage_month', dir: 'ASC' },
};

/** `ORDER BY` of an order over the alias `a` (the column names are the list's own, never the caller's text). */
export const orderBy = (sort: EsimSort, a: string): SQL => {
  const o = ESIM_ORDERS[sort];
  return sql.raw(`${a}.${o.col} ${o.dir}, ${a}.id ${o.dir}`);
};
