import {
  type AccountState,
  DEVICE_TIMING,
  type DeviceStatus,
  failedConditions,
  type ProviderKind,
  type QualityLimits,
  type StrategyMode,
  type StrategyType,
  switchTargetOf,
} from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { textArray } from '../../db/arrays.js';
import type { Database, Tx } from '../../db/client.js';
import type { As, Narrow, Row } from '../../db/row.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { platformAllows } from '../connectivity/index.js';
import { type ConnectivityProvider, type DeviceRef, deviceRef } from '../network/index.js';

export const STRATEGY_EVALUATE_JOB = 'strategy.evaluate';
export const STRATEGY_EVALUATE_EVERY_MS = 10_000;
/** probes claimed per transaction */
const BATCH = 5_000;

const ACTIVE: readonly string[] = ['physical_card', 'esim', 'seed_card'];

export const strategyActor = (name: string): Actor => ({ kind: 'system', id: null, name: `strategy:${name}`, companyId: null, address: null, requestId: null });

type ProbeRow = Row<'device_probes', 'device_id' | 'measured_at' | 'domain' | 'packet_loss' | 'delay_ms' | 'jitter_ms'>;
// the JOIN on the strategy leaves only devices that follow one
type DeviceRow = Narrow<
  Row<'devices', 'id' | 'imei' | 'region' | 'company_id' | 'status' | 'suspended' | 'last_switch_at' | 'probe_fail_streak' | 'strategy_id'>,
  { strategy_id: string }
> &
  Narrow<
    Row<'strategies', 'name' | 'type' | 'domains' | 'mode' | 'packet_loss' | 'delay_ms' | 'jitter_ms' | 'consecutive' | 'switch_to'>,
    { type: StrategyType; mode: StrategyMode }
  > &
  Narrow<As<'connectivity_accounts', { platform_kind: 'kind'; platform_state: 'state' }>, { platform_kind: ProviderKind; platform_state: AccountState }>;

type Measurement = { domain: string; packetLoss: number; delay: number | null; jitter: number | null };
type Verdict = { fails: boolean; evidence: Measurement & { failed: ('packetLoss' | 'delay' | 'jitter')[] } };

/**
 * One probe event (the domains measured with one report) against a strategy: a domain fails
 * when any of its conditions fails (mode any) or all of them do (mode all); a single-domain
 * strategy fails with its domain, a multiple-domain one only when every domain fails (one
 * reachable, good domain means the link is fine and the others' servers are at fault).
 * The evidence is the best domain's measurement.
 */
export function judge(probes: Measurement[], s: { type: StrategyType; mode: StrategyMode; limits: QualityLimits }): Verdict | null {
  if (probes.length === 0) return null;
  const judged = probes.map((p) => {
    const f = failedConditions(p, s.limits);
    const failed = (['packetLoss', 'delay', 'jitter'] as const).filter((k) => f[k]);
    return { p, failed, fails: s.mode === 'any' ? failed.length > 0 : failed.length === 3 };
  });
  const best = [...judged].sort((a, b) => a.failed.length - b.failed.length || a.p.packetLoss - b.p.packetLoss)[0];
  const fails = s.type === 'single' ? judged[0].fails : judged.every((j) => j.fails);
  return { fails, evidence: { ...best.p, failed: best.failed } };
}

/**
 * Counts the probes devices reported against their strategies (the `strategy.evaluate` job):
 * claims unevaluated probes (SKIP LOCKED, so runners share the work and count each probe once),
 * updates each device's run of consecutive failing probe events, and when a run reaches the
 * strategy's count switches the card through the provider, unless the device switched in the
 * last 5 minutes (the run then goes on, and the switch comes once the cooldown is over). The
 * switch is a device operation whose detail names the strategy and the measurement.
 */
export async function evaluateProbes(
  database: Database,
  provider: ConnectivityProvider,
  opts: { now?: Date; maxBatches?: number } = {},
): Promise<{ probes: number; switched: number }> {
  let probes = 0;
  let switched = 0;
  for (let i = 0; i < (opts.maxBatches ?? 20); i++) {
    const now = opts.now ?? new Date();
    const r = await database.db.transaction((tx) => evaluateBatch(database, tx, now));
    for (const s of r.switches) await provider.command(s.ref, 'switch_card', s.operationId);
    probes += r.probes;
    switched += r.switches.length;
    if (r.probes < BATCH) break;
  }
  return { probes, switched };
}

async function evaluateBatch(database: Database, tx: Tx, now: Date): Promise<{ probes: number; switches: { ref: DeviceRef; operationId: number }[] }> {
  const claimed = await database.rows<ProbeRow>(
    sql`UPDATE device_probes p SET evaluated = true
        WHERE p.id IN (SELECT id FROM device_probes WHERE NOT evaluated ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING p.device_id, p.measured_at, p.domain, p.packet_loss, p.delay_ms, p.jitter_ms`,
    tx,
  );
  if (claimed.length === 0) return { probes: 0, switches: [] };
  const ids = [...new Set(claimed.map((c) => c.device_id))].sort();
  const devices = await database.rows<DeviceRow>(
    sql`SELECT d.id, d.imei, d.region, d.company_id, d.status, d.suspended, d.last_switch_at, d.probe_fail_streak, d.strategy_id,
               s.name, s.type, s.domains, s.mode, s.packet_loss, s.delay_ms, s.jitter_ms, s.consecutive, s.switch_to,
               a.kind AS platform_kind, a.state AS platform_state
        FROM devices d JOIN strategies s ON s.id = d.strategy_id JOIN connectivity_accounts a ON a.id = d.account_id
        WHERE d.id = ANY(${textArray(ids)}::uuid[]) ORDER BY d.id FOR NO KEY UPDATE OF d`,
    tx,
  );
  const switches: { ref: DeviceRef; operationId: number }[] = [];
  const streaks: { id: string; streak: number }[] = [];
  for (const d of devices) {
    const limits = { packetLoss: Number(d.packet_loss), delay: d.delay_ms, jitter: d.jitter_ms };
    // a platform that cannot switch cards (or a disabled account) leaves the run counting, with no switch
    const switchable = platformAllows({ kind: d.platform_kind, state: d.platform_state }, 'switch_card');
    const events = new Map<number, Measurement[]>();
    for (const c of claimed) {
      if (c.device_id !== d.id || !d.domains.includes(c.domain)) continue;
      const t = new Date(c.measured_at).getTime();
      events.set(t, [...(events.get(t) ?? []), { domain: c.domain, packetLoss: Number(c.packet_loss), delay: c.delay_ms, jitter: c.jitter_ms }]);
    }
    let streak = d.probe_fail_streak;
    let lastSwitch = d.last_switch_at ? new Date(d.last_switch_at).getTime() : 0;
    for (const t of [...events.keys()].sort((a, b) => a - b)) {
      const v = judge(events.get(t) ?? [], { type: d.type, mode: d.mode, limits });
      if (!v) continue;
      streak = v.fails ? streak + 1 : 0;
      const cooled = now.getTime() - lastSwitch >= DEVICE_TIMING.switchCooldownMs;
      if (streak < d.consecutive || !cooled || !switchable || !ACTIVE.includes(d.status) || d.suspended) continue;
      const status = d.status as DeviceStatus;
      const wanted = d.switch_to === 'next' ? switchTargetOf(status) : d.switch_to;
      const target = wanted === status ? switchTargetOf(status) : wanted;
      const reason = { ...v.evidence, probes: streak };
      const [op] = await database.rows<Row<'device_operations', 'id'>>(
        sql`INSERT INTO device_operations (device_id, user_id, action, status, detail, created_at)
            VALUES (${d.id}, NULL, 'switch_card', 'pending',
                    ${JSON.stringify({ target, from: status, strategyId: d.strategy_id, strategyName: d.name, reason })}::jsonb, ${now.toISOString()}::timestamptz)
            RETURNING id`,
        tx,
      );
      await database.rows(sql`UPDATE devices SET last_switch_at = ${now.toISOString()}::timestamptz, updated_at = now() WHERE id = ${d.id}`, tx);
      await recordAudit(database, tx, strategyActor(d.name), {
        action: 'device.switchCard',
        companyId: d.company_id,
        targetType: 'device',
        targetId: d.id,
        targetLabel: d.imei,
        changes: { operation: [null, Number(op.id)], target: [status, target], strategy: [null, d.name], reason: [null, reason] },
      });
      switches.push({ ref: deviceRef(d), operationId: Number(op.id) });
      lastSwitch = now.getTime();
      streak = 0;
    }
    if (streak !== d.probe_fail_streak) streaks.push({ id: d.id, streak });
  }
  if (streaks.length) {
    await database.rows(
      sql`UPDATE devices d SET probe_fail_streak = v.streak
          FROM unnest(${textArray(streaks.map((s) => s.id))}::uuid[], ${textArray(streaks.map((s) => String(s.streak)))}::int[]) AS v(id, streak)
          WHERE d.id = v.id`,
      tx,
    );
  }
  return { probes: claimed.length, switches };
}
