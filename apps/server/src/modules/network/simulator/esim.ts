import { ESIM_FAILURE_CODES, type EsimAction, type NetworkOperatorCode } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { arr } from '../../../db/arrays.js';
import type { Database, Tx } from '../../../db/client.js';
import type { Narrow, Row } from '../../../db/row.js';
import { networkOperatorCode, networkOperatorName } from '../catalogue.js';
import type { EsimCommandKind } from '../provider.js';
import type { CommandJob, CommandRow } from './commands.js';
import { FAILURE_TEXT as BASE_FAILURE_TEXT, type FailureReason, finish } from './operation.js';
import type { AttachedDevice } from './provider.js';
import { iccidFor, profileOf, seeded, signalNow, worldOf } from './world.js';

/**
 * The simulated eUICCs (docs/esim.md): the profiles each device comes with, and the eSIM
 * commands' effects, applied when a command completes inside its transaction.
 */

/** Why an eSIM command failed on the network: the simulator's draws, and the eUICC's or SM-DP+'s answers. */
type EsimFailure = FailureReason | 'profile_not_found' | 'empty_profile_list' | 'downloaded_elsewhere' | 'ac_not_bound';

const FAILURE_TEXT: Record<EsimFailure, string> = {
  ...BASE_FAILURE_TEXT,
  profile_not_found: 'The profile is not on the eUICC (any more)',
  empty_profile_list: 'The eUICC holds no profile',
  downloaded_elsewhere: 'The AC’s profile was downloaded to another device',
  ac_not_bound: 'The AC is no longer bound to the device',
};

/** Finishes an eSIM command as failed with its 51xxx code (the action's own unless one is given). */
async function fail(database: Database, tx: Tx, job: CommandJob, reason: EsimFailure, code: number = ESIM_FAILURE_CODES[job.kind as EsimAction]) {
  await finish(database, tx, job.operationId, 'failed', { result: 'failed', reason, code, message: FAILURE_TEXT[reason] });
}

/**
 * The profiles a just-attached device's eUICC comes with: 1 to 3 of its region's operators,
 * drawn from its IMEI. The operator it attached to is enabled, with the ICCID the attach and a
 * card switch give its eSIM; the others are disabled. A device that has profiles gets none, and
 * an ICCID another eUICC holds already (two IMEIs drawing the same serial) is skipped.
 */
export async function seedEuiccs(database: Database, tx: Tx, devices: AttachedDevice[]): Promise<void> {
  const rows: { deviceId: string; iccid: string; operatorCode: string; state: 'enabled' | 'disabled' }[] = [];
  for (const d of devices) {
    const r = seeded(`euicc:${d.imei}`);
    const others = worldOf(d.region)
      .networkOperators.map((o) => o.name)
      .filter((name) => name !== d.networkOperator);
    const count = 1 + Math.floor(r() * 3);
    const picked: string[] = [];
    while (picked.length < count - 1 && others.length > 0) picked.push(others.splice(Math.floor(r() * others.length), 1)[0]);
    const own = networkOperatorCode(d.networkOperator);
    if (own) rows.push({ deviceId: d.id, iccid: iccidFor(d.imei, d.region, d.networkOperator, 'esim'), operatorCode: own, state: 'enabled' });
    for (const name of picked) {
      const code = networkOperatorCode(name);
      if (code) rows.push({ deviceId: d.id, iccid: iccidFor(d.imei, d.region, name, `esim:${name}`), operatorCode: code, state: 'disabled' });
    }
  }
  if (rows.length === 0) return;
  await database.rows(
    sql`INSERT INTO esim_profiles (device_id, iccid, operator_code, state)
        SELECT v.device_id, v.iccid, v.operator_code, v.state
        FROM unnest(${arr(
          rows.map((p) => p.deviceId),
          'uuid',
        )}, ${arr(
          rows.map((p) => p.iccid),
          'text',
        )}, ${arr(
          rows.map((p) => p.operatorCode),
          'text',
        )}, ${arr(
          rows.map((p) => p.state),
          'text',
        )}) AS v(device_id, iccid, operator_code, state)
        WHERE NOT EXISTS (SELECT 1 FROM esim_profiles p WHERE p.device_id = v.device_id)
        ON CONFLICT DO NOTHING`,
    tx,
  );
}

/**
 * The profile a switch to the eSIM uses: the enabled one, or else the first disabled one, which
 * it enables; 'empty' when the eUICC holds no profile that is not deleted. Null for a device
 * without an EID (never attached by the simulator): the switch then draws its card as before.
 */
export async function esimProfileForSwitch(database: Database, tx: Tx, deviceId: string): Promise<{ iccid: string; networkOperator: string } | 'empty' | null> {
  const [d] = await database.rows<Row<'devices', 'eid'>>(sql`SELECT eid FROM devices WHERE id = ${deviceId}`, tx);
  if (d?.eid == null) return null;
  const [p] = await database.rows<Narrow<Row<'esim_profiles', 'id' | 'iccid' | 'operator_code' | 'state'>, { operator_code: NetworkOperatorCode }>>(
    sql`SELECT id, iccid, operator_code, state FROM esim_profiles WHERE device_id = ${deviceId} AND state <> 'deleted'
        ORDER BY state = 'enabled' DESC, created_at, id LIMIT 1 FOR UPDATE`,
    tx,
  );
  if (!p) return 'empty';
  if (p.state === 'disabled')
    await database.rows(sql`UPDATE esim_profiles SET state = 'enabled', updated_at = now() WHERE id = ${p.id} AND state = 'disabled'`, tx);
  return { iccid: p.iccid, networkOperator: networkOperatorName(p.operator_code) };
}

/** A switch to an eUICC without profiles fails like the SM-DP+ answers it (51006). */
export const EMPTY_PROFILE_LIST = { result: 'failed', reason: 'empty_profile_list', code: 51006, message: FAILURE_TEXT.empty_profile_list } as const;

/**
 * A device on its eSIM whose profile was disabled or deleted falls back to its physical card
 * (the ICCID the simulator gives that card, of the operator it is on). Returns the card's ICCID,
 * null when the device was not on its eSIM.
 */
export async function fallBackToPhysicalCard(database: Database, tx: Tx, deviceId: string, rand: () => number = Math.random): Promise<string | null> {
  const [d] = await database.rows<Row<'devices', 'imei' | 'region' | 'network_operator'>>(
    sql`SELECT imei, region, network_operator FROM devices WHERE id = ${deviceId} AND status = 'esim' FOR UPDATE`,
    tx,
  );
  if (!d) return null;
  const profile = profileOf(d.imei, d.region);
  const iccid = iccidFor(d.imei, d.region, d.network_operator ?? profile.networkOperator, 'physical_card');
  await database.rows(
    sql`UPDATE devices SET status = 'physical_card', iccid = ${iccid}, online = NOT suspended,
          signal_level = CASE WHEN suspended THEN 0 ELSE ${signalNow(profile, rand)} END, updated_at = now()
        WHERE id = ${deviceId} AND status = 'esim'`,
    tx,
  );
  return iccid;
}

/**
 * Completes a pending eSIM command: its effect on the profiles and the device, and the
 * operation's end, in the command's transaction (the operation and the device are locked).
 * Every move is conditional on the state it starts from; a failure carries the action's 51xxx
 * code, and a failed download marks its AC ORDER_INVALID.
 */
export async function completeEsimCommand(database: Database, tx: Tx, job: CommandJob, row: CommandRow, rand: () => number): Promise<void> {
  const kind = job.kind as EsimCommandKind;
  const noService = row.status === 'in_stock' || row.status === 'service_expired';
  const failed: FailureReason | null | undefined = noService ? 'no_service' : job.fail;
  const iccid = typeof row.detail?.iccid === 'string' ? row.detail.iccid : '';
  if (kind === 'esim_download') return download(database, tx, job, row, failed);
  if (failed) return fail(database, tx, job, failed);
  const done = (detail: Record<string, unknown>) => finish(database, tx, job.operationId, 'done', { result: 'done', ...detail });
  const signal = () => signalNow(profileOf(row.imei, row.region), rand);
  switch (kind) {
    case 'esim_enable': {
      const [p] = await database.rows<Narrow<Row<'esim_profiles', 'id' | 'operator_code'>, { operator_code: NetworkOperatorCode }>>(
        sql`SELECT id, operator_code FROM esim_profiles WHERE device_id = ${job.deviceId} AND iccid = ${iccid} AND state = 'disabled' FOR UPDATE`,
        tx,
      );
      if (!p) return fail(database, tx, job, 'profile_not_found', 51008);
      const [previous] = await database.rows<Row<'esim_profiles', 'iccid'>>(
        sql`UPDATE esim_profiles SET state = 'disabled', updated_at = now() WHERE device_id = ${job.deviceId} AND state = 'enabled' RETURNING iccid`,
        tx,
      );
      await database.rows(sql`UPDATE esim_profiles SET state = 'enabled', updated_at = now() WHERE id = ${p.id} AND state = 'disabled'`, tx);
      const networkOperator = networkOperatorName(p.operator_code);
      const [d] = await database.rows<Row<'devices', 'online'>>(
        sql`UPDATE devices SET status = 'esim', iccid = ${iccid}, network_operator = ${networkOperator},
              online = NOT suspended AND NOT esim_paused,
              signal_level = CASE WHEN suspended OR esim_paused THEN 0 ELSE ${signal()} END, updated_at = now()
            WHERE id = ${job.deviceId} RETURNING online`,
        tx,
      );
      return done({ from: row.status, previous: previous?.iccid ?? null, iccid, operatorCode: p.operator_code, networkOperator, online: d.online });
    }
    case 'esim_disable': {
      const [p] = await database.rows<Row<'esim_profiles', 'id'>>(
        sql`UPDATE esim_profiles SET state = 'disabled', updated_at = now()
            WHERE device_id = ${job.deviceId} AND iccid = ${iccid} AND state = 'enabled' RETURNING id`,
        tx,
      );
      if (!p) return fail(database, tx, job, 'profile_not_found', 51008);
      if (row.status !== 'esim') return done({ iccid });
      const physical = await fallBackToPhysicalCard(database, tx, job.deviceId, rand);
      return done({ iccid, fallback: 'physical_card', physicalIccid: physical });
    }
    case 'esim_delete': {
      const [p] = await database.rows<Row<'esim_profiles', 'id'>>(
        sql`UPDATE esim_profiles SET state = 'deleted', updated_at = now()
            WHERE device_id = ${job.deviceId} AND iccid = ${iccid} AND state = 'disabled' RETURNING id`,
        tx,
      );
      if (!p) return fail(database, tx, job, 'profile_not_found', 51008);
      return done({ iccid });
    }
    case 'esim_activate':
    case 'esim_pause': {
      const paused = kind === 'esim_pause';
      // on its eSIM the device's connectivity follows; on another card nothing else changes
      await database.rows(
        sql`UPDATE devices SET esim_paused = ${paused},
              online = CASE WHEN status = 'esim' THEN NOT suspended AND NOT ${paused} ELSE online END,
              signal_level = CASE WHEN status <> 'esim' THEN signal_level WHEN suspended OR ${paused} THEN 0 ELSE ${signal()} END,
              updated_at = now()
            WHERE id = ${job.deviceId} AND esim_paused = ${!paused}`,
        tx,
      );
      return done({ paused });
    }
  }
}

type AcRow = Narrow<Row<'ac_codes', 'id' | 'iccid' | 'operator_code'>, { operator_code: NetworkOperatorCode | null }>;

/**
 * The SM-DP+ delivers a bound AC's profile to the eUICC: a new disabled profile carrying the AC
 * code, and the AC moves ASSIGNED → ORDER_EXISTED. A failure, or a profile of the code already on
 * another device, invalidates the order (ORDER_INVALID, 51003).
 */
async function download(database: Database, tx: Tx, job: CommandJob, row: CommandRow, failed: FailureReason | null | undefined): Promise<void> {
  const acCode = typeof row.detail?.acCode === 'string' ? row.detail.acCode : '';
  const [ac] = await database.rows<AcRow>(
    sql`SELECT id, iccid, operator_code FROM ac_codes WHERE ac_code = ${acCode} AND device_id = ${job.deviceId} AND status = 'ASSIGNED' FOR UPDATE`,
    tx,
  );
  if (!ac) return fail(database, tx, job, 'ac_not_bound');
  const invalid = async (reason: EsimFailure) => {
    await database.rows(sql`UPDATE ac_codes SET status = 'ORDER_INVALID', updated_at = now() WHERE id = ${ac.id} AND status = 'ASSIGNED'`, tx);
    await fail(database, tx, job, reason);
  };
  if (failed) return invalid(failed);
  const [elsewhere] = await database.rows(
    sql`SELECT 1 FROM esim_profiles WHERE ac_code = ${acCode} AND device_id <> ${job.deviceId} AND state <> 'deleted' LIMIT 1`,
    tx,
  );
  if (elsewhere) return invalid('downloaded_elsewhere');
  const operatorCode = ac.operator_code ?? (networkOperatorCode(worldOf(row.region).networkOperators[0].name) as NetworkOperatorCode);
  const iccid = ac.iccid ?? iccidFor(row.imei, row.region, networkOperatorName(operatorCode), `ac:${acCode}`);
  const inserted = await database.rows(
    sql`INSERT INTO esim_profiles (device_id, iccid, operator_code, state, ac_code)
        VALUES (${job.deviceId}, ${iccid}, ${operatorCode}, 'disabled', ${acCode}) ON CONFLICT DO NOTHING RETURNING id`,
    tx,
  );
  // the ICCID is on an eUICC already: the SM-DP+ will not deliver it twice
  if (inserted.length === 0) return invalid('downloaded_elsewhere');
  await database.rows(sql`UPDATE ac_codes SET status = 'ORDER_EXISTED', updated_at = now() WHERE id = ${ac.id} AND status = 'ASSIGNED'`, tx);
  await finish(database, tx, job.operationId, 'done', { result: 'done', acCode, iccid, operatorCode });
}
