import { DEVICE_LIST_COUNT_CAP, type ProviderKind, type TDeviceListRequest, type TDeviceRow } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { As, Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';

/**
 * A device as the list and the detail read it: DEVICE_COLUMNS over `devices d`, `device_groups g`
 * and `connectivity_accounts a` (DEVICE_JOINS), and the order's key `ck`.
 */
export type DeviceRow = Narrow<
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
    platform_kind: ProviderKind;
    /** when the platform became unreachable, null while it is not */
    platform_unreachable_since: string | null;
    platform_disabled: boolean;
  };

export const DEVICE_COLUMNS = sql`d.id, d.imei, d.name, d.region, d.status, d.online, d.suspended, d.auto_renew, d.real_name, d.iccid, d.eid, d.network_operator,
  d.network_type, d.signal_level, d.area, d.group_id, g.name AS group_name, g.is_default AS group_default,
  (SELECT s.name FROM strategies s WHERE s.id = d.strategy_id) AS strategy_name, coalesce(d.data_cap_mb, g.data_cap_mb) AS data_cap_mb,
  d.cap_suspended_month IS NOT NULL AS cap_suspended, d.usage_yesterday, d.usage_month, d.activated_at,
  d.license_expires_at, d.created_at, d.updated_at, a.kind AS platform_kind,
  CASE WHEN a.state = 'unreachable' THEN coalesce(a.unreachable_since, a.updated_at) END AS platform_unreachable_since,
  a.state = 'disabled' AS platform_disabled`;

/**
 * The tables DEVICE_COLUMNS reads besides `devices d`, joined to the walked rows only, by key (the
 * accounts are a handful of rows). A LEFT JOIN, though every device has an account, so the planner
 * keeps the walks first.
 */
export const DEVICE_JOINS = sql`LEFT JOIN device_groups g ON g.id = d.group_id LEFT JOIN connectivity_accounts a ON a.id = d.account_id`;

/**
 * The order of a list: a column of `devices d`, its direction, the key as text (the cursor's and
 * the row's `ck`), and the cast of a cursor's key back to its type.
 */
export type ListOrder = { col: SQL; dir: 'asc' | 'desc'; key: SQL; cast: SQL };

/** Where a page starts: after this row (keyset), or after `offset` rows. */
export type ListStart = { after: { key: string; id: string } } | { offset: number };

type Filters = Pick<TDeviceListRequest, 'name' | 'imei' | 'status' | 'online' | 'groupId'>;

/** `%`, `_` and `\` of the user's text match themselves in a LIKE pattern. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's filters on `devices d`; IMEI and name match anywhere in the text (trigram indexes, 0009). */
export function listFilters(q: Filters): SQL[] {
  const where: SQL[] = [];
  if (q.name) where.push(sql`d.name ILIKE ${`%${likeEscape(q.name)}%`}`);
  if (q.imei) where.push(sql`d.imei LIKE ${`%${likeEscape(q.imei)}%`}`);
  if (q.status) where.push(sql`d.status = ${q.status}`);
  if (q.online !== undefined) where.push(sql`d.online = ${q.online}`);
  if (q.groupId) where.push(sql`d.group_id = ${q.groupId}`);
  return where;
}

const and = (conds: SQL[]) => (conds.length ? sql` AND ${sql.join(conds, sql` AND `)}` : sql``);

const keysetAfter = (o: ListOrder, start: ListStart): SQL => {
  if (!('after' in start)) return sql``;
  const { key, id } = start.after;
  return o.dir === 'desc' ? sql` AND (${o.col}, d.id) < (${key}${o.cast}, ${id}::uuid)` : sql` AND (${o.col}, d.id) > (${key}${o.cast}, ${id}::uuid)`;
};

/**
 * The device list's statement: the page and the bounded count in one, over the scope's
 * companies read once (`scope_companies`). Every row carries the count as `matched`, and an
 * empty page still answers one row, whose `id` is null. One round trip instead of two: on a busy
 * machine each trip to the database costs about as much as these short queries.
 *
 * The page: for each company of the scope, a LATERAL subquery walks that company's index for the
 * order (devices_company_*_idx, 0009) from the cursor, or from the start, and stops after
 * offset + limit rows; the walks are merged and cut to the page. A page then costs index reads in
 * proportion to its depth, whatever the size of the subtree, where one query over
 * `company_id IN (subtree)` sorted every matching row of the subtree. From the start or a
 * cursor the walks read whole rows; at an offset they read only (id, key), often from the index
 * alone, and the page's rows are read after the cut. Its columns are DEVICE_COLUMNS and the
 * order's key as `ck`.
 *
 * The count: the matching devices, counted up to DEVICE_LIST_COUNT_CAP + 1: `matched` above the
 * cap means "more than the cap". Counting stops there, so a count costs at most that many index
 * entries (or rows, for filters no index holds) however many devices match.
 */
export function listQuery(scope: TenantScope, o: ListOrder, filters: SQL[], start: ListStart, limit: number): SQL {
  const dir = o.dir === 'desc' ? sql`DESC` : sql`ASC`;
  const columns = sql`${DEVICE_COLUMNS}, ${o.key} AS ck`;
  const offset = 'offset' in start ? start.offset : 0;
  const where = sql`d.company_id = c.id${and(filters)}${keysetAfter(o, start)}`;
  const page =
    offset === 0
      ? sql`
      SELECT ${columns}, ${o.col} AS sort_key FROM scope_companies c
      CROSS JOIN LATERAL (SELECT * FROM devices d WHERE ${where} ORDER BY ${o.col} ${dir}, d.id ${dir} LIMIT ${limit}) d
      ${DEVICE_JOINS}
      ORDER BY ${o.col} ${dir}, d.id ${dir} LIMIT ${limit}`
      : sql`
    SELECT ${columns}, p.k AS sort_key FROM (
      SELECT p.id, p.k FROM scope_companies c
      CROSS JOIN LATERAL (SELECT d.id, ${o.col} AS k FROM devices d WHERE ${where} ORDER BY ${o.col} ${dir}, d.id ${dir} LIMIT ${offset + limit}) p
      ORDER BY p.k ${dir}, p.id ${dir} OFFSET ${offset} LIMIT ${limit}
    ) p
    JOIN devices d ON d.id = p.id
    ${DEVICE_JOINS}
    ORDER BY p.k ${dir}, p.id ${dir}`;
  const count = sql`SELECT count(*)::int AS n FROM (
    SELECT 1 FROM devices d WHERE d.company_id IN (SELECT id FROM scope_companies)${and(filters)} LIMIT ${DEVICE_LIST_COUNT_CAP + 1}) x`;
  return sql`
    WITH scope_companies AS MATERIALIZED (SELECT id FROM ${scope.companyIds()} AS s(id))
    SELECT n.n AS matched, p.* FROM (${count}) n
    LEFT JOIN LATERAL (${page}) p ON true
    ORDER BY p.sort_key ${dir}, p.id ${dir}`;
}
