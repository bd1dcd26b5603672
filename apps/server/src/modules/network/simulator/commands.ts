import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import type { Narrow, Row } from '../../../db/row.js';
import { writeReports } from '../../ingestion/index.js';
import type { CommandKind } from '../provider.js';
import { completeAtCommand } from './at.js';
import { completeEsimCommand, EMPTY_PROFILE_LIST, esimProfileForSwitch } from './esim.js';
import { probeLink } from './link.js';
import { FAILURE_TEXT, type FailureReason, finish } from './operation.js';
import { between, SIM_TIMING } from './timing.js';
import { iccidFor, networkOperatorsOf, profileOf, signalNow } from './world.js';

export type CommandJob = { deviceId: string; kind: CommandKind; operationId: number; fail?: FailureReason | null };

const CARDS = ['physical_card', 'esim', 'seed_card'] as const;

export type CommandRow = Narrow<Row<'device_operations', 'detail'>, { detail: Record<string, unknown> | null }> &
  Row<'devices', 'imei' | 'region' | 'status' | 'suspended' | 'online' | 'network_operator' | 'network_type' | 'area'>;

/**
 * Completes a command on the simulated network: applies its effect to the device and finishes
 * the operation row, in one transaction. An operation no longer pending is left alone, so a
 * retried job never applies a command twice.
 */
export async function completeCommand(database: Database, job: CommandJob, rand: () => number = Math.random): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [row] = await database.rows<CommandRow>(
      sql`SELECT o.detail, d.imei, d.region, d.status, d.suspended, d.online, d.network_operator, d.network_type, d.area
          FROM device_operations o JOIN devices d ON d.id = o.device_id
          WHERE o.id = ${job.operationId} AND o.device_id = ${job.deviceId} AND o.status = 'pending'
          FOR UPDATE OF o, d`,
      tx,
    );
    if (!row) return;
    if (job.kind.startsWith('esim_')) return completeEsimCommand(database, tx, job, row, rand);
    if (job.kind === 'at_command') return completeAtCommand(database, tx, job, row, rand);
    const noService = row.status === 'in_stock' || row.status === 'service_expired';
    const fail: FailureReason | null | undefined = noService ? 'no_service' : job.fail;
    if (fail) {
      await finish(database, tx, job.operationId, 'failed', { result: 'failed', reason: fail, message: FAILURE_TEXT[fail] });
      return;
    }
    const profile = profileOf(row.imei, row.region);
    const touch = (set: ReturnType<typeof sql>) => database.rows(sql`UPDATE devices SET ${set}, updated_at = now() WHERE id = ${job.deviceId}`, tx);
    switch (job.kind) {
      case 'suspend': {
        await database.rows(
          sql`INSERT INTO device_status_events (device_id, company_id, at, online)
              SELECT id, company_id, now(), false FROM devices WHERE id = ${job.deviceId} AND online`,
          tx,
        );
        await touch(sql`suspended = true, online = false`);
        await finish(database, tx, job.operationId, 'done', { result: 'done', suspended: true });
        return;
      }
      case 'unsuspend': {
        const restarts = 2 + Math.floor(rand() * 3);
        const signal = signalNow(profile, rand);
        await touch(sql`suspended = false, online = true, signal_level = ${signal}`);
        await finish(database, tx, job.operationId, 'done', { result: 'done', suspended: false, restarts });
        return;
      }
      case 'switch_card': {
        const wanted = row.detail?.target;
        const to = CARDS.includes(wanted as never) ? (wanted as string) : row.status === 'physical_card' ? 'esim' : 'physical_card';
        const ops = networkOperatorsOf(row.region);
        // A different card may belong to a different network operator; the eSIM is the eUICC's enabled profile.
        let networkOperator = rand() < 0.5 ? (row.network_operator ?? profile.networkOperator) : ops[Math.floor(rand() * ops.length)];
        let iccid = iccidFor(row.imei, row.region, networkOperator, to);
        const esim = to === 'esim' ? await esimProfileForSwitch(database, tx, job.deviceId) : null;
        if (esim === 'empty') {
          await finish(database, tx, job.operationId, 'failed', EMPTY_PROFILE_LIST);
          return;
        }
        if (esim) ({ iccid, networkOperator } = esim);
        const signal = signalNow(profile, rand);
        // a paused eSIM carries no traffic: on it the device stays offline
        const paused = to === 'esim' ? sql`esim_paused` : sql`false`;
        await touch(
          sql`status = ${to}, iccid = ${iccid}, network_operator = ${networkOperator}, signal_level = CASE WHEN ${paused} THEN 0 ELSE ${signal} END,
              online = NOT suspended AND NOT ${paused}`,
        );
        await finish(database, tx, job.operationId, 'done', { result: 'done', from: row.status, to, iccid, networkOperator });
        return;
      }
      case 'detect': {
        // the device took the command; it measures and reports a few seconds later (job network.detect.report)
        const delay = between(SIM_TIMING.detectReportMs, rand);
        await database.rows(
          sql`INSERT INTO jobs (name, payload, run_at, max_attempts, unique_key)
              VALUES ('network.detect.report', ${JSON.stringify({ deviceId: job.deviceId, operationId: job.operationId })}::jsonb,
                      now() + ${`${delay} milliseconds`}::interval, 5, ${`network.detect.report:${job.operationId}`})
              ON CONFLICT DO NOTHING`,
          tx,
        );
        await finish(database, tx, job.operationId, 'done', { result: 'done' });
        return;
      }
      case 'sync': {
        const signal = row.suspended ? 0 : signalNow(profile, rand);
        const online = !row.suspended;
        const state = {
          online,
          signalLevel: signal,
          networkOperator: row.network_operator ?? profile.networkOperator,
          networkType: row.network_type ?? profile.networkType,
          area: row.area ?? profile.area,
        };
        await touch(sql`online = ${online}, signal_level = ${signal}`);
        await writeReports(database, [{ deviceId: job.deviceId, at: new Date(), bytes: 0, ...state }], tx);
        await finish(database, tx, job.operationId, 'done', { result: 'done', ...state });
        return;
      }
    }
  });
}

export type DetectReportJob = { deviceId: string; operationId: number };

/**
 * The device's answer to a detection: it probes the domain named in the operation and reports
 * the measurement, with the detection id, through the same ingestion as every report. A device
 * that lost service or was suspended meanwhile reaches nothing.
 */
export async function reportDetection(database: Database, job: DetectReportJob, rand: () => number = Math.random): Promise<void> {
  const [row] = await database.rows<CommandRow & Row<'devices', 'signal_level'>>(
    sql`SELECT o.detail, d.imei, d.region, d.status, d.suspended, d.online, d.network_operator, d.network_type, d.area, d.signal_level
        FROM device_operations o JOIN devices d ON d.id = o.device_id
        WHERE o.id = ${job.operationId} AND o.device_id = ${job.deviceId} AND o.action = 'detect'`,
  );
  const domain = row?.detail?.domain;
  const detectionId = row?.detail?.detectionId;
  if (!row || typeof domain !== 'string' || typeof detectionId !== 'string') return;
  const connected = row.online && !row.suspended && row.status !== 'in_stock' && row.status !== 'service_expired';
  const at = new Date();
  const signalLevel = connected ? (row.signal_level ?? 3) : 0;
  const probe = probeLink(
    { region: row.region, networkType: row.network_type, networkOperator: row.network_operator, area: row.area, signalLevel },
    domain,
    at.getTime(),
    rand,
  );
  await writeReports(database, [
    {
      deviceId: job.deviceId,
      at,
      bytes: 0,
      online: connected,
      signalLevel,
      networkOperator: row.network_operator,
      networkType: row.network_type,
      area: row.area,
      probes: [{ ...probe, detectionId }],
    },
  ]);
}
