import { DEVICE_LIST_COUNT_CAP, DEVICE_TIMING, type TDeviceDetail, type TDeviceList, type TDeviceListRequest, type TDeviceRow } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { iso, mb } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { areaCode, networkOperatorCode } from '../network/index.js';
import { usageWindows } from '../usage/index.js';
import { DEFAULT_GROUP_NAME, findDevice } from './common.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { type ListStart, listFilters, listQuery } from './list-query.js';
import { deviceOperations } from './operations.js';

/** Deepest row a page may start at with pageNum (as far as the list counts); deeper pages use the cursor. */
export const MAX_OFFSET_ROWS = DEVICE_LIST_COUNT_CAP;

type DeviceRow = Narrow<
  Row<
    'devices',
    | 'id'
    | 'imei'
    | 'name'
    | 'region'
    | 'status'
    | 'online'
    | 'suspended'
    | 'auto_renew'
    | 'real_name'
    | 'iccid'
    | 'eid'
    | 'network_operator'
    | 'network_type'
    | 'signal_level'
    | 'area'
    | 'group_id'
    | 'data_cap_mb'
    | 'usage_yesterday'
    | 'usage_month'
    | 'activated_at'
    | 'license_expires_at'
    | 'created_at'
    | 'updated_at'
  >,
  { status: TDeviceRow['status']; real_name: TDeviceRow['realName'] }
> &
  Nullable<As<'device_groups', { group_name: 'name'; group_default: 'is_default' }> & As<'strategies', { strategy_name: 'name' }>> & {
    cap_suspended: boolean;
    ck: string;
  };

const COLUMNS = sql`d.id, d.imei, d.name, d.region, d.status, d.online, d.suspended, d.auto_renew, d.real_name, d.iccid, d.eid, d.network_operator,
  d.network_type, d.signal_level, d.area, d.group_id, g.name AS group_name, g.is_default AS group_default,
  (SELECT s.name FROM strategies s WHERE s.id = d.strategy_id) AS strategy_name, coalesce(d.data_cap_mb, g.data_cap_mb) AS data_cap_mb,
  d.cap_suspended_month IS NOT NULL AS cap_suspended, d.usage_yesterday, d.usage_month, d.activated_at,
  d.license_expires_at, d.created_at, d.updated_at`;

const toRow = (r: DeviceRow): TDeviceRow => ({
  id: r.id,
  imei: r.imei,
  name: r.name,
  region: r.region,
  status: r.status,
  online: r.online,
  suspended: r.suspended,
  autoRenew: r.auto_renew,
  realName: r.real_name,
  iccid: r.iccid,
  eid: r.eid,
  networkOperator: r.network_operator,
  networkOperatorCode: networkOperatorCode(r.network_operator),
  networkType: r.network_type,
  signalLevel: r.signal_level,
  area: r.area,
  areaCode: areaCode(r.area),
  groupId: r.group_id,
  groupName: r.group_name,
  groupNameCode: r.group_default && r.group_name === DEFAULT_GROUP_NAME ? 'default' : null,
  strategyName: r.strategy_name,
  dataCapMb: r.data_cap_mb,
  capSuspended: r.cap_suspended,
  usageYesterdayMb: mb(r.usage_yesterday),
  usageMonthMb: mb(r.usage_month),
  usageYesterdayBytes: Number(r.usage_yesterday),
  usageMonthBytes: Number(r.usage_month),
  activatedAt: iso(r.activated_at),
  licenseExpiresAt: iso(r.license_expires_at),
  createdAt: iso(r.created_at) as string,
  updatedAt: iso(r.updated_at) as string,
});

type SortKey = TDeviceListRequest['sort'];
const SORTS: Record<SortKey, { col: SQL; key: SQL; dir: 'asc' | 'desc'; cast: SQL }> = {
  created_desc: { col: sql`d.created_at`, key: sql`d.created_at::text`, dir: 'desc', cast: sql`::timestamptz` },
  usage_yesterday_desc: { col: sql`d.usage_yesterday`, key: sql`d.usage_yesterday::text`, dir: 'desc', cast: sql`::bigint` },
  usage_yesterday_asc: { col: sql`d.usage_yesterday`, key: sql`d.usage_yesterday::text`, dir: 'asc', cast: sql`::bigint` },
  usage_month_desc: { col: sql`d.usage_month`, key: sql`d.usage_month::text`, dir: 'desc', cast: sql`::bigint` },
  usage_month_asc: { col: sql`d.usage_month`, key: sql`d.usage_month::text`, dir: 'asc', cast: sql`::bigint` },
};

export async function listDevices(database: Database, scope: TenantScope, q: TDeviceListRequest): Promise<TDeviceList> {
  const filters = listFilters(q);
  const s = SORTS[q.sort];
  let start: ListStart;
  if (q.cursor) {
    const c = decodeCursor(q.sort, q.cursor);
    start = { after: c };
  } else {
    start = { offset: (q.pageNum - 1) * q.pageSize };
    if (start.offset + q.pageSize > MAX_OFFSET_ROWS) throw new AppError(24002);
  }
  const answer = await database.rows<DeviceRow & { matched: number }>(listQuery(scope, sql`${COLUMNS}, ${s.key} AS ck`, s, filters, start, q.pageSize + 1));
  const matched = answer[0].matched;
  const rows = answer.filter((r) => r.id !== null);
  const more = rows.length > q.pageSize;
  const list = rows.slice(0, q.pageSize);
  const last = list[list.length - 1];
  return {
    total: Math.min(matched, DEVICE_LIST_COUNT_CAP),
    totalCapped: matched > DEVICE_LIST_COUNT_CAP,
    list: list.map(toRow),
    nextCursor: more && last ? encodeCursor(q.sort, last.ck, last.id) : null,
  };
}

export async function deviceDetail(database: Database, scope: TenantScope, imei: string): Promise<TDeviceDetail> {
  const core = await findDevice(database, scope, imei);
  // T+1 like the list: days up to yesterday (UTC); the current month's bar covers the same days
  const { today, yesterday: through } = usageWindows(Date.now());
  const [[row], ops, daily, monthly] = await Promise.all([
    database.rows<DeviceRow & Row<'devices', 'last_switch_at'>>(
      sql`SELECT ${COLUMNS}, d.created_at::text AS ck, d.last_switch_at FROM devices d LEFT JOIN device_groups g ON g.id = d.group_id WHERE d.id = ${core.id}`,
    ),
    deviceOperations(database, core.id, 50),
    database.rows<Row<'device_usage_daily', 'day' | 'bytes'>>(
      sql`SELECT to_char(s.day, 'YYYY-MM-DD') AS day, coalesce(u.bytes, 0) AS bytes
          FROM generate_series(${through}::date - 29, ${through}::date, interval '1 day') AS s(day)
          LEFT JOIN device_usage_daily u ON u.device_id = ${core.id} AND u.day = s.day::date
          ORDER BY s.day`,
    ),
    database.rows<As<'device_usage_monthly', { month: 'month'; bytes: 'bytes' }>>(
      sql`SELECT to_char(m.month, 'YYYY-MM') AS month,
                 (SELECT coalesce(sum(u.bytes), 0) FROM device_usage_daily u
                  WHERE u.device_id = ${core.id} AND u.day >= m.month::date AND u.day < (m.month + interval '1 month')::date
                    AND u.day <= ${through}::date) AS bytes
          FROM generate_series(date_trunc('month', ${today}::timestamp) - interval '5 months', date_trunc('month', ${today}::timestamp), interval '1 month') AS m(month)
          ORDER BY m.month`,
    ),
  ]);
  const switchAt = row.last_switch_at ? new Date(row.last_switch_at).getTime() + DEVICE_TIMING.switchCooldownMs : 0;
  return {
    device: toRow(row),
    operations: ops,
    usageDaily: daily.map((d) => ({ day: d.day, mb: mb(d.bytes), bytes: Number(d.bytes) })),
    usageMonthly: monthly.map((m) => ({ month: m.month, mb: mb(m.bytes), bytes: Number(m.bytes) })),
    usageThrough: through,
    switchAvailableAt: switchAt > Date.now() ? new Date(switchAt).toISOString() : null,
  };
}
