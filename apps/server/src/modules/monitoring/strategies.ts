import { MONITORING_LIMITS, type TStrategy, type TStrategyDetail, type TStrategyDevice, type TStrategySave, type TStrategySwitch } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { networkOperatorCode } from '../network/index.js';

type Ctx = { companyId: string; actor: Actor };

type StrategyRow = {
  id: string;
  name: string;
  interval_minutes: number;
  type: TStrategy['type'];
  domains: string[];
  quality: TStrategy['quality'];
  mode: TStrategy['mode'];
  packet_loss: number;
  delay_ms: number;
  jitter_ms: number;
  consecutive: number;
  switch_to: TStrategy['switchTo'];
  device_count: number;
  created_at: string | Date;
  updated_at: string | Date;
};

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

async function findStrategy(database: Database, companyId: string, id: string, tx?: Tx): Promise<TStrategy> {
  const [r] = await database.rows<StrategyRow>(sql`${SELECT} WHERE s.id = ${id} AND s.company_id = ${companyId}`, tx);
  if (!r) throw new AppError(33001, { field: 'id' });
  return strategyOf(r);
}

export async function listStrategies(
  database: Database,
  companyId: string,
  q: { pageNum: number; pageSize: number; name?: string },
): Promise<{ total: number; list: TStrategy[] }> {
  const name = q.name?.trim() ? sql` AND s.name ILIKE ${`%${q.name.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  const [rows, [count]] = await Promise.all([
    database.rows<StrategyRow>(
      sql`${SELECT} WHERE s.company_id = ${companyId}${name} ORDER BY s.created_at DESC, s.id LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
    database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM strategies s WHERE s.company_id = ${companyId}${name}`),
  ]);
  return { total: count.n, list: rows.map(strategyOf) };
}

type SwitchRow = { imei: string; at: string | Date; status: TStrategySwitch['status']; detail: Record<string, unknown> };

/** A strategy and its latest switches (operations whose detail names it), newest first. */
export async function strategyDetail(database: Database, companyId: string, id: string): Promise<TStrategyDetail> {
  const strategy = await findStrategy(database, companyId, id);
  const rows = await database.rows<SwitchRow>(
    sql`SELECT d.imei, o.created_at AS at, o.status, o.detail FROM device_operations o JOIN devices d ON d.id = o.device_id
        WHERE o.action = 'switch_card' AND o.detail->>'strategyId' = ${id} AND d.company_id = ${companyId}
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
      await database.rows(sql`SELECT id FROM companies WHERE id = ${ctx.companyId} FOR NO KEY UPDATE`, tx);
      const before = mode === 'update' ? await findStrategy(database, ctx.companyId, body.id as string, tx) : null;
      if (!before) {
        const [n] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM strategies WHERE company_id = ${ctx.companyId}`, tx);
        if (n.n >= MONITORING_LIMITS.strategiesMax) throw new AppError(33003);
      }
      const domains = sql`${`{${body.domains.join(',')}}`}::text[]`;
      const [row] = before
        ? await database.rows<{ id: string }>(
            sql`UPDATE strategies SET name = ${body.name}, interval_minutes = ${body.interval}, type = ${body.type}, domains = ${domains},
                       quality = ${body.quality}, mode = ${body.mode}, packet_loss = ${body.packetLoss}, delay_ms = ${body.delay},
                       jitter_ms = ${body.jitter}, consecutive = ${body.consecutive}, switch_to = ${body.switchTo}, updated_at = now()
                WHERE id = ${before.id} AND company_id = ${ctx.companyId} RETURNING id`,
            tx,
          )
        : await database.rows<{ id: string }>(
            sql`INSERT INTO strategies (company_id, name, interval_minutes, type, domains, quality, mode, packet_loss, delay_ms, jitter_ms, consecutive, switch_to)
                VALUES (${ctx.companyId}, ${body.name}, ${body.interval}, ${body.type}, ${domains}, ${body.quality}, ${body.mode}, ${body.packetLoss},
                        ${body.delay}, ${body.jitter}, ${body.consecutive}, ${body.switchTo})
                RETURNING id`,
            tx,
          );
      if (before) await database.rows(sql`UPDATE devices SET probe_fail_streak = 0 WHERE strategy_id = ${row.id} AND probe_fail_streak <> 0`, tx);
      const after = await findStrategy(database, ctx.companyId, row.id, tx);
      await recordAudit(database, tx, ctx.actor, {
        action: before ? 'strategy.update' : 'strategy.add',
        companyId: ctx.companyId,
        targetType: 'strategy',
        targetId: row.id,
        targetLabel: after.name,
        changes: changesOf(before ? auditView(before) : null, auditView(after)),
      });
      return row.id;
    });
    return findStrategy(database, ctx.companyId, id);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(33002, { field: 'name' });
    throw e;
  }
}

/** Deletes a strategy; its devices are detached (no longer monitored) in the same transaction. */
export async function deleteStrategy(database: Database, ctx: Ctx, id: string): Promise<null> {
  await database.db.transaction(async (tx) => {
    const before = await findStrategy(database, ctx.companyId, id, tx);
    const detached = await database.rows(
      sql`UPDATE devices SET strategy_id = NULL, probe_fail_streak = 0, updated_at = now() WHERE strategy_id = ${id} RETURNING id`,
      tx,
    );
    await database.rows(sql`DELETE FROM strategies WHERE id = ${id} AND company_id = ${ctx.companyId}`, tx);
    await recordAudit(database, tx, ctx.actor, {
      action: 'strategy.delete',
      companyId: ctx.companyId,
      targetType: 'strategy',
      targetId: id,
      targetLabel: before.name,
      changes: { ...changesOf(auditView(before), null), detachedDevices: [null, detached.length] },
    });
  });
  return null;
}

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
    const strategy = await findStrategy(database, ctx.companyId, body.id, tx);
    const imeis = `{${body.imeis.join(',')}}`;
    const found = await database.rows<{ id: string; imei: string }>(
      sql`SELECT id, imei FROM devices WHERE company_id = ${ctx.companyId} AND imei = ANY(${imeis}::text[]) ORDER BY id FOR NO KEY UPDATE`,
      tx,
    );
    const mine = new Set(found.map((f) => f.imei));
    const foreign = body.imeis.filter((i) => !mine.has(i));
    if (foreign.length) throw new AppError(23009, { detail: foreign.join(', ') });
    const ids = `{${found.map((f) => f.id).join(',')}}`;
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
      const joined = await database.rows<{ id: string }>(
        sql`UPDATE devices SET strategy_id = ${strategy.id}, probe_fail_streak = 0, last_probe_at = NULL, updated_at = now()
            WHERE id = ANY(${ids}::uuid[]) AND strategy_id IS DISTINCT FROM ${strategy.id} RETURNING id`,
        tx,
      );
      changed = [...changed, ...joined];
    }
    const [n] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM devices WHERE strategy_id = ${strategy.id}`, tx);
    await recordAudit(database, tx, ctx.actor, {
      action: 'strategy.devices',
      companyId: ctx.companyId,
      targetType: 'strategy',
      targetId: strategy.id,
      targetLabel: strategy.name,
      changes: { [body.action]: [null, body.imeis.join(',')], deviceCount: [strategy.deviceCount, n.n] },
    });
    return { deviceCount: n.n, changed: changed.length };
  });
}

type PickerRow = {
  imei: string;
  name: string;
  status: TStrategyDevice['status'];
  online: boolean;
  network_operator: string | null;
  strategy_id: string | null;
  strategy_name: string | null;
  p_at: string | Date | null;
  p_domain: string | null;
  p_loss: number | null;
  p_delay: number | null;
  p_jitter: number | null;
};

/** The company's devices for the picker: IMEI or name search, or only those of one strategy; with the last strategy probe. */
export async function strategyDevices(
  database: Database,
  companyId: string,
  q: { pageNum: number; pageSize: number; keyword?: string; strategyId?: string },
): Promise<{ total: number; list: TStrategyDevice[] }> {
  const conds: SQL[] = [sql`d.company_id = ${companyId}`];
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
    database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM devices d WHERE ${where}`),
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
