import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../../db/client.js';
import type { Narrow, Row } from '../../../db/row.js';
import { finishOperation } from '../../network/index.js';
import { ConnectorError, type StateChange, type StateChangeAnswer } from '../connector.js';
import type { AccountRow } from './account.js';

export const COMMAND_JOB = 'connectivity.command';
/** Attempts of a platform command; the runner's backoff (2, 4, 8 … s) spreads them over about eight minutes. */
export const COMMAND_ATTEMPTS = 9;

/**
 * A state change for a device's SIM on its platform: from a member's command (`operationId`),
 * reconciliation's "push our state", or a License that ended. `key` is its idempotency key: one
 * key is sent to the platform once, however often the job runs.
 */
export type CommandJob = { accountId: string; deviceId: string; change: StateChange; key: string; operationId: number | null };

export async function queueCommand(database: Database, job: CommandJob, tx?: Tx): Promise<void> {
  await database.rows(
    sql`INSERT INTO jobs (name, payload, max_attempts, unique_key)
        VALUES (${COMMAND_JOB}, ${JSON.stringify(job)}::jsonb, ${COMMAND_ATTEMPTS}, ${`${COMMAND_JOB}:${job.accountId}:${job.key}`})
        ON CONFLICT DO NOTHING`,
    tx,
  );
}

type Target = Narrow<Row<'platform_sims', 'iccid'>, { iccid: string }> & Row<'devices', 'suspended'>;
type Sent = Row<'platform_commands', 'status' | 'answer'>;

/** What the operation log keeps of a platform's refusal or of giving up: a reason code the console words (never the platform's own text). */
export type PlatformFailure = 'platform_disabled' | 'platform_auth' | 'platform_refused' | 'platform_unreachable' | 'sim_unknown';

/**
 * Runs a platform command: sends the state change once per idempotency key, records the
 * platform's answer, updates the device and the SIM, and finishes the member's operation with the
 * platform's answer. A retryable failure is thrown for the runner to retry with backoff, until the
 * last attempt, which finishes the operation as failed.
 */
export type ChangeState = (iccid: string, to: StateChange, key: string) => Promise<StateChangeAnswer>;

export async function runCommand(
  database: Database,
  account: AccountRow | undefined,
  change: ChangeState,
  job: CommandJob,
  lastAttempt: boolean,
): Promise<void> {
  const fail = (reason: PlatformFailure) =>
    job.operationId === null
      ? Promise.resolve()
      : database.db.transaction((tx) => finishOperation(database, tx, job.operationId as number, 'failed', { result: 'failed', reason }));
  if (!account || account.state === 'disabled') return fail('platform_disabled');
  if (account.state === 'auth_failed') return fail('platform_auth');
  const [target] = await database.rows<Target>(
    sql`SELECT p.iccid, d.suspended FROM platform_sims p JOIN devices d ON d.id = p.device_id
        WHERE p.account_id = ${job.accountId} AND p.device_id = ${job.deviceId}`,
  );
  if (!target) return fail('sim_unknown');
  await database.rows(
    sql`INSERT INTO platform_commands (account_id, idempotency_key, iccid, action) VALUES (${job.accountId}, ${job.key}, ${target.iccid}, ${job.change})
        ON CONFLICT (account_id, idempotency_key) DO NOTHING`,
  );
  const [sent] = await database.rows<Sent>(
    sql`SELECT status, answer FROM platform_commands WHERE account_id = ${job.accountId} AND idempotency_key = ${job.key}`,
  );
  let answer: StateChangeAnswer;
  if (sent?.status === 'done' && sent.answer) answer = sent.answer as StateChangeAnswer;
  else {
    try {
      answer = await change(target.iccid, job.change, job.key);
    } catch (e) {
      if (!(e instanceof ConnectorError)) throw e;
      if (e.retryable && !lastAttempt) throw e;
      await database.rows(
        sql`UPDATE platform_commands SET status = 'failed', finished_at = now(),
                   answer = ${JSON.stringify({ kind: e.kind, code: e.platformCode, message: e.platformMessage })}::jsonb
            WHERE account_id = ${job.accountId} AND idempotency_key = ${job.key} AND status = 'pending'`,
      );
      return fail(e.kind === 'auth' ? 'platform_auth' : e.retryable ? 'platform_unreachable' : 'platform_refused');
    }
  }
  await database.db.transaction(async (tx) => {
    await database.rows(
      sql`UPDATE platform_commands SET status = 'done', answer = ${JSON.stringify(answer)}::jsonb, finished_at = coalesce(finished_at, now())
          WHERE account_id = ${job.accountId} AND idempotency_key = ${job.key}`,
      tx,
    );
    await database.rows(
      sql`UPDATE platform_sims SET status = ${answer.status}, state = ${answer.state}, synced_at = now()
          WHERE account_id = ${job.accountId} AND iccid = ${target.iccid}`,
      tx,
    );
    const suspended = answer.state !== 'active';
    // a suspended SIM carries nothing: the device is offline (a status event when it was online)
    await database.rows(
      sql`WITH was AS (SELECT id, company_id, online FROM devices WHERE id = ${job.deviceId}),
          upd AS (
            UPDATE devices d SET suspended = ${suspended}, online = CASE WHEN ${suspended} THEN false ELSE d.online END, updated_at = now()
            FROM was WHERE d.id = was.id AND (d.suspended <> ${suspended} OR (${suspended} AND d.online)) RETURNING d.id)
          INSERT INTO device_status_events (device_id, company_id, at, online)
          SELECT was.id, was.company_id, now(), false FROM was JOIN upd ON upd.id = was.id WHERE ${suspended} AND was.online`,
      tx,
    );
    if (job.operationId !== null)
      await finishOperation(database, tx, job.operationId, 'done', {
        result: 'done',
        suspended,
        platform: account.kind,
        platformStatus: answer.status,
      });
  });
}
