import { randomUUID } from 'node:crypto';
import type { ErrorCode, ReconcileAction } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import type { Row } from '../../../db/row.js';
import { AppError } from '../../../plugins/errors.js';
import { type Actor, type Changes, recordAudit } from '../../audit/index.js';
import { queueCommand } from '../sync/commands.js';
import { importPlatformSims, type PlatformImportRefusal } from '../sync/import.js';
import { accountKind } from './list.js';
import { suspendedFor } from './states.js';

export type ResolveInput = { id: string; iccid?: string; deviceId?: string; action: ReconcileAction; companyId?: string };
type Resolved = { action: ReconcileAction; iccid: string | null; deviceId: string | null };
type Account = Row<'connectivity_accounts', 'kind' | 'name'>;

const IMPORT_REFUSED: Record<PlatformImportRefusal['reason'], ErrorCode> = { not_found: 40007, no_imei: 40013, imei_known: 40014, licenses: 40015 };

/**
 * Resolves one reconciliation row, audited: 'import' makes a platform-only SIM a device of a
 * company (the sync engine's import, Licenses like an import by IMEI), 'remove' marks it removed
 * (sync leaves it alone), 'push' sends the product's state to the platform (a platform command),
 * 'accept' makes the device follow the platform's state.
 */
export async function resolveReconcile(database: Database, actor: Actor, userId: string | null, input: ResolveInput): Promise<Resolved> {
  const account = await accountKind(database, input.id);
  return database.db.transaction(async (tx) => {
    const done = await ACTIONS[input.action](database, tx, { account, actor, userId, input });
    await recordAudit(database, tx, actor, {
      action: 'connectivity.reconcile',
      companyId: done.companyId,
      targetType: 'connectivity_account',
      targetId: input.id,
      targetLabel: `${account.name} ${done.iccid}`,
      changes: { action: [null, input.action], iccid: [null, done.iccid], ...done.changes },
    });
    return { action: input.action, iccid: done.iccid, deviceId: done.deviceId };
  });
}

type Step = (
  database: Database,
  tx: Tx,
  c: { account: Account; actor: Actor; userId: string | null; input: ResolveInput },
) => Promise<{ iccid: string; deviceId: string | null; companyId: string | null; changes: Changes }>;

const removeSim: Step = async (database, tx, { input }) => {
  if (!input.iccid) throw new AppError(40008, { field: 'iccid' });
  const [row] = await database.rows<Row<'platform_sims', 'iccid'>>(
    sql`UPDATE platform_sims SET ignored = 'removed'
        WHERE account_id = ${input.id} AND iccid = ${input.iccid} AND device_id IS NULL AND ignored IS NULL RETURNING iccid`,
    tx,
  );
  if (!row) throw new AppError(40007);
  return { iccid: row.iccid, deviceId: null, companyId: null, changes: { ignored: [null, 'removed'] } };
};

const importSim: Step = async (database, tx, { input, actor, userId }) => {
  if (!input.iccid) throw new AppError(40008, { field: 'iccid' });
  if (!input.companyId) throw new AppError(40011, { field: 'companyId' });
  const [company] = await database.rows(sql`SELECT 1 FROM companies WHERE id = ${input.companyId}`, tx);
  if (!company) throw new AppError(40011, { field: 'companyId' });
  const out = await importPlatformSims(database, tx, { accountId: input.id, companyId: input.companyId, iccids: [input.iccid], userId, actor });
  if (out.imported === 0) throw new AppError(IMPORT_REFUSED[out.refused[0]?.reason ?? 'not_found']);
  const [device] = await database.rows<Row<'platform_sims', 'device_id'>>(
    sql`SELECT device_id FROM platform_sims WHERE account_id = ${input.id} AND iccid = ${input.iccid}`,
    tx,
  );
  return { iccid: input.iccid, deviceId: device?.device_id ?? null, companyId: input.companyId, changes: { companyId: [null, input.companyId] } };
};

type Pair = Row<'platform_sims', 'iccid' | 'status' | 'state'> & Row<'devices', 'suspended' | 'company_id' | 'imei'> & { device_id: string };

/** The matched SIM and device of a row, locked. */
async function pairOf(database: Database, tx: Tx, input: ResolveInput): Promise<Pair> {
  if (!input.iccid && !input.deviceId) throw new AppError(40008, { field: 'iccid' });
  const [pair] = await database.rows<Pair>(
    sql`SELECT p.iccid, p.status, p.state, d.id AS device_id, d.suspended, d.company_id, d.imei
        FROM platform_sims p JOIN devices d ON d.id = p.device_id
        WHERE p.account_id = ${input.id} AND p.ignored IS NULL
          AND (${input.iccid ?? null}::text IS NULL OR p.iccid = ${input.iccid ?? null})
          AND (${input.deviceId ?? null}::uuid IS NULL OR d.id = ${input.deviceId ?? null})
        FOR UPDATE OF d`,
    tx,
  );
  if (!pair) throw new AppError(40007);
  return pair;
}

const acceptState: Step = async (database, tx, { input }) => {
  const pair = await pairOf(database, tx, input);
  const target = suspendedFor(pair.state);
  if (target === null) throw new AppError(40009, { params: { status: pair.status } });
  if (target === pair.suspended) throw new AppError(40007);
  await database.rows(sql`UPDATE devices SET suspended = ${target}, updated_at = now() WHERE id = ${pair.device_id}`, tx);
  return { iccid: pair.iccid, deviceId: pair.device_id, companyId: pair.company_id, changes: { imei: [null, pair.imei], suspended: [pair.suspended, target] } };
};

const pushState: Step = async (database, tx, { account, input }) => {
  if (account.kind === 'simulated') throw new AppError(40003);
  const [{ state }] = await database.rows<Row<'connectivity_accounts', 'state'>>(sql`SELECT state FROM connectivity_accounts WHERE id = ${input.id}`, tx);
  if (state === 'disabled') throw new AppError(40005);
  const pair = await pairOf(database, tx, input);
  if (suspendedFor(pair.state) === pair.suspended) throw new AppError(40007);
  const change = pair.suspended ? 'suspend' : 'resume';
  await queueCommand(database, { accountId: input.id, deviceId: pair.device_id, change, key: `reconcile:${randomUUID()}`, operationId: null }, tx);
  return { iccid: pair.iccid, deviceId: pair.device_id, companyId: pair.company_id, changes: { imei: [null, pair.imei], push: [null, change] } };
};

const ACTIONS: Record<ReconcileAction, Step> = { import: importSim, remove: removeSim, accept: acceptState, push: pushState };
