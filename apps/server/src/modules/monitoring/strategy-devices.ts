import type { TStrategyDevice } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { textArray } from '../../db/arrays.js';
import type { Database } from '../../db/client.js';
import { deviceIdsByImei } from '../../db/imei-lookup.js';
import type { As, Count, Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import { networkOperatorCode } from '../network/index.js';
import { type Ctx, findStrategy } from './strategies.js';

/**
 * Associates devices with a strategy (`add`: they leave any other; `remove`: they are
 * detached; `set`: the named devices become the whole list). Every IMEI must be a device of
 * the caller's company, or nothing changes (23009 naming them).
 */
export async function updateStrategyDevices(
  database: Database,
  ctx: Ctx,
  body: { id: string; imeis: string[]; action: 'add' | 'remove' | 'set' },
): Promise<{ deviceCount: number; changed: number }> {
  return database.db.transaction(async (tx) => {
    const strategy = await findStrategy(database, ctx.scope, body.id, tx);
    const candidates = await deviceIdsByImei(database, body.imeis, tx);
    const found = await database.rows<Row<'devices', 'id' | 'imei'>>(
      sql`SELECT id, imei FROM devices WHERE id = ANY(${textArray(candidates)}::uuid[]) AND ${ctx.scope.owns()} ORDER BY id FOR NO KEY UPDATE`,
      tx,
    );
    const mine = new Set(found.map((f) => f.imei));
    const foreign = body.imeis.filter((i) => !mine.has(i));
    if (foreign.length) throw new AppError(23009, { detail: foreign.join(', ') });
    const ids = textArray(found.map((f) => f.id));
    let changed: { id: string }[] = [];
    if (body.action === 'remove') {
      changed = await database.rows(
        sql`UPDATE devices SET strategy_id = NULL, probe_fail_streak = 0, updated_at = now()
            WHERE id = ANY(${ids}::uuid[]) AND strategy_id = ${strategy.id} RETURNING id`,
        tx,
      );
    } else {
      if (body.action === 'set') {
        changed = await database.rows(
          sql`UPDATE devices SET strategy_id = NULL, probe_fail_streak = 0, updated_at = now()
              WHERE strategy_id = ${strategy.id} AND NOT (id = ANY(${ids}::uuid[])) RETURNING id`,
          tx,
        );
      }
      // a device joining starts measuring at its next report (last_probe_at cleared)
      const joined = await database.rows<Row<'devices', 'id'>>(
        sql`UPDATE devices SET strategy_id = ${strategy.id}, probe_fail_streak = 0, last_probe_at = NULL, updated_at = now()
            WHERE id = ANY(${ids}::uuid[]) AND strategy_id IS DISTINCT FROM ${strategy.id} RETURNING id`,
        tx,
      );
      changed = [...changed, ...joined];
    }
    const [n] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM devices WHERE strategy_id = ${strategy.id}`, tx);
    await recordAudit(database, tx, ctx.actor, {
      action: 'strategy.devices',
      companyId: ctx.scope.companyId,
      targetType: 'strategy',
      targetId: strategy.id,
      targetLabel: strategy.name,
      changes: { [body.action]: [null, body.imeis.join(',')], deviceCount: [strategy.deviceCount, n.n] },
    });
    return { deviceCount: n.n, changed: changed.length };
  });
}

type PickerRow = Narrow<Row<'devices', 'imei' | 'name' | 'status' | 'online' | 'network_operator' | 'strategy_id'>, { status: TStrategyDevice['status'] }> &
  Nullable<
    As<'strategies', { strategy_name: 'name' }> &
      As<'device_probes', { p_at: 'measured_at'; p_domain: 'domain'; p_loss: 'packet_loss'; p_delay: 'delay_ms'; p_jitter: 'jitter_ms' }>
  >;

/** The company's devices for the picker: IMEI or name search, or only those of one strategy; with the last strategy probe. */
export async function strategyDevices(
  database: Database,
  scope: TenantScope,
  q: { pageNum: number; pageSize: number; keyword?: string; strategyId?: string },
): Promise<{ total: number; list: TStrategyDevice[] }> {
  const conds: SQL[] = [scope.owns(sql`d.company_id`)];
  const kw = q.keyword?.trim();
  if (kw) {
    const like = `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(sql`(d.imei LIKE ${like} OR d.name ILIKE ${like})`);
  }
  if (q.strategyId) conds.push(sql`d.strategy_id = ${q.strategyId}`);
  const where = sql.join(conds, sql` AND `);
  const [rows, [count]] = await Promise.all([
    database.rows<PickerRow>(
      sql`SELECT d.imei, d.name, d.status, d.online, d.network_operator, d.strategy_id, s.name AS strategy_name,
                 p.measured_at AS p_at, p.domain AS p_domain, p.packet_loss AS p_loss, p.delay_ms AS p_delay, p.jitter_ms AS p_jitter
          FROM devices d LEFT JOIN strategies s ON s.id = d.strategy_id
          LEFT JOIN LATERAL (SELECT * FROM device_probes x WHERE x.device_id = d.id AND x.detection_id IS NULL AND d.last_probe_at IS NOT NULL
                             ORDER BY x.measured_at DESC LIMIT 1) p ON true
          WHERE ${where} ORDER BY d.created_at DESC, d.id LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM devices d WHERE ${where}`),
  ]);
  return {
    total: count.n,
    list: rows.map((r) => ({
      imei: r.imei,
      name: r.name,
      status: r.status,
      online: r.online,
      networkOperator: r.network_operator,
      networkOperatorCode: networkOperatorCode(r.network_operator),
      strategyId: r.strategy_id,
      strategyName: r.strategy_name,
      lastProbe:
        r.p_at && r.p_domain
          ? { at: iso(r.p_at) as string, domain: r.p_domain, packetLoss: Math.round(Number(r.p_loss) * 10) / 10, delay: r.p_delay, jitter: r.p_jitter }
          : null,
    })),
  };
}
