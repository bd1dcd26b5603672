import { AT_CARD_LIMITS, type AtCardState, type NetworkOperatorCode, type TAtCard, type TAtLogEntry, type zAtCardListRequest } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { deviceOperations } from '../devices/index.js';
import { AT_PENDING, SLOT_STATE } from './state.js';

/** A page row; all null on the row that only carries the count when the page is past the end. */
// a page past the last slot holds one row of nulls (the count of matches)
type CardRow = Nullable<Row<'devices', 'imei'>> &
  Row<'devices', 'name' | 'signal_level'> &
  Narrow<Row<'at_cards', 'slot' | 'iccid' | 'operator_code' | 'state' | 'synced_at'>, { operator_code: NetworkOperatorCode | null; state: AtCardState }> & {
    pending: boolean;
  };

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The SIM slots of the company's devices, newest devices first and a device's slots in order, in
 * one query. Filters apply to slots: the keyword to the IMEI or the
 * slot's ICCID, the state to the state as computed.
 */
export async function listAtCards(database: Database, scope: TenantScope, q: z.output<typeof zAtCardListRequest>): Promise<{ total: number; list: TAtCard[] }> {
  const where: SQL[] = [scope.owns(sql`d.company_id`)];
  if (q.keyword) {
    const k = like(q.keyword);
    where.push(sql`(d.imei LIKE ${k} OR c.iccid LIKE ${k})`);
  }
  if (q.state) where.push(sql`${SLOT_STATE} = ${q.state}`);
  if (q.operatorCode) where.push(sql`c.operator_code = ${q.operatorCode}`);
  // the matching slots (keys only) are read once, counted and cut to the page; only the page's
  // slots get their names, state, pending flag and signal
  const rows = await database.rows<CardRow & { matched: number }>(
    sql`WITH m AS MATERIALIZED (
          SELECT c.device_id, c.slot, d.created_at, d.imei FROM at_cards c JOIN devices d ON d.id = c.device_id
          WHERE ${sql.join(where, sql` AND `)}),
        page AS (SELECT * FROM m ORDER BY created_at DESC, imei, slot LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize})
        SELECT n.matched, r.* FROM (SELECT count(*)::int AS matched FROM m) n
        LEFT JOIN LATERAL (
          SELECT d.imei, d.name, c.slot, c.iccid, c.operator_code, ${SLOT_STATE} AS state, d.signal_level, ${AT_PENDING} AS pending,
                 c.synced_at, d.created_at
          FROM page JOIN at_cards c ON c.device_id = page.device_id AND c.slot = page.slot JOIN devices d ON d.id = c.device_id) r ON true
        ORDER BY r.created_at DESC, r.imei, r.slot`,
  );
  const total = rows[0]?.matched ?? 0;
  return {
    total,
    list: rows.flatMap((r) =>
      r.imei === null
        ? []
        : [
            {
              imei: r.imei,
              deviceName: r.name,
              slot: r.slot,
              iccid: r.iccid,
              operatorCode: r.operator_code,
              state: r.state,
              signalLevel: r.state === 'active' ? r.signal_level : null,
              pending: r.pending,
              syncedAt: iso(r.synced_at),
            },
          ],
    ),
  };
}

/** What an AT command's operation detail holds (docs/at-cards.md). */
type AtDetail = { command?: 'switch' | 'sync'; slot?: number | null; at?: string; response?: string | null } | null;

/** The AT commands sent to a device of the company and the module's raw answers, newest first (36001 for another company's IMEI). */
export async function atLog(database: Database, scope: TenantScope, imei: string): Promise<{ list: TAtLogEntry[] }> {
  const [device] = await database.rows<Row<'devices', 'id'>>(sql`SELECT id FROM devices WHERE imei = ${imei} AND ${scope.owns()}`);
  if (!device) throw new AppError(36001, { field: 'imei' });
  const ops = await deviceOperations(database, scope, device.id, AT_CARD_LIMITS.logShown, sql`o.action = 'at_command'`);
  return {
    list: ops.map((o) => {
      const detail = o.detail as AtDetail;
      return {
        operationId: o.id,
        command: detail?.command === 'switch' ? 'switch' : 'sync',
        slot: detail?.slot ?? null,
        at: detail?.at ?? '',
        response: detail?.response ?? null,
        status: o.status,
        actor: o.actor,
        createdAt: o.createdAt,
        finishedAt: o.finishedAt,
      };
    }),
  };
}
