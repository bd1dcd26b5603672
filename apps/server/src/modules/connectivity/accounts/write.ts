import { randomUUID } from 'node:crypto';
import type { TConnectivityAccount, TCredentialsInput } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { arr } from '../../../db/arrays.js';
import type { Database, Tx } from '../../../db/client.js';
import type { Row } from '../../../db/row.js';
import { SIMULATED_ACCOUNT_ID } from '../../../db/schema/connectivity.js';
import { isUniqueViolation } from '../../../lib/db-errors.js';
import { AppError } from '../../../plugins/errors.js';
import { type Actor, type Changes, HIDDEN, recordAudit } from '../../audit/index.js';
import { credentialsHint, encryptCredentials } from '../secrets.js';
import { type KeyConfig, masterKey } from './master-key.js';
import { accountDetail } from './read.js';

export type AccountFields = {
  name: string;
  baseUrl: string;
  regions: string[];
  operators: string[];
  iccidPrefixes: string[];
  importCompanyId: string | null;
};

const uniq = (xs: string[]) => [...new Set(xs)];

async function checkCompany(database: Database, tx: Tx, id: string | null | undefined) {
  if (!id) return;
  const [c] = await database.rows(sql`SELECT 1 FROM companies WHERE id = ${id}`, tx);
  if (!c) throw new AppError(40011, { field: 'importCompanyId' });
}

function checkKind(kind: string, credentials: TCredentialsInput | undefined) {
  if (credentials && credentials.kind !== kind) throw new AppError(40004, { field: 'credentials' });
}

const auditTarget = (id: string, name: string) => ({ companyId: null, targetType: 'connectivity_account' as const, targetId: id, targetLabel: name });

function onNameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'connectivity_accounts_name_uq')) throw new AppError(40002, { field: 'name' });
  throw err;
}

/** Connects a platform account; its credentials are stored encrypted, and only a hint of them is kept readable. */
export async function addAccount(
  database: Database,
  config: KeyConfig,
  actor: Actor,
  input: AccountFields & { kind: 'cisco_cc' | 'onelink'; credentials: TCredentialsInput },
): Promise<TConnectivityAccount> {
  checkKind(input.kind, input.credentials);
  const key = masterKey(config);
  const id = randomUUID();
  const stored = encryptCredentials(key, id, input.credentials);
  const fields = { ...input, regions: uniq(input.regions), operators: uniq(input.operators), iccidPrefixes: uniq(input.iccidPrefixes) };
  try {
    return await database.db.transaction(async (tx) => {
      await checkCompany(database, tx, fields.importCompanyId);
      await database.rows(
        sql`INSERT INTO connectivity_accounts (id, kind, name, base_url, credentials, credentials_hint, regions, operators, iccid_prefixes, import_company_id)
            VALUES (${id}, ${fields.kind}, ${fields.name}, ${fields.baseUrl}, ${stored}, ${credentialsHint(input.credentials)},
                    ${arr(fields.regions, 'text')}, ${arr(fields.operators, 'text')}, ${arr(fields.iccidPrefixes, 'text')}, ${fields.importCompanyId})`,
        tx,
      );
      await recordAudit(database, tx, actor, {
        action: 'connectivity.add',
        ...auditTarget(id, fields.name),
        changes: {
          kind: [null, fields.kind],
          name: [null, fields.name],
          baseUrl: [null, fields.baseUrl],
          credentials: [HIDDEN, HIDDEN],
          regions: [null, fields.regions],
          operators: [null, fields.operators],
          iccidPrefixes: [null, fields.iccidPrefixes],
          importCompanyId: [null, fields.importCompanyId],
        },
      });
      return accountDetail(database, id, tx);
    });
  } catch (err) {
    onNameTaken(err);
  }
}

type Stored = Row<'connectivity_accounts', 'id' | 'kind' | 'name' | 'base_url' | 'regions' | 'operators' | 'iccid_prefixes' | 'import_company_id' | 'state'>;

/**
 * Changes an account. Fields left out keep their values, credentials left out keep the saved
 * ones; the kind never changes. New credentials or a new address clear a refusal or an outage:
 * the next call tries again.
 */
export async function updateAccount(
  database: Database,
  config: KeyConfig,
  actor: Actor,
  input: { id: string; credentials?: TCredentialsInput } & Partial<AccountFields>,
): Promise<TConnectivityAccount> {
  try {
    return await database.db.transaction(async (tx) => {
      const [before] = await database.rows<Stored>(
        sql`SELECT id, kind, name, base_url, regions, operators, iccid_prefixes, import_company_id, state FROM connectivity_accounts WHERE id = ${input.id} FOR UPDATE`,
        tx,
      );
      if (!before) throw new AppError(40001);
      if (before.id === SIMULATED_ACCOUNT_ID && (input.credentials || input.baseUrl !== undefined)) throw new AppError(40003);
      checkKind(before.kind, input.credentials);
      if (input.importCompanyId !== undefined) await checkCompany(database, tx, input.importCompanyId);

      const after = {
        name: input.name ?? before.name,
        baseUrl: input.baseUrl ?? before.base_url,
        regions: input.regions ? uniq(input.regions) : before.regions,
        operators: input.operators ? uniq(input.operators) : before.operators,
        iccidPrefixes: input.iccidPrefixes ? uniq(input.iccidPrefixes) : before.iccid_prefixes,
        importCompanyId: input.importCompanyId === undefined ? before.import_company_id : input.importCompanyId,
      };
      const changes: Changes = {};
      const was: Record<keyof typeof after, unknown> = {
        name: before.name,
        baseUrl: before.base_url,
        regions: before.regions,
        operators: before.operators,
        iccidPrefixes: before.iccid_prefixes,
        importCompanyId: before.import_company_id,
      };
      for (const k of Object.keys(after) as (keyof typeof after)[]) if (JSON.stringify(was[k]) !== JSON.stringify(after[k])) changes[k] = [was[k], after[k]];
      if (input.credentials) changes.credentials = [HIDDEN, HIDDEN];

      const stored = input.credentials ? encryptCredentials(masterKey(config), before.id, input.credentials) : null;
      const hint = input.credentials ? credentialsHint(input.credentials) : null;
      const retry = (input.credentials !== undefined || 'baseUrl' in changes) && (before.state === 'auth_failed' || before.state === 'unreachable');
      if (retry) changes.state = [before.state, 'active'];

      await database.rows(
        sql`UPDATE connectivity_accounts SET name = ${after.name}, base_url = ${after.baseUrl},
              regions = ${arr(after.regions, 'text')}, operators = ${arr(after.operators, 'text')}, iccid_prefixes = ${arr(after.iccidPrefixes, 'text')},
              import_company_id = ${after.importCompanyId},
              credentials = coalesce(${stored}, credentials), credentials_hint = coalesce(${hint}, credentials_hint),
              state = CASE WHEN ${retry} THEN 'active' ELSE state END,
              state_message = CASE WHEN ${retry} THEN NULL ELSE state_message END,
              unreachable_since = CASE WHEN ${retry} THEN NULL ELSE unreachable_since END,
              failures = CASE WHEN ${retry} THEN 0 ELSE failures END,
              updated_at = now()
            WHERE id = ${before.id}`,
        tx,
      );
      await recordAudit(database, tx, actor, { action: 'connectivity.update', ...auditTarget(before.id, after.name), changes });
      return accountDetail(database, before.id, tx);
    });
  } catch (err) {
    onNameTaken(err);
  }
}

/** Disables an account (its devices take no commands, it is not synced) or enables it again (its state starts afresh). */
export async function setDisabled(database: Database, actor: Actor, id: string, disabled: boolean): Promise<TConnectivityAccount> {
  return database.db.transaction(async (tx) => {
    const [before] = await database.rows<Row<'connectivity_accounts', 'name' | 'state'>>(
      sql`SELECT name, state FROM connectivity_accounts WHERE id = ${id} FOR UPDATE`,
      tx,
    );
    if (!before) throw new AppError(40001);
    const next = disabled ? 'disabled' : 'active';
    if ((before.state === 'disabled') !== disabled) {
      await database.rows(
        sql`UPDATE connectivity_accounts SET state = ${next}, state_message = NULL, unreachable_since = NULL, failures = 0, updated_at = now() WHERE id = ${id}`,
        tx,
      );
      await recordAudit(database, tx, actor, { action: 'connectivity.disable', ...auditTarget(id, before.name), changes: { state: [before.state, next] } });
    }
    return accountDetail(database, id, tx);
  });
}

export { auditTarget };
