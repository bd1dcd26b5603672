import { performance } from 'node:perf_hooks';
import type { AccountState, TConnectivityTestResult } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import type { Row } from '../../../db/row.js';
import { AppError } from '../../../plugins/errors.js';
import { type Actor, recordAudit } from '../../audit/index.js';
import { ConnectorError } from '../connector.js';
import { connectorFor } from '../registry.js';
import { decryptCredentials, SecretDecryptError } from '../secrets.js';
import { type KeyConfig, masterKey } from './master-key.js';
import { auditTarget } from './write.js';

/** A test call gives up after this long: staff are waiting for the answer. */
export const TEST_TIMEOUT_MS = 10_000;

type Stored = Row<'connectivity_accounts', 'id' | 'kind' | 'name' | 'base_url' | 'credentials' | 'state'>;

/** The state an answer puts the account in: refused credentials and outages are kept; a disabled account stays disabled. */
function nextState(before: string, outcome: 'ok' | ConnectorError): AccountState | null {
  if (before === 'disabled') return null;
  if (outcome === 'ok') return 'active';
  if (outcome.kind === 'auth') return 'auth_failed';
  if (outcome.kind === 'unreachable' || outcome.kind === 'timeout') return 'unreachable';
  return null;
}

/**
 * Makes one real, read-only call with the saved credentials and answers what the platform said
 * (its words, never the credentials), updating the account's state by the answer.
 */
export async function testConnection(database: Database, config: KeyConfig, actor: Actor, id: string): Promise<TConnectivityTestResult> {
  const [account] = await database.rows<Stored>(sql`SELECT id, kind, name, base_url, credentials, state FROM connectivity_accounts WHERE id = ${id}`);
  if (!account) throw new AppError(40001);
  if (account.kind === 'simulated') throw new AppError(40003);
  let credentials: ReturnType<typeof decryptCredentials>;
  try {
    credentials = decryptCredentials(masterKey(config), account.id, account.credentials);
  } catch (err) {
    if (err instanceof SecretDecryptError) throw new AppError(40012);
    throw err;
  }

  const started = performance.now();
  let outcome: 'ok' | ConnectorError;
  let message: string;
  let detail: Record<string, unknown> = {};
  try {
    const answer = await connectorFor(credentials, { baseUrl: account.base_url, timeoutMs: TEST_TIMEOUT_MS }).testConnection();
    outcome = 'ok';
    message = answer.message;
    detail = answer.detail;
  } catch (err) {
    if (!(err instanceof ConnectorError)) throw err;
    outcome = err;
    message = err.platformMessage;
    detail = { kind: err.kind, platformCode: err.platformCode, httpStatus: err.httpStatus };
  }
  const latencyMs = Math.round(performance.now() - started);
  const next = nextState(account.state, outcome);

  return database.db.transaction(async (tx) => {
    const [row] = await database.rows<Row<'connectivity_accounts', 'state'>>(
      next === null
        ? sql`SELECT state FROM connectivity_accounts WHERE id = ${id}`
        : sql`UPDATE connectivity_accounts SET state = ${next},
                state_message = ${next === 'active' ? null : message},
                unreachable_since = CASE WHEN ${next} = 'unreachable' THEN coalesce(unreachable_since, now()) ELSE NULL END,
                failures = CASE WHEN ${next} = 'active' THEN 0 ELSE failures END,
                updated_at = now()
              WHERE id = ${id} RETURNING state`,
      tx,
    );
    await recordAudit(database, tx, actor, {
      action: 'connectivity.test',
      ...auditTarget(id, account.name),
      changes: {
        result: [null, outcome === 'ok' ? 'ok' : outcome.kind],
        ...(row.state !== account.state ? { state: [account.state, row.state] } : {}),
      },
    });
    return { ok: outcome === 'ok', message, latencyMs, detail, state: row.state as AccountState };
  });
}
