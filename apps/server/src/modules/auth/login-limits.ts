import { LOGIN_LIMITS } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { AppError } from '../../plugins/errors.js';

const windowInterval = `${LOGIN_LIMITS.windowMs} milliseconds`;

/**
 * Failed sign-ins are limited per account and per client address over a sliding window
 * (LOGIN_LIMITS). While over a limit, sign-in answers 29002 with the minutes to wait.
 */
export async function assertNotLocked(database: Database, account: string, address: string): Promise<void> {
  const [row] = await database.rows<{ by_account: number; by_address: number; account_oldest: string | null; address_oldest: string | null }>(sql`
    SELECT
      (SELECT count(*) FROM login_failures WHERE account = ${account} AND at > now() - ${windowInterval}::interval)::int AS by_account,
      (SELECT count(*) FROM login_failures WHERE address = ${address} AND at > now() - ${windowInterval}::interval)::int AS by_address,
      (SELECT min(at) FROM (SELECT at FROM login_failures WHERE account = ${account} AND at > now() - ${windowInterval}::interval
         ORDER BY at DESC LIMIT ${LOGIN_LIMITS.perAccount}) a) AS account_oldest,
      (SELECT min(at) FROM (SELECT at FROM login_failures WHERE address = ${address} AND at > now() - ${windowInterval}::interval
         ORDER BY at DESC LIMIT ${LOGIN_LIMITS.perAddress}) b) AS address_oldest`);
  const lockedSince = row.by_account >= LOGIN_LIMITS.perAccount ? row.account_oldest : row.by_address >= LOGIN_LIMITS.perAddress ? row.address_oldest : null;
  if (!lockedSince) return;
  const until = new Date(lockedSince).getTime() + LOGIN_LIMITS.windowMs;
  throw new AppError(29002, { params: { minutes: Math.max(1, Math.ceil((until - Date.now()) / 60_000)) } });
}

export async function recordFailure(database: Database, account: string, address: string): Promise<void> {
  await database.rows(sql`INSERT INTO login_failures (account, address) VALUES (${account}, ${address})`);
}

export async function clearFailures(database: Database, account: string): Promise<void> {
  await database.rows(sql`DELETE FROM login_failures WHERE account = ${account}`);
}
