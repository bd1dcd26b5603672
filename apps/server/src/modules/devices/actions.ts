import {
  DEVICE_TIMING,
  type DeviceStatus,
  type Locale,
  NO_SERVICE_STATUSES,
  type SwitchTarget,
  switchTargetOf,
  type TDeviceActionResult,
} from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { textArray } from '../../db/arrays.js';
import type { Database } from '../../db/client.js';
import { deviceIdsByImei } from '../../db/imei-lookup.js';
import type { As, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { t } from '../../i18n/index.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, type AuditEntry, type Changes, recordAudit, recordAuditMany } from '../audit/index.js';
import { assertPlatformAllows, type Capability } from '../connectivity/index.js';
import { type ConnectivityProvider, deviceRef } from '../network/index.js';
import { defaultGroup, findDevice, parseImeis } from './common.js';

/** The commands a member sends from the device list and detail (a detection goes through modules/monitoring). */
export type ConsoleCommand = 'suspend' | 'unsuspend' | 'switch_card' | 'sync';

const AUDIT_ACTION = { suspend: 'device.suspend', unsuspend: 'device.unsuspend', switch_card: 'device.switchCard', sync: 'device.sync' } as const;

/** What the device's operator platform must be able to do for each command. */
const CAPABILITY: Record<ConsoleCommand, Capability> = { suspend: 'suspend', unsuspend: 'resume', switch_card: 'switch_card', sync: 'refresh' };

const HINTS = {
  suspend: 'devices.hint.suspend',
  unsuspend: 'devices.hint.unsuspend',
  switch_card: 'devices.hint.switchCard',
  sync: 'devices.hint.sync',
} as const;

/**
 * Sends a command to a device the scope reaches: checks the state, writes a pending operation
 * row and its audit event, and hands it to the provider, which completes it later. A card
 * switch goes to `target`, or without one to the card the device is not on (the physical card
 * goes to eSIM, eSIM and the seed card to the physical card); the target is kept in the
 * operation's detail, so the network switches to exactly that card.
 */
export async function sendCommand(
  database: Database,
  provider: ConnectivityProvider,
  caller: { userId: string },
  actor: Actor,
  scope: TenantScope,
  imei: string,
  kind: ConsoleCommand,
  locale: Locale,
  target?: SwitchTarget,
): Promise<TDeviceActionResult> {
  const { device, opId } = await database.db.transaction(async (tx) => {
    const device = await findDevice(database, scope, imei, tx, true);
    await assertPlatformAllows(database, tx, device.id, CAPABILITY[kind]);
    if (device.status === 'service_expired') throw new AppError(23011);
    if (kind === 'suspend' && device.suspended) throw new AppError(23011);
    if (kind === 'unsuspend' && !device.suspended) throw new AppError(23011);
    let switched: Changes = {};
    let detail: { target: SwitchTarget } | null = null;
    if (kind === 'switch_card') {
      const status = device.status as DeviceStatus;
      if (NO_SERVICE_STATUSES.includes(status)) throw new AppError(23011, { message: 'devices.switchNoService' });
      const to = target ?? switchTargetOf(status);
      if (status === to) throw new AppError(23011, { message: `devices.switchAlready.${to}` });
      detail = { target: to };
      const last = device.last_switch_at ? new Date(device.last_switch_at).getTime() : 0;
      if (Date.now() - last < DEVICE_TIMING.switchCooldownMs) throw new AppError(23012);
      const [sw] = await database.rows<As<'devices', { at: 'last_switch_at' }>>(
        sql`UPDATE devices SET last_switch_at = now(), updated_at = now() WHERE id = ${device.id} AND ${scope.owns()} RETURNING last_switch_at AS at`,
        tx,
      );
      switched = { lastSwitchAt: [iso(device.last_switch_at), iso(sw.at)], target: [null, to] };
    }
    const [op] = await database.rows<Row<'device_operations', 'id'>>(
      sql`INSERT INTO device_operations (device_id, user_id, action, status, detail)
          VALUES (${device.id}, ${caller.userId}, ${kind}, 'pending', ${detail ? JSON.stringify(detail) : null}::jsonb) RETURNING id`,
      tx,
    );
    const opId = Number(op.id);
    await recordAudit(database, tx, actor, {
      action: AUDIT_ACTION[kind],
      companyId: device.company_id,
      targetType: 'device',
      targetId: device.id,
      targetLabel: device.imei,
      changes: { operation: [null, opId], ...switched },
    });
    return { device, opId };
  });
  await provider.command(deviceRef(device), kind, opId);
  return { operationId: opId, hint: t(locale, HINTS[kind]) };
}

export async function setAutoRenew(database: Database, actor: Actor, scope: TenantScope, imei: string, on: boolean): Promise<void> {
  await database.db.transaction(async (tx) => {
    const device = await findDevice(database, scope, imei, tx, true);
    await database.rows(sql`UPDATE devices SET auto_renew = ${on}, updated_at = now() WHERE id = ${device.id} AND ${scope.owns()}`, tx);
    await recordAudit(database, tx, actor, {
      action: 'device.autoRenew',
      companyId: device.company_id,
      targetType: 'device',
      targetId: device.id,
      targetLabel: device.imei,
      changes: device.auto_renew === on ? {} : { autoRenew: [device.auto_renew, on] },
    });
  });
}

/**
 * Moves devices (and the Licenses they carry) to a company the scope reaches, into its default
 * group, leaving the monitoring strategy of the company it leaves. All or nothing; IMEIs outside the scope refuse the whole move (23009), a target outside
 * the caller's tree (another tenant, the parent, a sibling) refuses it too (21001). One audit
 * event per device, under the company it leaves.
 */
export async function migrateDevices(
  database: Database,
  caller: { userId: string },
  actor: Actor,
  scope: TenantScope,
  input: string | string[],
  targetCompanyId: string,
): Promise<number> {
  const imeis = parseImeis(input);
  return database.db.transaction(async (tx) => {
    const [target] = await database.rows<Row<'companies', 'id' | 'name'>>(
      sql`SELECT id, name FROM companies WHERE id = ${targetCompanyId} AND id IN ${scope.companyIds()}`,
      tx,
    );
    if (!target) throw new AppError(21001, { field: 'companyId' });
    const found = await database.rows<Row<'devices', 'id' | 'imei' | 'company_id'> & As<'companies', { company_name: 'name' }>>(
      sql`SELECT d.id, d.imei, d.company_id, c.name AS company_name FROM devices d JOIN companies c ON c.id = d.company_id
          WHERE d.id = ANY(${textArray(await deviceIdsByImei(database, imeis, tx))}::uuid[]) AND ${scope.owns(sql`d.company_id`)}
          ORDER BY d.id FOR UPDATE OF d`,
      tx,
    );
    const mine = new Set(found.map((f) => f.imei));
    const foreign = imeis.filter((i) => !mine.has(i));
    if (foreign.length) throw new AppError(23009, { detail: foreign.join(', ') });
    const groupId = await defaultGroup(database, scope, target.id, tx);
    const ids = `{${found.map((f) => f.id).join(',')}}`;
    await database.rows(
      sql`INSERT INTO device_operations (device_id, user_id, action, status, detail, finished_at)
          SELECT d.id, ${caller.userId}, 'migrate', 'done', jsonb_build_object('fromCompanyId', d.company_id, 'toCompanyId', ${target.id}::text), now()
          FROM devices d WHERE d.id = ANY(${ids}::uuid[])`,
      tx,
    );
    // a monitoring strategy is its company's: a device leaving the company stops following it
    await database.rows(
      sql`UPDATE devices SET company_id = ${target.id}, group_id = ${groupId}, updated_at = now(),
                 strategy_id = CASE WHEN strategy_id IN (SELECT id FROM strategies WHERE company_id = ${target.id}) THEN strategy_id END
          WHERE id = ANY(${ids}::uuid[])`,
      tx,
    );
    await recordAuditMany(
      database,
      tx,
      actor,
      found.map(
        (d): AuditEntry => ({
          action: 'device.migrate',
          companyId: d.company_id,
          targetType: 'device',
          targetId: d.id,
          targetLabel: d.imei,
          changes: d.company_id === target.id ? {} : { companyId: [d.company_id, target.id], company: [d.company_name, target.name] },
        }),
      ),
    );
    return found.length;
  });
}
