import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import type { Row } from '../../../db/row.js';
import { outboxCtes } from './outbox.js';

export const LICENSE_EXPIRING_JOB = 'webhooks.licenseExpiring';
export const LICENSE_EXPIRING_EVERY_MS = 60 * 60_000;

/** A device's License is announced as expiring this many days ahead. */
export const EXPIRING_NOTICE_DAYS = 30;

const HORIZON = 'webhooks.licenseExpiring.horizon';

/**
 * Announces `license.expiring` for devices whose License expires within EXPIRING_NOTICE_DAYS:
 * each run takes the expiries between the horizon the previous run reached and now + notice
 * (the horizon kept in `meta`, locked FOR UPDATE and moved in the statement's transaction), so
 * each expiry is announced once however many processes run the job, and a run missed is caught
 * up by the next. A renewed License has a later expiry and is announced again in its turn. The
 * first run starts at now: Licenses already inside the notice period are announced then.
 */
export async function announceExpiringLicenses(database: Database): Promise<void> {
  await database.rows(sql`INSERT INTO meta (key, value) VALUES (${HORIZON}, ${new Date().toISOString()}) ON CONFLICT (key) DO NOTHING`);
  await database.db.transaction(async (tx) => {
    const [h] = await database.rows<Row<'meta', 'value'>>(sql`SELECT value FROM meta WHERE key = ${HORIZON} FOR UPDATE`, tx);
    const until = new Date(Date.now() + EXPIRING_NOTICE_DAYS * 86_400_000).toISOString();
    if (until <= h.value) return;
    await database.rows(
      sql`WITH ${outboxCtes(sql`
            SELECT d.company_id, 'license.expiring' AS event,
                   json_build_object('deviceId', d.id, 'imei', d.imei,
                                     'expiresAt', to_char(d.license_expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                     'autoRenew', d.auto_renew) AS data
            FROM devices d
            WHERE d.license_expires_at > ${h.value}::timestamptz AND d.license_expires_at <= ${until}::timestamptz
              AND d.status <> 'service_expired'
              AND EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.company_id = d.company_id AND w.enabled AND 'license.expiring' = ANY (w.events))`)}
          UPDATE meta SET value = ${until} WHERE key = ${HORIZON}`,
      tx,
    );
  });
}
