import type { TDataCapUpdate } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { textArray } from '../../db/arrays.js';
import type { Database, Tx } from '../../db/client.js';
import { deviceIdsByImei } from '../../db/imei-lookup.js';
import type { As, Narrow, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, type AuditEntry, recordAudit, recordAuditMany } from '../audit/index.js';
import { type ConnectivityProvider, type DeviceRef, deviceRef } from '../network/index.js';

export const DATA_CAP_JOB = 'dataCap.enforce';
export const DATA_CAP_EVERY_MS = 60_000;

/** A device whose operator platform account is disabled: the cap neither suspends nor resumes it until the account is enabled again. */
const ON_DISABLED_PLATFORM = (accountId: SQL) => sql`EXISTS (SELECT 1 FROM connectivity_accounts a WHERE a.id = ${accountId} AND a.state = 'disabled')`;

const CAP_ACTOR: Actor = { kind: 'system', id: null, name: 'data cap', companyId: null, address: null, requestId: null };

/** A change is enforced within seconds: an enforcement job is queued with it (runs are idempotent). */
async function enforceSoon(database: Database, tx: Tx): Promise<void> {
  await database.rows(sql`INSERT INTO jobs (name, max_attempts) VALUES (${DATA_CAP_JOB}, 1)`, tx);
}

/**
 * Sets or removes the monthly cap of the named devices (all in the scope, or nothing: 23009) or
 * of a group of the caller's own company (32002). Audited per device, or once for the group.
 */
export async function updateDataCap(database: Database, ctx: { scope: TenantScope; actor: Actor }, body: TDataCapUpdate): Promise<{ updated: number }> {
  return database.db.transaction(async (tx) => {
    if (body.groupId) {
      const [g] = await database.rows<Row<'device_groups', 'id' | 'name' | 'data_cap_mb'>>(
        sql`SELECT id, name, data_cap_mb FROM device_groups WHERE id = ${body.groupId} AND company_id = ${ctx.scope.companyId} FOR UPDATE`,
        tx,
      );
      if (!g) throw new AppError(32002, { field: 'groupId' });
      await database.rows(sql`UPDATE device_groups SET data_cap_mb = ${body.capMb} WHERE id = ${g.id}`, tx);
      await enforceSoon(database, tx);
      await recordAudit(database, tx, ctx.actor, {
        action: 'group.dataCap',
        companyId: ctx.scope.companyId,
        targetType: 'group',
        targetId: g.id,
        targetLabel: g.name,
        changes: g.data_cap_mb === body.capMb ? {} : { dataCapMb: [g.data_cap_mb, body.capMb] },
      });
      return { updated: 1 };
    }
    const imeis = body.imeis ?? [];
    const candidates = await deviceIdsByImei(database, imeis, tx);
    const found = await database.rows<Row<'devices', 'id' | 'imei' | 'company_id' | 'data_cap_mb'>>(
      sql`SELECT id, imei, company_id, data_cap_mb FROM devices
          WHERE id = ANY(${textArray(candidates)}::uuid[]) AND ${ctx.scope.owns()} ORDER BY id FOR NO KEY UPDATE`,
      tx,
    );
    const mine = new Set(found.map((f) => f.imei));
    const foreign = imeis.filter((i) => !mine.has(i));
    if (foreign.length) throw new AppError(23009, { detail: foreign.join(', ') });
    await database.rows(
      sql`UPDATE devices SET data_cap_mb = ${body.capMb}, updated_at = now() WHERE id = ANY(${textArray(found.map((f) => f.id))}::uuid[])`,
      tx,
    );
    await enforceSoon(database, tx);
    await recordAuditMany(
      database,
      tx,
      ctx.actor,
      found.map(
        (d): AuditEntry => ({
          action: 'device.dataCap',
          companyId: d.company_id,
          targetType: 'device',
          targetId: d.id,
          targetLabel: d.imei,
          changes: d.data_cap_mb === body.capMb ? {} : { dataCapMb: [d.data_cap_mb, body.capMb] },
        }),
      ),
    );
    return { updated: found.length };
  });
}

// the cap in force (the device's own, else its group's: never null here) and this UTC month's usage
type Capped = Row<'devices', 'id' | 'imei' | 'region' | 'company_id'> &
  Narrow<As<'devices', { cap: 'data_cap_mb' }>, { cap: number }> &
  Row<'device_usage_monthly', 'month' | 'bytes'>;

/**
 * Devices with a cap (their own, else their group's) and their usage this UTC month from the
 * daily roll-up (today's row is refreshed every minute). Reached through the partial index of
 * devices with their own cap and the group index, never by scanning the fleet.
 */
const CAPPED = (now: string) => sql`
  WITH m AS (SELECT date_trunc('month', ${now}::timestamptz AT TIME ZONE 'UTC')::date AS month),
  c AS (
    SELECT d.id, d.data_cap_mb AS cap FROM devices d WHERE d.data_cap_mb IS NOT NULL
    UNION ALL
    SELECT d.id, g.data_cap_mb FROM device_groups g JOIN devices d ON d.group_id = g.id WHERE g.data_cap_mb IS NOT NULL AND d.data_cap_mb IS NULL)
  SELECT d.id, d.imei, d.region, d.company_id, d.account_id, c.cap, m.month::text AS month, d.cap_suspended_month, d.suspended, d.status,
         coalesce((SELECT sum(u.bytes) FROM device_usage_daily u WHERE u.device_id = d.id AND u.day >= m.month), 0)::text AS bytes
  FROM c JOIN devices d ON d.id = c.id CROSS JOIN m`;

/**
 * One enforcement run (the `dataCap.enforce` job): a device in service at or over its cap this
 * month is suspended through the provider, marked with the month, and a `data_cap` alarm opens;
 * a device the cap suspended is resumed when a new month starts, or its cap was raised above
 * its usage or removed, and its alarm ends. A member who unsuspends a capped device by hand
 * keeps it running for the rest of the month (the mark stays, so it is not suspended again).
 */
export async function enforceDataCaps(
  database: Database,
  provider: ConnectivityProvider,
  opts: { now?: Date } = {},
): Promise<{ suspended: number; resumed: number }> {
  const now = (opts.now ?? new Date()).toISOString();
  const commands: { ref: DeviceRef; kind: 'suspend' | 'unsuspend'; operationId: number }[] = [];
  await database.db.transaction(async (tx) => {
    // one enforcement at a time: two runners would both see a device to resume
    await database.rows(sql`SELECT pg_advisory_xact_lock(727303)`, tx);
    const over = await database.rows<Capped>(
      sql`SELECT * FROM (${CAPPED(now)}) x
          WHERE x.cap_suspended_month IS NULL AND NOT x.suspended AND x.status IN ('physical_card', 'esim', 'seed_card')
            AND x.bytes::bigint >= x.cap::bigint * 1048576 AND NOT ${ON_DISABLED_PLATFORM(sql`x.account_id`)}
          ORDER BY x.id`,
      tx,
    );
    for (const d of over) {
      const [marked] = await database.rows(
        sql`UPDATE devices SET cap_suspended_month = ${d.month}::date, updated_at = now()
            WHERE id = ${d.id} AND cap_suspended_month IS NULL AND NOT suspended RETURNING id`,
        tx,
      );
      if (!marked) continue;
      const usageMb = Math.round((Number(d.bytes) / 1048576) * 100) / 100;
      const [op] = await database.rows<Row<'device_operations', 'id'>>(
        sql`INSERT INTO device_operations (device_id, user_id, action, status, detail)
            VALUES (${d.id}, NULL, 'suspend', 'pending', ${JSON.stringify({ reason: 'data_cap', capMb: d.cap, usageMb })}::jsonb) RETURNING id`,
        tx,
      );
      await database.rows(
        sql`INSERT INTO alarms (company_id, type, level, device_id, imei, dedupe_key, window_start, params, created_at)
            VALUES (${d.company_id}, 'data_cap', 'major', ${d.id}, ${d.imei}, ${`cap:${d.id}:${d.month}`}, ${d.month}::date,
                    ${JSON.stringify({ imei: d.imei, capMb: d.cap, usageMb, period: 'month', thresholdMb: d.cap, urgentMb: d.cap })}::jsonb, ${now}::timestamptz)
            ON CONFLICT DO NOTHING`,
        tx,
      );
      await recordAudit(database, tx, CAP_ACTOR, {
        action: 'device.suspend',
        companyId: d.company_id,
        targetType: 'device',
        targetId: d.id,
        targetLabel: d.imei,
        changes: { operation: [null, Number(op.id)], reason: [null, 'data_cap'], dataCapMb: [null, d.cap], usageMb: [null, usageMb] },
      });
      commands.push({ ref: deviceRef(d), kind: 'suspend', operationId: Number(op.id) });
    }
    // resumed: a new month, or a cap now above the usage, or no cap any more
    const released = await database.rows<Row<'devices', 'id' | 'imei' | 'region' | 'company_id' | 'suspended'>>(
      sql`WITH k AS (${CAPPED(now)}),
          r AS (
            SELECT d.id FROM devices d CROSS JOIN (SELECT date_trunc('month', ${now}::timestamptz AT TIME ZONE 'UTC')::date AS month) m
            WHERE d.cap_suspended_month IS NOT NULL AND NOT ${ON_DISABLED_PLATFORM(sql`d.account_id`)}
              AND (d.cap_suspended_month < m.month
                   OR NOT EXISTS (SELECT 1 FROM k WHERE k.id = d.id AND k.bytes::bigint >= k.cap::bigint * 1048576)))
          UPDATE devices d SET cap_suspended_month = NULL, updated_at = now() FROM r WHERE d.id = r.id
          RETURNING d.id, d.imei, d.region, d.company_id, d.suspended`,
      tx,
    );
    for (const d of released) {
      await database.rows(sql`UPDATE alarms SET ended_at = ${now}::timestamptz WHERE type = 'data_cap' AND device_id = ${d.id} AND ended_at IS NULL`, tx);
      const [pending] = await database.rows(
        sql`SELECT 1 FROM device_operations WHERE device_id = ${d.id} AND action = 'suspend' AND status = 'pending' AND detail->>'reason' = 'data_cap'`,
        tx,
      );
      if (!d.suspended && !pending) continue;
      const [op] = await database.rows<Row<'device_operations', 'id'>>(
        sql`INSERT INTO device_operations (device_id, user_id, action, status, detail)
            VALUES (${d.id}, NULL, 'unsuspend', 'pending', ${JSON.stringify({ reason: 'data_cap' })}::jsonb) RETURNING id`,
        tx,
      );
      await recordAudit(database, tx, CAP_ACTOR, {
        action: 'device.unsuspend',
        companyId: d.company_id,
        targetType: 'device',
        targetId: d.id,
        targetLabel: d.imei,
        changes: { operation: [null, Number(op.id)], reason: [null, 'data_cap'] },
      });
      commands.push({ ref: deviceRef(d), kind: 'unsuspend', operationId: Number(op.id) });
    }
  });
  for (const c of commands) await provider.command(c.ref, c.kind, c.operationId);
  return { suspended: commands.filter((c) => c.kind === 'suspend').length, resumed: commands.filter((c) => c.kind === 'unsuspend').length };
}
