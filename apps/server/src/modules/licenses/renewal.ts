import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Row } from '../../db/row.js';
import { iso } from '../../lib/units.js';
import { emitWebhookEvent } from '../developer/index.js';
import { type ConnectivityProvider, type DeviceRef, deviceRef } from '../network/index.js';
import { lockStock, payerOf, stockOf, useLicenses } from './repository.js';

type DueDevice = Row<'devices', 'id' | 'imei' | 'region' | 'company_id' | 'status' | 'auto_renew'>;

const BATCH = 100;

/**
 * The expiry job. Devices past their License expiry: with auto-renewal on and a License in stock they take one
 * and gain a year; otherwise their service expires and their connectivity stops. Processes due
 * devices in batches until none is left; each device in its own short transaction under its
 * payer's stock lock. Returns how many were renewed and expired.
 */
export async function processExpiries(database: Database, provider: ConnectivityProvider): Promise<{ renewed: number; expired: number }> {
  let renewed = 0;
  let expired = 0;
  for (;;) {
    const due = await database.rows<Row<'devices', 'id'>>(
      sql`SELECT id FROM devices WHERE license_expires_at <= now() AND status <> 'service_expired'
          ORDER BY license_expires_at, id LIMIT ${BATCH}`,
    );
    if (due.length === 0) break;
    const toDeactivate: DeviceRef[] = [];
    for (const { id } of due) {
      const outcome = await database.db.transaction(async (tx) => {
        const [d0] = await database.rows<Row<'devices', 'id' | 'company_id'>>(sql`SELECT id, company_id FROM devices WHERE id = ${id}`, tx);
        if (!d0) return null;
        const payer = await payerOf(database, d0.company_id, tx);
        await lockStock(database, payer.id, tx);
        const [d] = await database.rows<DueDevice>(
          sql`SELECT id, imei, region, company_id, status, auto_renew, license_expires_at FROM devices
              WHERE id = ${id} AND license_expires_at <= now() AND status <> 'service_expired' FOR UPDATE`,
          tx,
        );
        if (!d) return null;
        if (d.auto_renew && (await stockOf(database, payer.id, tx)) >= 1) {
          // a year from the old expiry keeps the anniversary; a device overdue by more than a year gets a year from now
          const [r] = await database.rows<As<'devices', { until: 'license_expires_at' }>>(
            sql`UPDATE devices SET license_expires_at = CASE WHEN license_expires_at + interval '1 year' > now()
                  THEN license_expires_at + interval '1 year' ELSE now() + interval '1 year' END, updated_at = now()
                WHERE id = ${id} RETURNING license_expires_at AS until`,
            tx,
          );
          await useLicenses(database, tx, { payerId: payer.id, deviceIds: [id], reason: 'auto_renewal', userId: null });
          await database.rows(
            sql`INSERT INTO device_operations (device_id, action, status, detail, finished_at)
                VALUES (${id}, 'auto_renew', 'done', ${JSON.stringify({ until: iso(r.until) })}::jsonb, now())`,
            tx,
          );
          await emitWebhookEvent(database, tx, d.company_id, 'license.renewed', { deviceId: id, imei: d.imei, expiresAt: iso(r.until), auto: true });
          return 'renewed' as const;
        }
        // an online device losing service goes offline: a status event, like a report saying so
        await database.rows(
          sql`INSERT INTO device_status_events (device_id, company_id, at, online)
              SELECT id, company_id, now(), false FROM devices WHERE id = ${id} AND online`,
          tx,
        );
        await database.rows(sql`UPDATE devices SET status = 'service_expired', online = false, updated_at = now() WHERE id = ${id}`, tx);
        await database.rows(
          sql`INSERT INTO device_operations (device_id, action, status, detail, finished_at)
              VALUES (${id}, 'expire', 'done', ${JSON.stringify({ from: d.status, reason: d.auto_renew ? 'no_stock' : 'auto_renew_off' })}::jsonb, now())`,
          tx,
        );
        await emitWebhookEvent(database, tx, d.company_id, 'license.expired', {
          deviceId: id,
          imei: d.imei,
          reason: d.auto_renew ? 'no_stock' : 'auto_renew_off',
        });
        toDeactivate.push(deviceRef(d));
        return 'expired' as const;
      });
      if (outcome === 'renewed') renewed++;
      if (outcome === 'expired') expired++;
    }
    for (const d of toDeactivate) await provider.deactivate(d);
    if (due.length < BATCH) break;
  }
  return { renewed, expired };
}
