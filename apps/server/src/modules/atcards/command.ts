import { DEVICE_TIMING, type DeviceStatus, type Locale, NO_SERVICE_STATUSES, type TAtCommandRequest } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { t } from '../../i18n/index.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, type Changes, recordAudit } from '../audit/index.js';
import { assertPlatformAllows } from '../connectivity/index.js';
import { type ConnectivityProvider, deviceRef } from '../network/index.js';
import { atStringOf } from './at-string.js';

type Ctx = { scope: TenantScope; userId: string; actor: Actor; locale: Locale };

type DeviceRow = Row<'devices', 'id' | 'imei' | 'region' | 'company_id' | 'status' | 'iccid' | 'last_switch_at'>;

const refuse = (ctx: Ctx, key: Parameters<typeof t>[1], params?: Record<string, string | number>) =>
  new AppError(36002, { params: { reason: t(ctx.locale, key, params) } });

/**
 * Sends an AT command to a device of the company: checks it under a lock on the device (so of
 * concurrent commands one wins and the others find it pending), writes the pending operation and
 * its audit event, then hands it to the provider, which answers a few seconds later. A switch
 * respects the card switch cooldown of the device list and starts it, as a console switch does.
 */
export async function sendAtCommand(
  database: Database,
  provider: ConnectivityProvider,
  ctx: Ctx,
  body: TAtCommandRequest,
): Promise<{ operationId: number; at: string }> {
  const at = atStringOf(body.command, body.slot);
  const { device, opId } = await database.db.transaction(async (tx) => {
    const [device] = await database.rows<DeviceRow>(
      sql`SELECT id, imei, region, company_id, status, iccid, last_switch_at
          FROM devices WHERE imei = ${body.imei} AND ${ctx.scope.owns()} FOR UPDATE`,
      tx,
    );
    if (!device) throw new AppError(36001, { field: 'imei' });
    await assertPlatformAllows(database, tx, device.id, 'at_command');
    // read after the lock, in a statement of its own: it sees a command that won the lock first
    const slots = await database.rows<Row<'at_cards', 'slot' | 'iccid'> & { pending: boolean }>(
      sql`SELECT slot, iccid, EXISTS (SELECT 1 FROM device_operations o
                   WHERE o.device_id = ${device.id} AND o.action = 'at_command' AND o.status = 'pending') AS pending
          FROM at_cards WHERE device_id = ${device.id} ORDER BY slot`,
      tx,
    );
    if (slots.length === 0) throw new AppError(36001, { field: 'imei' });
    if (NO_SERVICE_STATUSES.includes(device.status as DeviceStatus)) throw refuse(ctx, 'atCards.reason.noService');
    if (slots[0].pending) throw refuse(ctx, 'atCards.reason.pending');
    const active = device.status === 'physical_card' ? (slots.find((s) => s.iccid !== null && s.iccid === device.iccid)?.slot ?? null) : null;
    let switched: Changes = {};
    if (body.command === 'switch') {
      const target = slots.find((s) => s.slot === body.slot);
      if (!target) throw new AppError(36001, { field: 'slot' });
      if (!target.iccid) throw refuse(ctx, 'atCards.reason.emptySlot', { slot: target.slot });
      if (active === target.slot) throw refuse(ctx, 'atCards.reason.alreadyActive', { slot: target.slot });
      const last = device.last_switch_at ? new Date(device.last_switch_at).getTime() : 0;
      if (Date.now() - last < DEVICE_TIMING.switchCooldownMs) throw new AppError(23012);
      const [sw] = await database.rows<As<'devices', { at: 'last_switch_at' }>>(
        sql`UPDATE devices SET last_switch_at = now(), updated_at = now() WHERE id = ${device.id} RETURNING last_switch_at AS at`,
        tx,
      );
      switched = { slot: [active, target.slot], lastSwitchAt: [iso(device.last_switch_at), iso(sw.at)] };
    }
    const detail = { command: body.command, slot: body.command === 'switch' ? (body.slot ?? null) : null, at };
    const [op] = await database.rows<Row<'device_operations', 'id'>>(
      sql`INSERT INTO device_operations (device_id, user_id, action, status, detail)
          VALUES (${device.id}, ${ctx.userId}, 'at_command', 'pending', ${JSON.stringify(detail)}::jsonb) RETURNING id`,
      tx,
    );
    const opId = Number(op.id);
    await recordAudit(database, tx, ctx.actor, {
      action: 'atCard.command',
      companyId: device.company_id,
      targetType: 'device',
      targetId: device.id,
      targetLabel: device.imei,
      changes: { operation: [null, opId], command: [null, at], ...switched },
    });
    return { device, opId };
  });
  await provider.command(deviceRef(device), 'at_command', opId);
  return { operationId: opId, at };
}
