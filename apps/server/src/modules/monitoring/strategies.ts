import { MONITORING_LIMITS, type TStrategy, type TStrategyDetail, type TStrategySave, type TStrategySwitch } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { textArray } from '../../db/arrays.js';
import type { Database, Tx } from '../../db/client.js';
import type { As, Count, Narrow, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';

export type Ctx = { scope: TenantScope; actor: Actor };

type StrategyRow = Narrow<
  Row<
    'strategies',
    | 'id'
    | 'name'
    | 'interval_minutes'
    | 'type'
    | 'domains'
    | 'quality'
    | 'mode'
    | 'packet_loss'
    | 'delay_ms'
    | 'jitter_ms'
    | 'consecutive'
    | 'switch_to'
    | 'created_at'
    | 'updated_at'
  >,
  { type: TStrategy['type']; quality: TStrategy['quality']; mode: TStrategy['mode']; switch_to: TStrategy['switchTo'] }
> & { device_count: number };

const SELECT = sql`
  SELECT s.id, s.name, s.interval_minutes, s.type, s.domains, s.quality, s.mode, s.packet_loss, s.delay_ms, s.jitter_ms, s.consecutive,
         s.switch_to, (SELECT count(*) FROM devices d WHERE d.strategy_id = s.id)::int AS device_count, s.created_at, s.updated_at
  FROM strategies s`;

const strategyOf = (r: StrategyRow): TStrategy => ({
  id: r.id,
  name: r.name,
  interval: r.interval_minutes,
  type: r.type,
  domains: r.domains,
  quality: r.quality,
  mode: r.mode,
  packetLoss: Math.round(Number(r.packet_loss) * 10) / 10,
  delay: r.delay_ms,
  jitter: r.jitter_ms,
  consecutive: r.consecutive,
  switchTo: r.switch_to,
  deviceCount: r.device_count,
  createdAt: iso(r.created_at) as string,
  updatedAt: iso(r.updated_at) as string,
});

const auditView = (s: TStrategy) => ({
  name: s.name,
  interval: s.interval,
  type: s.type,
  domains: s.domains.join(','),
  quality: s.quality,
  mode: s.mode,
  packetLoss: s.packetLoss,
  delay: s.delay,
  jitter: s.jitter,
  consecutive: s.consecutive,
  switchTo: s.switchTo,
});

export async function findStrategy(database: Database, scope: TenantScope, id: string, tx?: Tx): Promise<TStrategy> {
  const [r] = await database.rows<StrategyRow>(sql`${SELECT} WHERE s.id = ${id} AND ${scope.owns(sql`s.company_id`)}`, tx);
  if (!r) throw new AppError(33001, { field: 'id' });
  return strategyOf(r);
}

export async function listStrategies(
  database: Database,
  scope: TenantScope,
  q: { pageNum: number; pageSize: number; name?: string },
): Promise<{ total: number; list: TStrategy[] }> {
  const name = q.name?.trim() ? sql` AND s.name ILIKE ${`%${q.name.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  const [rows, [count]] = await Promise.all([
    database.rows<StrategyRow>(
      sql`${SELECT} WHERE ${scope.owns(sql`s.company_id`)}${name} ORDER BY s.created_at DESC, s.id LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM strategies s WHERE ${scope.owns(sql`s.company_id`)}${name}`),
  ]);
  return { total: count.n, list: rows.map(strategyOf) };
}

type SwitchRow = Row<'devices', 'imei'> &
  Narrow<
    As<'device_operations', { at: 'created_at'; status: 'status'; detail: 'detail' }>,
    { status: TStrategySwitch['status']; detail: Record<string, unknown> }
  >;

/** A strategy and its latest switches (operations whose detail names it), newest first. */
export async function strategyDetail(database: Database, scope: TenantScope, id: string): Promise<TStrategyDetail> {
  const strategy = await findStrategy(database, scope, id);
  const rows = await database.rows<SwitchRow>(
    sql`SELECT d.imei, o.created_at AS at, o.status, o.detail FROM device_operations o JOIN devices d ON d.id = o.device_id
        WHERE o.action = 'switch_card' AND o.detail->>'strategyId' = ${id} AND ${scope.owns(sql`d.company_id`)}
        ORDER BY o.created_at DESC, o.id DESC LIMIT 20`,
  );
  return {
    strategy,
    switches: rows.map((r) => {
      const reason = (r.detail.reason ?? {}) as TStrategySwitch['reason'];
      return {
        imei: r.imei,
        at: iso(r.at) as string,
        from: (r.detail.from as string | undefined) ?? null,
        to: ((r.detail.to ?? r.detail.target) as string | undefined) ?? null,
        status: r.status,
        reason: {
          domain: reason.domain ?? '',
          packetLoss: Number(reason.packetLoss ?? 0),
          delay: reason.delay ?? null,
          jitter: reason.jitter ?? null,
          failed: reason.failed ?? [],
          probes: Number(reason.probes ?? 0),
        },
      };
    }),
  };
}

/**
 * Adds (no id) or changes (id) a strategy of the caller's company: names are unique in the
 * company (33002), at most MONITORING_LIMITS.strategiesMax strategies (33003). Its devices
 * measure by the new rules from their next probe; their failure streaks start again.
 */
export async function saveStrategy(database: Database, ctx: Ctx, body: TStrategySave, mode: 'add' | 'update'): Promise<TStrategy> {
  if (mode === 'update' && !body.id) throw new AppError(33001, { field: 'id' });
  try {
    const id = await database.db.transaction(async (tx) => {
      // one writer of a company's strategies at a time, so the count holds
      await database.rows(sql`SELECT id FROM companies WHERE id = ${ctx.scope.companyId} FOR NO KEY UPDATE`, tx);
      const before = mode === 'update' ? await findStrategy(database, ctx.scope, body.id as string, tx) : null;
      if (!before) {
        const [n] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM strategies WHERE ${ctx.scope.owns()}`, tx);
        if (n.n >= MONITORING_LIMITS.strategiesMax) throw new AppError(33003);
      }
      const domains = sql`${textArray(body.domains)}::text[]`;
      const [row] = before
        ? await database.rows<Row<'strategies', 'id'>>(
            sql`UPDATE strategies SET name = ${body.name}, interval_minutes = ${body.interval}, type = ${body.type}, domains = ${domains},
                       quality = ${body.quality}, mode = ${body.mode}, packet_loss = ${body.packetLoss}, delay_ms = ${body.delay},
                       jitter_ms = ${body.jitter}, consecutive = ${body.consecutive}, switch_to = ${body.switchTo}, updated_at = now()
                WHERE id = ${before.id} AND ${ctx.scope.owns()} RETURNING id`,
            tx,
          )
        : await database.rows<Row<'strategies', 'id'>>(
            sql`INSERT INTO strategies (company_id, name, interval_minutes, type, domains, quality, mode, packet_loss, delay_ms, jitter_ms, consecutive, switch_to)
                VALUES (${ctx.scope.companyId}, ${body.name}, ${body.interval}, ${body.type}, ${domains}, ${body.quality}, ${body.mode}, ${body.packetLoss},
                        ${body.delay}, ${body.jitter}, ${body.consecutive}, ${body.switchTo})
                RETURNING id`,
            tx,
          );
      if (before)
        await database.rows(sql`UPDATE devices SET probe_fail_streak = 0 WHERE strategy_id = ${row.id} AND ${ctx.scope.owns()} AND probe_fail_streak <> 0`, tx);
      const after = await findStrategy(database, ctx.scope, row.id, tx);
      await recordAudit(database, tx, ctx.actor, {
        action: before ? 'strategy.update' : 'strategy.add',
        companyId: ctx.scope.companyId,
        targetType: 'strategy',
        targetId: row.id,
        targetLabel: after.name,
        changes: changesOf(before ? auditView(before) : null, auditView(after)),
      });
      return row.id;
    });
    return findStrategy(database, ctx.scope, id);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(33002, { field: 'name' });
    throw e;
  }
}

/** Deletes a strategy; its devices are detached (no longer monitored) in the same transaction. */
export async function deleteStrategy(database: Database, ctx: Ctx, id: string): Promise<null> {
  await database.db.transaction(async (tx) => {
    const before = await findStrategy(database, ctx.scope, id, tx);
    const detached = await database.rows(
      sql`UPDATE devices SET strategy_id = NULL, probe_fail_streak = 0, updated_at = now() WHERE strategy_id = ${id} AND ${ctx.scope.owns()} RETURNING id`,
      tx,
    );
    await database.rows(sql`DELETE FROM strategies WHERE id = ${id} AND ${ctx.scope.owns()}`, tx);
    await recordAudit(database, tx, ctx.actor, {
      action: 'strategy.delete',
      companyId: ctx.scope.companyId,
      targetType: 'strategy',
      targetId: id,
      targetLabel: before.name,
      changes: { ...changesOf(auditView(before), null), detachedDevices: [null, detached.length] },
    });
  });
  return null;
}
