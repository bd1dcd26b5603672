import { DEVICE_LIST_COUNT_CAP, type TDeviceListRequest } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { TenantScope } from '../../db/scope.js';

/** The order of a list: a column of `devices d`, its direction, and the cast of a cursor's key back to its type. */
export type ListOrder = { col: SQL; dir: 'asc' | 'desc'; cast: SQL };

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
 * A page of devices, `columns` over `devices d` and `device_groups g`, in the list's order.
 *
 * For each company of the scope (`scope_companies`, see listQuery), a LATERAL subquery walks that company's index for the order
 * (devices_company_*_idx, 0009) from the cursor, or from the start, and stops after offset +
 * limit rows; the walks are merged and cut to the page. A page then costs index reads in
 * proportion to its depth, whatever the size of the subtree, where one query over
 * `company_id IN (subtree)` sorted every matching row of the subtree. From the start or a
 * cursor the walks read whole rows; at an offset they read only (id, key), often from the index
 * alone, and the page's rows are read after the cut.
 */
function pageQuery(columns: SQL, o: ListOrder, filters: SQL[], start: ListStart, limit: number): SQL {
  const dir = o.dir === 'desc' ? sql`DESC` : sql`ASC`;
  const offset = 'offset' in start ? start.offset : 0;
  const where = sql`d.company_id = c.id${and(filters)}${keysetAfter(o, start)}`;
  if (offset === 0)
    return sql`
      SELECT ${columns}, ${o.col} AS sort_key FROM scope_companies c
      CROSS JOIN LATERAL (SELECT * FROM devices d WHERE ${where} ORDER BY ${o.col} ${dir}, d.id ${dir} LIMIT ${limit}) d
      LEFT JOIN device_groups g ON g.id = d.group_id
      ORDER BY ${o.col} ${dir}, d.id ${dir} LIMIT ${limit}`;
  return sql`
    SELECT ${columns}, p.k AS sort_key FROM (
      SELECT p.id, p.k FROM scope_companies c
      CROSS JOIN LATERAL (SELECT d.id, ${o.col} AS k FROM devices d WHERE ${where} ORDER BY ${o.col} ${dir}, d.id ${dir} LIMIT ${offset + limit}) p
      ORDER BY p.k ${dir}, p.id ${dir} OFFSET ${offset} LIMIT ${limit}
    ) p
    JOIN devices d ON d.id = p.id
    LEFT JOIN device_groups g ON g.id = d.group_id
    ORDER BY p.k ${dir}, p.id ${dir}`;
}

/**
 * The number of matching devices, counted up to DEVICE_LIST_COUNT_CAP + 1: `n` above the cap
 * means "more than the cap". Counting stops there, so a count costs at most that many index
 * entries (or rows, for filters no index holds) however many devices match.
 */
function countQuery(filters: SQL[]): SQL {
  return sql`SELECT count(*)::int AS n FROM (
    SELECT 1 FROM devices d WHERE d.company_id IN (SELECT id FROM scope_companies)${and(filters)} LIMIT ${DEVICE_LIST_COUNT_CAP + 1}) x`;
}

/**
 * The page and the bounded count in one statement, over the scope's companies read once:
 * every row carries the count as `matched`, and an empty page still answers one row, whose `id`
 * is null. One round trip instead of two: on a busy machine each trip to the database costs
 * about as much as these short queries.
 */
export function listQuery(scope: TenantScope, columns: SQL, o: ListOrder, filters: SQL[], start: ListStart, limit: number): SQL {
  const dir = o.dir === 'desc' ? sql`DESC` : sql`ASC`;
  return sql`
    WITH scope_companies AS MATERIALIZED (SELECT id FROM ${scope.companyIds()} AS s(id))
    SELECT n.n AS matched, p.* FROM (${countQuery(filters)}) n
    LEFT JOIN LATERAL (${pageQuery(columns, o, filters, start, limit)}) p ON true
    ORDER BY p.sort_key ${dir}, p.id ${dir}`;
}
