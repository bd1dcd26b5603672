import type { ReconcileAction } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import type { Row } from '../../../db/row.js';
import { AppError } from '../../../plugins/errors.js';
import { type Actor, recordAudit } from '../../audit/index.js';
import type { SimState } from '../connector.js';
import { accountKind } from './list.js';
import { PLATFORM_STATUS_STATES, suspendedFor } from './states.js';

export type ResolveInput = { id: string; iccid?: string; deviceId?: string; action: ReconcileAction; companyId?: string };
type Resolved = { action: ReconcileAction; iccid: string | null; deviceId: string | null };

/**
 * Resolves one reconciliation row, audited: 'remove' marks a platform-only SIM removed (sync
 * leaves it alone), 'accept' makes the device follow the platform's state. 'import' and 'push'
 * go through the sync engine's importPlatformSims and pushDeviceState.
 */
export async function resolveReconcile(database: Database, actor: Actor, input: ResolveInput): Promise<Resolved> {
  const account = await accountKind(database, input.id);
  switch (input.action) {
    case 'remove':
      return removeSim(database, actor, account.name, input);
    case 'accept':
      return acceptState(database, actor, account, input);
    case 'import':
    case 'push':
      // the sync engine's importPlatformSims / pushDeviceState are not part of the product yet
      throw new AppError(40006, { field: 'action' });
  }
}

async function removeSim(database: Database, actor: Actor, accountName: string, input: ResolveInput): Promise<Resolved> {
  if (!input.iccid) throw new AppError(40008, { field: 'iccid' });
  return database.db.transaction(async (tx) => {
    const [row] = await database.rows<Row<'platform_sims', 'iccid'>>(
      sql`UPDATE platform_sims SET ignored = 'removed'
          WHERE account_id = ${input.id} AND iccid = ${input.iccid} AND device_id IS NULL AND ignored IS NULL RETURNING iccid`,
      tx,
    );
    if (!row) throw new AppError(40007);
    await recordAudit(database, tx, actor, {
      action: 'connectivity.reconcile',
      companyId: null,
      targetType: 'connectivity_account',
      targetId: input.id,
      targetLabel: `${accountName} ${row.iccid}`,
      changes: { action: [null, 'remove'], iccid: [null, row.iccid], ignored: [null, 'removed'] },
    });
    return { action: 'remove', iccid: row.iccid, deviceId: null };
  });
}

type Pair = Row<'platform_sims', 'iccid' | 'status'> & Row<'devices', 'suspended' | 'company_id' | 'imei'> & { device_id: string };

async function acceptState(database: Database, actor: Actor, account: { kind: string; name: string }, input: ResolveInput): Promise<Resolved> {
  return database.db.transaction(async (tx) => {
    const [pair] = await database.rows<Pair>(
      sql`SELECT p.iccid, p.status, d.id AS device_id, d.suspended, d.company_id, d.imei
          FROM platform_sims p JOIN devices d ON d.id = p.device_id
          WHERE p.account_id = ${input.id} AND p.ignored IS NULL
            AND (${input.iccid ?? null}::text IS NULL OR p.iccid = ${input.iccid ?? null})
            AND (${input.deviceId ?? null}::uuid IS NULL OR d.id = ${input.deviceId ?? null})
          FOR UPDATE OF d`,
      tx,
    );
    if (!pair) throw new AppError(40007);
    const map = PLATFORM_STATUS_STATES[account.kind as keyof typeof PLATFORM_STATUS_STATES] as Record<string, SimState> | undefined;
    const target = suspendedFor(map?.[pair.status]);
    if (target === null) throw new AppError(40009, { params: { status: pair.status } });
    if (target === pair.suspended) throw new AppError(40007);
    await database.rows(sql`UPDATE devices SET suspended = ${target}, updated_at = now() WHERE id = ${pair.device_id}`, tx);
    await recordAudit(database, tx, actor, {
      action: 'connectivity.reconcile',
      companyId: pair.company_id,
      targetType: 'connectivity_account',
      targetId: input.id,
      targetLabel: `${account.name} ${pair.iccid}`,
      changes: { action: [null, 'accept'], iccid: [null, pair.iccid], imei: [null, pair.imei], suspended: [pair.suspended, target] },
    });
    return { action: 'accept', iccid: pair.iccid, deviceId: pair.device_id };
  });
}
