import { DEVICE_LIST_COUNT_CAP, DEVICE_TIMING, type TDeviceDetail, type TDeviceList, type TDeviceListRequest, type TDeviceRow } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { iso, mb } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { areaCode, networkOperatorCode } from '../network/index.js';
import { usageWindows } from '../usage/index.js';
import { DEFAULT_GROUP_NAME, findDevice } from './common.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { DEVICE_COLUMNS, DEVICE_JOINS, type DeviceRow, type ListOrder, type ListStart, listFilters, listQuery } from './list-query.js';
import { deviceOperations } from './operations.js';

/** Deepest row a page may start at with pageNum (as far as the list counts); deeper pages use the cursor. */
export const MAX_OFFSET_ROWS = DEVICE_LIST_COUNT_CAP;

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
  platform: { kind: r.platform_kind, unreachableSince: iso(r.platform_unreachable_since), disabled: r.platform_disabled },
});

type SortKey = TDeviceListRequest['sort'];
const SORTS: Record<SortKey, ListOrder> = {
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
  const answer = await database.rows<DeviceRow & { matched: number }>(listQuery(scope, s, filters, start, q.pageSize + 1));
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
      sql`SELECT ${DEVICE_COLUMNS}, d.created_at::text AS ck, d.last_switch_at FROM devices d ${DEVICE_JOINS}
          WHERE d.id = ${core.id} AND ${scope.owns(sql`d.company_id`)}`,
    ),
    deviceOperations(database, scope, core.id, 50),
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
  // moved out of the scope since it was found
  if (!row) throw new AppError(23003);
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
