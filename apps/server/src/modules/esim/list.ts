import type { TEsimListRequest, TEsimRow } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { TenantScope } from '../../db/scope.js';
import { ESIM_COLUMNS, ESIM_JOINS, type EsimDbRow, esimWhere, orderBy, toEsimRow } from './rows.js';

/**
 * A page of the company's eSIMs and the number matching, in one statement: the matching devices
 * (id and sort keys only) are read once, counted and cut to the page, and only the page's rows
 * get their company, profile count and pending flag.
 */
export async function listEsims(database: Database, scope: TenantScope, q: TEsimListRequest): Promise<{ total: number; list: TEsimRow[] }> {
  const rows = await database.rows<EsimDbRow & { matched: number }>(
    sql`WITH m AS MATERIALIZED (
          SELECT d.id, d.created_at, d.usage_yesterday, d.usage_month FROM devices d
          LEFT JOIN esim_profiles e ON e.device_id = d.id AND e.state = 'enabled'
          WHERE ${scope.owns(sql`d.company_id`)} AND ${esimWhere(q)}),
        page AS (SELECT m.id FROM m ORDER BY ${orderBy(q.sort, 'm')} LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize})
        SELECT n.matched, r.* FROM (SELECT count(*)::int AS matched FROM m) n
        LEFT JOIN LATERAL (SELECT ${ESIM_COLUMNS} FROM page JOIN devices d ON d.id = page.id ${ESIM_JOINS}) r ON true
        ORDER BY ${orderBy(q.sort, 'r')}`,
  );
  return { total: rows[0]?.matched ?? 0, list: rows.filter((r) => r.id !== null).map(toEsimRow) };
}
