import type { AcStatus, Locale, TAcRecord, zAcListRequest } from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.js';
import type { As, Count, Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { t } from '../../i18n/index.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { assertPlatformAllows } from '../connectivity/index.js';
import { emitWebhookEvent } from '../developer/index.js';
import { type ConnectivityProvider, deviceRef, fallBackToPhysicalCard } from '../network/index.js';

type Ctx = { scope: TenantScope; userId: string; actor: Actor; locale: Locale };

/** A move's AC as it was: its state and device. */
type Before = { status: AcStatus; deviceId: string | null };

type AcRow = Narrow<
  Row<'ac_codes', 'id' | 'ac_code' | 'imei' | 'eid' | 'iccid' | 'operator_code' | 'status' | 'bound_at' | 'created_at' | 'updated_at'>,
  { operator_code: TAcRecord['operatorCode']; status: AcStatus }
> &
  Nullable<As<'devices', { bound_imei: 'imei' }>>;

const SELECT = sql`
  SELECT a.id, a.ac_code, a.imei, a.eid, a.iccid, a.operator_code, a.status, d.imei AS bound_imei, a.bound_at, a.created_at, a.updated_at
  FROM ac_codes a LEFT JOIN devices d ON d.id = a.device_id`;

const recordOf = (r: AcRow): TAcRecord => ({
  acCode: r.ac_code,
  imei: r.imei,
  eid: r.eid,
  iccid: r.iccid,
  operatorCode: r.operator_code,
  status: r.status,
  boundImei: r.bound_imei,
  boundAt: iso(r.bound_at),
  createdAt: iso(r.created_at) as string,
  updatedAt: iso(r.updated_at) as string,
});

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The company's ACs, newest first; deleted ones only when the status filter asks for them. */
export async function listAcs(database: Database, scope: TenantScope, q: z.output<typeof zAcListRequest>): Promise<{ total: number; list: TAcRecord[] }> {
  const parts: SQL[] = [scope.owns(sql`a.company_id`), q.status ? sql`a.status = ${q.status}` : sql`a.status <> 'DELETED'`];
  if (q.operatorCode) parts.push(sql`a.operator_code = ${q.operatorCode}`);
  if (q.keyword) {
    const k = like(q.keyword);
    parts.push(sql`(a.ac_code ILIKE ${k} OR a.imei LIKE ${k} OR a.eid LIKE ${k} OR a.iccid LIKE ${k})`);
  }
  const where = sql.join(parts, sql` AND `);
  const [rows, [count]] = await Promise.all([
    database.rows<AcRow>(sql`${SELECT} WHERE ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`),
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM ac_codes a WHERE ${where}`),
  ]);
  return { total: count.n, list: rows.map(recordOf) };
}

/** The company's AC of a code: the one that is not deleted, else the latest deleted one; 34001 when there is none. */
async function findAc(database: Database, scope: TenantScope, acCode: string, tx: Tx): Promise<AcRow> {
  const [r] = await database.rows<AcRow>(
    sql`${SELECT} WHERE a.ac_code = ${acCode} AND ${scope.owns(sql`a.company_id`)} ORDER BY (a.status <> 'DELETED') DESC, a.updated_at DESC LIMIT 1`,
    tx,
  );
  if (!r) throw new AppError(34001, { field: 'acCode' });
  return r;
}

/**
 * Moves the company's AC from one of the `from` states with ONE conditional UPDATE (concurrent
 * moves of the same AC: exactly one wins), audited in the same transaction. When the AC is in
 * no `from` state: 34002 naming the state it is in.
 */
async function move(
  database: Database,
  tx: Tx,
  ctx: Ctx,
  acCode: string,
  m: { from: readonly AcStatus[]; set: SQL; action: 'ac.bind' | 'ac.unbind' | 'ac.delete' },
): Promise<{ record: TAcRecord; before: Before }> {
  const [moved] = await database.rows<
    Row<'ac_codes', 'id'> &
      Narrow<As<'ac_codes', { old_status: 'status'; old_device: 'device_id' }>, { old_status: AcStatus }> &
      Nullable<As<'devices', { old_imei: 'imei' }>>
  >(
    sql`WITH old AS (
          SELECT id, status, device_id FROM ac_codes
          WHERE ac_code = ${acCode} AND ${ctx.scope.owns()} AND status IN ${m.from} FOR UPDATE)
        UPDATE ac_codes a SET ${m.set}, updated_at = now() FROM old WHERE a.id = old.id
        RETURNING a.id, old.status AS old_status, old.device_id AS old_device, (SELECT imei FROM devices WHERE id = old.device_id) AS old_imei`,
    tx,
  );
  if (!moved) {
    const current = await findAc(database, ctx.scope, acCode, tx);
    throw new AppError(34002, { params: { status: t(ctx.locale, `ac.status.${current.status}`) } });
  }
  const [now] = await database.rows<AcRow>(sql`${SELECT} WHERE a.id = ${moved.id}`, tx);
  await recordAudit(database, tx, ctx.actor, {
    action: m.action,
    companyId: ctx.scope.companyId,
    targetType: 'ac',
    targetId: moved.id,
    targetLabel: acCode,
    changes: { status: [moved.old_status, now.status], ...(moved.old_imei === now.bound_imei ? {} : { device: [moved.old_imei, now.bound_imei] }) },
  });
  if (m.action !== 'ac.delete')
    await emitWebhookEvent(database, tx, ctx.scope.companyId, m.action === 'ac.bind' ? 'ac.bound' : 'ac.unbound', {
      acCode,
      imei: now.bound_imei ?? moved.old_imei,
    });
  return { record: recordOf(now), before: { status: moved.old_status, deviceId: moved.old_device } };
}

/**
 * Binds an idle AC of the company to a device of the company, named by its IMEI or its EID
 * (23003 when the company has no such device). An AC bound already must be unbound first.
 * Binding orders the profile: a pending `esim_download` of the device, written in the same
 * transaction and sent to the network after commit; its completion moves the AC to
 * ORDER_EXISTED (the profile is on the eUICC) or ORDER_INVALID (docs/esim.md).
 */
export async function bindAc(
  database: Database,
  provider: ConnectivityProvider,
  ctx: Ctx,
  body: { acCode: string; imei?: string; eid?: string },
): Promise<TAcRecord> {
  const { record, device, opId } = await database.db.transaction(async (tx) => {
    await findAc(database, ctx.scope, body.acCode, tx);
    const [device] = await database.rows<Row<'devices', 'id' | 'imei' | 'region' | 'company_id'>>(
      body.imei
        ? sql`SELECT id, imei, region, company_id FROM devices WHERE imei = ${body.imei} AND ${ctx.scope.owns()}`
        : sql`SELECT id, imei, region, company_id FROM devices WHERE eid = ${body.eid ?? ''} AND ${ctx.scope.owns()}`,
      tx,
    );
    if (!device) throw new AppError(23003, { field: body.imei ? 'imei' : 'eid' });
    await assertPlatformAllows(database, tx, device.id, 'esim');
    const { record } = await move(database, tx, ctx, body.acCode, {
      from: ['IDLE'],
      set: sql`status = 'ASSIGNED', device_id = ${device.id}, bound_at = now()`,
      action: 'ac.bind',
    });
    const [op] = await database.rows<Row<'device_operations', 'id'>>(
      sql`INSERT INTO device_operations (device_id, user_id, action, status, detail)
          VALUES (${device.id}, ${ctx.userId}, 'esim_download', 'pending', ${JSON.stringify({ acCode: body.acCode })}::jsonb) RETURNING id`,
      tx,
    );
    return { record, device, opId: Number(op.id) };
  });
  await provider.command(deviceRef(device), 'esim_download', opId);
  return record;
}

/**
 * Unbinds an AC bound to a device, whatever became of its order. An AC whose profile is on the
 * eUICC (ORDER_EXISTED) has it recycled in the same transaction: the profile is deleted, logged
 * as a done `esim_delete` operation of the device, and a device that was using it falls back to
 * its physical card.
 */
export async function unbindAc(database: Database, ctx: Ctx, acCode: string): Promise<TAcRecord> {
  return database.db.transaction(async (tx) => {
    await findAc(database, ctx.scope, acCode, tx);
    const { record, before } = await move(database, tx, ctx, acCode, {
      from: ['ASSIGNED', 'ORDER_EXISTED', 'ORDER_INVALID'],
      set: sql`status = 'IDLE', device_id = NULL, bound_at = NULL`,
      action: 'ac.unbind',
    });
    if (before.status === 'ORDER_EXISTED' && before.deviceId) await recycleProfile(database, tx, ctx, before.deviceId, acCode);
    return record;
  });
}

async function recycleProfile(database: Database, tx: Tx, ctx: Ctx, deviceId: string, acCode: string): Promise<void> {
  const recycled = await database.rows<Row<'esim_profiles', 'iccid'> & As<'esim_profiles', { was: 'state' }>>(
    sql`WITH old AS (SELECT id, state FROM esim_profiles WHERE device_id = ${deviceId} AND ac_code = ${acCode} AND state <> 'deleted' FOR UPDATE)
        UPDATE esim_profiles p SET state = 'deleted', updated_at = now() FROM old WHERE p.id = old.id RETURNING p.iccid, old.state AS was`,
    tx,
  );
  for (const p of recycled) {
    if (p.was === 'enabled') await fallBackToPhysicalCard(database, tx, deviceId);
    await database.rows(
      sql`INSERT INTO device_operations (device_id, user_id, action, status, detail, finished_at)
          VALUES (${deviceId}, ${ctx.userId}, 'esim_delete', 'done',
                  ${JSON.stringify({ result: 'done', iccid: p.iccid, acCode, recycled: true })}::jsonb, now())`,
      tx,
    );
  }
}

/**
 * Deletes an AC that is idle, or whose order failed (ORDER_INVALID: nothing of it is on the
 * eUICC): it stays in the history as DELETED, and its code may be imported again.
 */
export async function deleteAc(database: Database, ctx: Ctx, acCode: string): Promise<TAcRecord> {
  return database.db.transaction(async (tx) => {
    await findAc(database, ctx.scope, acCode, tx);
    const { record } = await move(database, tx, ctx, acCode, {
      from: ['IDLE', 'ORDER_INVALID'],
      set: sql`status = 'DELETED', device_id = NULL, bound_at = NULL`,
      action: 'ac.delete',
    });
    return record;
  });
}
