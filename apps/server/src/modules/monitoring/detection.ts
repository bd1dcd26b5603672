import { gradeOf, type Locale, MONITORING_LIMITS, type TDetection } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { As, Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { t } from '../../i18n/index.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { assertPlatformAllows } from '../connectivity/index.js';
import { findDevice } from '../devices/index.js';
import { type ConnectivityProvider, deviceRef, networkOperatorCode } from '../network/index.js';

type DetectionRow = Row<'detections', 'id' | 'domain' | 'started_at'> &
  Row<'devices', 'imei'> &
  Nullable<
    Narrow<
      As<'device_operations', { op_status: 'status'; op_detail: 'detail'; op_finished_at: 'finished_at' }>,
      {
        op_status: 'pending' | 'done' | 'failed';
        op_detail: { reason?: 'device_timeout' | 'network_rejected' | 'device_busy' | 'no_service'; message?: string } | null;
      }
    > &
      As<'device_probes', { p_at: 'measured_at'; p_loss: 'packet_loss'; p_delay: 'delay_ms'; p_jitter: 'jitter_ms'; p_reachable: 'reachable' }> &
      As<'device_reports', { r_operator: 'network_operator'; r_signal: 'signal_level' }>
  >;

/**
 * A detection with what is known of it: the command's operation, the probe that answers it
 * (of the same device), and the state of the device's network in the report that carried it.
 */
const SELECT = sql`
  SELECT x.id, d.imei, x.domain, x.started_at, o.status AS op_status, o.detail AS op_detail, o.finished_at AS op_finished_at,
         p.measured_at AS p_at, p.packet_loss AS p_loss, p.delay_ms AS p_delay, p.jitter_ms AS p_jitter, p.reachable AS p_reachable,
         r.network_operator AS r_operator, r.signal_level AS r_signal
  FROM detections x JOIN devices d ON d.id = x.device_id
  LEFT JOIN device_operations o ON o.id = x.operation_id
  LEFT JOIN LATERAL (SELECT * FROM device_probes p WHERE p.detection_id = x.id AND p.device_id = x.device_id ORDER BY p.measured_at LIMIT 1) p ON true
  LEFT JOIN LATERAL (SELECT network_operator, signal_level FROM device_reports r WHERE r.device_id = x.device_id AND r.reported_at = p.measured_at LIMIT 1) r ON true`;

/**
 * The state is read, never stored: a probe within the timeout is the result (unreachable when
 * the domain could not be reached or nothing came back), a failed command is a failure, no
 * answer after MONITORING_LIMITS.detectionTimeoutMs is a timeout, a command the device took is
 * waiting for its report, otherwise the command is still on its way.
 */
export function detectionOf(r: DetectionRow, locale: Locale, now = Date.now()): TDetection {
  const started = new Date(r.started_at).getTime();
  const deadline = started + MONITORING_LIMITS.detectionTimeoutMs;
  const probeAt = r.p_at ? new Date(r.p_at).getTime() : null;
  const base = { id: r.id, imei: r.imei, domain: r.domain, startedAt: iso(r.started_at) as string, result: null, failure: null };
  if (probeAt !== null && probeAt <= deadline + 5_000) {
    const m = { packetLoss: Math.round(Number(r.p_loss) * 10) / 10, delay: r.p_delay, jitter: r.p_jitter };
    return {
      ...base,
      state: r.p_reachable === false || m.packetLoss >= 100 ? 'unreachable' : 'done',
      finishedAt: iso(r.p_at),
      result: { ...m, grade: gradeOf(m), networkOperator: r.r_operator, networkOperatorCode: networkOperatorCode(r.r_operator), signalLevel: r.r_signal },
    };
  }
  if (r.op_status === 'failed') {
    const reason = r.op_detail?.reason;
    return { ...base, state: 'failed', finishedAt: iso(r.op_finished_at), failure: reason ? t(locale, `monitoring.commandFailed.${reason}`) : null };
  }
  if (now > deadline) return { ...base, state: 'timeout', finishedAt: new Date(deadline).toISOString() };
  return { ...base, state: r.op_status === 'done' ? 'waiting' : 'detecting', finishedAt: null };
}

async function findDetection(database: Database, scope: TenantScope, id: string, locale: Locale, tx?: Tx): Promise<TDetection> {
  const [r] = await database.rows<DetectionRow>(sql`${SELECT} WHERE x.id = ${id} AND ${scope.owns(sql`d.company_id`)}`, tx);
  if (!r) throw new AppError(33004, { field: 'id' });
  return detectionOf(r, locale);
}

export const detectionResult = findDetection;

/**
 * Starts a detection: the device must have service, not be suspended and be online, with no
 * other detection running (33005 saying which). The command goes through the provider as a
 * device operation; the device answers with a probe in a report.
 */
export async function startDetection(
  database: Database,
  provider: ConnectivityProvider,
  ctx: { scope: TenantScope; actor: Actor; userId: string; locale: Locale },
  body: { imei: string; domain: string },
): Promise<TDetection> {
  const { device, id, opId } = await database.db.transaction(async (tx) => {
    const device = await findDevice(database, ctx.scope, body.imei, tx, true);
    await assertPlatformAllows(database, tx, device.id, 'detect');
    const [state] = await database.rows<Row<'devices', 'online'>>(sql`SELECT online FROM devices WHERE id = ${device.id} AND ${ctx.scope.owns()}`, tx);
    const why =
      device.status === 'in_stock' || device.status === 'service_expired' ? 'noService' : device.suspended ? 'suspended' : !state.online ? 'offline' : null;
    if (why) throw new AppError(33005, { field: 'imei', params: { reason: t(ctx.locale, `monitoring.cannotDetect.${why}`) } });
    const [running] = await database.rows(
      sql`SELECT 1 FROM detections x LEFT JOIN device_operations o ON o.id = x.operation_id
          WHERE x.device_id = ${device.id} AND x.started_at > now() - ${`${MONITORING_LIMITS.detectionTimeoutMs} milliseconds`}::interval
            AND coalesce(o.status, 'pending') <> 'failed'
            AND NOT EXISTS (SELECT 1 FROM device_probes p WHERE p.detection_id = x.id AND p.device_id = x.device_id)`,
      tx,
    );
    if (running) throw new AppError(33005, { field: 'imei', params: { reason: t(ctx.locale, 'monitoring.cannotDetect.running') } });
    const [x] = await database.rows<Row<'detections', 'id'>>(
      sql`INSERT INTO detections (company_id, device_id, domain, started_by) VALUES (${device.company_id}, ${device.id}, ${body.domain}, ${ctx.userId}) RETURNING id`,
      tx,
    );
    const [op] = await database.rows<Row<'device_operations', 'id'>>(
      sql`INSERT INTO device_operations (device_id, user_id, action, status, detail)
          VALUES (${device.id}, ${ctx.userId}, 'detect', 'pending', ${JSON.stringify({ domain: body.domain, detectionId: x.id })}::jsonb) RETURNING id`,
      tx,
    );
    await database.rows(sql`UPDATE detections SET operation_id = ${Number(op.id)} WHERE id = ${x.id}`, tx);
    await recordAudit(database, tx, ctx.actor, {
      action: 'detection.start',
      companyId: device.company_id,
      targetType: 'detection',
      targetId: x.id,
      targetLabel: device.imei,
      changes: { domain: [null, body.domain], operation: [null, Number(op.id)] },
    });
    return { device, id: x.id, opId: Number(op.id) };
  });
  await provider.command(deviceRef(device), 'detect', opId);
  return findDetection(database, ctx.scope, id, ctx.locale);
}

/** A device's latest detections (the scope must reach it), newest first. */
export async function listDetections(database: Database, scope: TenantScope, imei: string, locale: Locale): Promise<{ list: TDetection[] }> {
  const device = await findDevice(database, scope, imei);
  const rows = await database.rows<DetectionRow>(
    sql`${SELECT} WHERE x.device_id = ${device.id} AND ${scope.owns(sql`d.company_id`)} ORDER BY x.started_at DESC, x.id LIMIT ${MONITORING_LIMITS.detectionsPerDevice}`,
  );
  const now = Date.now();
  return { list: rows.map((r) => detectionOf(r, locale, now)) };
}
