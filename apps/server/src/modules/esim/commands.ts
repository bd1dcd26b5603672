import type { EsimAction, Locale, ProfileState, TEsimActionResult } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Narrow, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { t } from '../../i18n/index.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { assertPlatformAllows } from '../connectivity/index.js';
import { type ConnectivityProvider, deviceRef } from '../network/index.js';
import { findEsim } from './detail.js';

/** The commands a member sends from the EID detail (a download comes from binding an AC, modules/ac). */
export type EsimCommand = Exclude<EsimAction, 'esim_download'>;

const AUDIT_ACTION = {
  esim_enable: 'esim.profile.enable',
  esim_disable: 'esim.profile.disable',
  esim_delete: 'esim.profile.delete',
  esim_activate: 'esim.activate',
  esim_pause: 'esim.pause',
} as const satisfies Record<EsimCommand, string>;

/** The state a profile command starts from (SGP.22: enable a disabled profile, disable the enabled one, delete a disabled one). */
const PROFILE_FROM: Partial<Record<EsimCommand, ProfileState>> = { esim_enable: 'disabled', esim_disable: 'enabled', esim_delete: 'disabled' };

type Ctx = { scope: TenantScope; userId: string; actor: Actor; locale: Locale };

/**
 * Sends an eSIM command: checks it against the eUICC as it is now and refuses, changing
 * nothing, with the spec's codes (51006 no profile, 51008 no such profile, 51007 a state that
 * does not allow it, 35002 no service or a command under way); otherwise writes the pending
 * operation and its audit event in one transaction and hands the command to the network. The
 * device row is locked first, so of concurrent commands on one eSIM exactly one is sent.
 */
export async function sendEsimCommand(
  database: Database,
  provider: ConnectivityProvider,
  ctx: Ctx,
  kind: EsimCommand,
  eid: string,
  iccid?: string,
): Promise<TEsimActionResult> {
  const { device, opId } = await database.db.transaction(async (tx) => {
    // lock first, then read: the reads below then see every command committed before the lock
    const [locked] = await database.rows<Row<'devices', 'id'>>(sql`SELECT id FROM devices WHERE eid = ${eid} AND ${ctx.scope.owns()} FOR UPDATE`, tx);
    if (!locked) throw new AppError(35001, { field: 'eid' });
    await assertPlatformAllows(database, tx, locked.id, 'esim');
    const device = await findEsim(database, ctx.scope, eid, tx);
    const profiles = await database.rows<Narrow<Row<'esim_profiles', 'iccid' | 'state'>, { state: ProfileState }>>(
      sql`SELECT iccid, state FROM esim_profiles WHERE device_id = ${device.id} ORDER BY state = 'deleted'`,
      tx,
    );
    if (!profiles.some((p) => p.state !== 'deleted')) throw new AppError(51006);
    const from = PROFILE_FROM[kind];
    if (from) {
      const profile = profiles.find((p) => p.iccid === iccid);
      if (!profile) throw new AppError(51008, { field: 'iccid' });
      if (profile.state !== from) throw new AppError(51007);
    }
    if ((kind === 'esim_activate' && !device.esim_paused) || (kind === 'esim_pause' && device.esim_paused)) throw new AppError(51007);
    if (device.status === 'in_stock' || device.status === 'service_expired')
      throw new AppError(35002, { params: { reason: t(ctx.locale, 'esim.reason.noService') } });
    if (device.pending) throw new AppError(35002, { params: { reason: t(ctx.locale, 'esim.reason.pending') } });

    const detail = from ? { iccid } : null;
    const [op] = await database.rows<Row<'device_operations', 'id'>>(
      sql`INSERT INTO device_operations (device_id, user_id, action, status, detail)
          VALUES (${device.id}, ${ctx.userId}, ${kind}, 'pending', ${detail ? JSON.stringify(detail) : null}::jsonb) RETURNING id`,
      tx,
    );
    const opId = Number(op.id);
    await recordAudit(database, tx, ctx.actor, {
      action: AUDIT_ACTION[kind],
      companyId: device.company_id,
      targetType: 'device',
      targetId: device.id,
      targetLabel: device.eid,
      changes: { operation: [null, opId], ...(from ? { iccid: [null, iccid] } : {}) },
    });
    return { device, opId };
  });
  await provider.command(deviceRef(device), kind, opId);
  return { operationId: opId };
}
