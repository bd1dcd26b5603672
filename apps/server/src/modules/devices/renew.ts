import type { TRenewResult } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Narrow, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { emitWebhookEvent } from '../developer/index.js';
import { lockStock, payerOf, renewedExpiry, statusAfterRenewal, stockOf, useLicenses } from '../licenses/index.js';
import { type ConnectivityProvider, deviceRef } from '../network/index.js';
import { findDevice } from './common.js';

/**
 * Manual renewal: one stock License, one more year (from the current expiry when it is in the
 * future, else from now). An expired device comes back into service.
 */
export async function renewDevice(
  database: Database,
  provider: ConnectivityProvider,
  caller: { userId: string },
  actor: Actor,
  scope: TenantScope,
  imei: string,
): Promise<TRenewResult> {
  const { device, row } = await database.db.transaction(async (tx) => {
    const device = await findDevice(database, scope, imei, tx);
    const payer = await payerOf(database, device.company_id, tx);
    await lockStock(database, payer.id, tx);
    if ((await stockOf(database, payer.id, tx)) < 1) throw new AppError(23010);
    const [row] = await database.rows<
      Narrow<Row<'devices', 'license_expires_at' | 'status'>, { status: TRenewResult['status'] }> &
        As<'devices', { was: 'status'; was_expires: 'license_expires_at' }>
    >(
      sql`UPDATE devices d SET license_expires_at = ${renewedExpiry}, status = ${statusAfterRenewal(sql`d.id`)}, updated_at = now()
          FROM (SELECT id, status AS was, license_expires_at AS was_expires FROM devices WHERE id = ${device.id} AND ${scope.owns()} FOR UPDATE) old
          WHERE d.id = old.id RETURNING d.license_expires_at, d.status, old.was, old.was_expires`,
      tx,
    );
    // moved out of the scope since it was found
    if (!row) throw new AppError(23003);
    await useLicenses(database, tx, { payerId: payer.id, deviceIds: [device.id], reason: 'renewal', userId: caller.userId });
    await database.rows(
      sql`INSERT INTO device_operations (device_id, user_id, action, status, detail, finished_at)
          VALUES (${device.id}, ${caller.userId}, 'renew', 'done', ${JSON.stringify({ until: iso(row.license_expires_at), from: row.was })}::jsonb, now())`,
      tx,
    );
    await recordAudit(database, tx, actor, {
      action: 'device.renew',
      companyId: device.company_id,
      targetType: 'device',
      targetId: device.id,
      targetLabel: device.imei,
      changes: {
        licenseExpiresAt: [iso(row.was_expires), iso(row.license_expires_at)],
        ...(row.was === row.status ? {} : { status: [row.was, row.status] }),
      },
    });
    await emitWebhookEvent(database, tx, device.company_id, 'license.renewed', {
      deviceId: device.id,
      imei: device.imei,
      expiresAt: iso(row.license_expires_at),
      auto: false,
    });
    return { device, row };
  });
  if (row.was === 'service_expired') await provider.activate([deviceRef(device)]);
  return { licenseExpiresAt: iso(row.license_expires_at) as string, status: row.status };
}
