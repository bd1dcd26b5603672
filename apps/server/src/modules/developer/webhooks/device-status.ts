import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import type { As, Nullable, Row } from '../../../db/row.js';
import { NUDGE } from './outbox.js';

export const DEVICE_STATUS_JOB = 'webhooks.deviceStatus';
export const DEVICE_STATUS_EVERY_MS = 5_000;

const WATERMARK = 'webhooks.deviceStatus.watermark';
/** the highest event id the previous run saw: this run forwards up to it */
const SEEN = 'webhooks.deviceStatus.seen';
const BATCH = 5_000;

/**
 * Forwards device online/offline changes (device_status_events, written by ingestion) as
 * `device.online` / `device.offline` messages to the companies with an endpoint subscribed to
 * them. Events are taken by id above a watermark kept in `meta`, locked FOR UPDATE and moved in
 * the transaction that writes the messages, so each event is forwarded once however many
 * processes run the job. A run forwards only ids the previous run (one period earlier) already
 * saw: an ingestion transaction that drew a smaller id and commits late is not skipped.
 * The first run starts at the newest event (history is not replayed).
 */
export async function forwardDeviceStatus(database: Database): Promise<{ deliveries: number }> {
  await database.rows(
    sql`INSERT INTO meta (key, value)
        SELECT k, (SELECT coalesce(max(id), 0)::text FROM device_status_events) FROM (VALUES (${WATERMARK}), (${SEEN})) AS v(k)
        ON CONFLICT (key) DO NOTHING`,
  );
  return database.db.transaction(async (tx) => {
    const [wm] = await database.rows<Row<'meta', 'value'>>(sql`SELECT value FROM meta WHERE key = ${WATERMARK} FOR UPDATE`, tx);
    const [seen] = await database.rows<Row<'meta', 'value'>>(sql`SELECT value FROM meta WHERE key = ${SEEN} FOR UPDATE`, tx);
    const [hi] = await database.rows<Nullable<As<'device_status_events', { upper: 'id'; newest: 'id' }>>>(
      sql`SELECT (SELECT max(id) FROM (SELECT id FROM device_status_events WHERE id > ${wm.value}::bigint AND id <= ${seen.value}::bigint
                                      ORDER BY id LIMIT ${BATCH}) s)::text AS upper,
                 (SELECT max(id) FROM device_status_events)::text AS newest`,
      tx,
    );
    let deliveries = 0;
    if (hi.upper) {
      const rows = await database.rows(
        sql`WITH ev AS (
              SELECT s.id, s.company_id, s.device_id, s.at, s.online, d.imei, d.name,
                     CASE WHEN s.online THEN 'device.online' ELSE 'device.offline' END AS event
              FROM device_status_events s JOIN devices d ON d.id = s.device_id
              WHERE s.id > ${wm.value}::bigint AND s.id <= ${hi.upper}::bigint
                AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.company_id = s.company_id AND e.enabled
                              AND (CASE WHEN s.online THEN 'device.online' ELSE 'device.offline' END) = ANY (e.events))),
            msg AS (
              INSERT INTO webhook_messages (id, company_id, event, payload)
              SELECT 'msg_' || substr(md5(gen_random_uuid()::text), 1, 24), ev.company_id, ev.event,
                     json_build_object('type', ev.event,
                                       'timestamp', to_char(ev.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                       'data', json_build_object('deviceId', ev.device_id, 'imei', ev.imei, 'name', ev.name, 'online', ev.online,
                                                                 'at', to_char(ev.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::text
              FROM ev ORDER BY ev.id
              RETURNING id, company_id, event)
            INSERT INTO webhook_deliveries (message_id, endpoint_id, company_id)
            SELECT msg.id, e.id, msg.company_id FROM msg JOIN webhook_endpoints e ON e.company_id = msg.company_id AND e.enabled AND msg.event = ANY (e.events)
            RETURNING 1`,
        tx,
      );
      deliveries = rows.length;
      if (deliveries > 0) await database.rows(NUDGE, tx);
      await database.rows(sql`UPDATE meta SET value = ${hi.upper} WHERE key = ${WATERMARK}`, tx);
    }
    if (hi.newest && hi.newest !== seen.value) await database.rows(sql`UPDATE meta SET value = ${hi.newest} WHERE key = ${SEEN}`, tx);
    return { deliveries };
  });
}
