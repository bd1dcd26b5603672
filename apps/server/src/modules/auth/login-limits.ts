import { LOGIN_LIMITS } from '@rrp/contracts';
import type { Database } from '../../db/client.js';
import { forget, hit, RateLimited, unhit } from '../../lib/rate-limits.js';

const ACCOUNT = 'login-fail:account';
const ADDRESS = 'login-fail:address';

/**
 * Who a sign-in attempt counts against: the account (by its id, whichever of its e-mail or
 * phone was typed; an identifier no account has counts under itself, so it locks alike) and
 * the client address.
 */
export type Attempt = { account: string; address: string };

/**
 * Reserves an attempt before the password is checked: one atomic counter per account and per
 * address (LOGIN_LIMITS, a window from the first failure). A reservation over a limit is taken
 * back and refused with 29002 and the minutes to wait, so concurrent attempts pass exactly up
 * to the limit. A failed attempt keeps its reservation; a good one gives it back (release).
 */
export async function reserveAttempt(database: Database, a: Attempt): Promise<void> {
  const [byAccount, byAddress] = await Promise.all([
    hit(database, ACCOUNT, a.account, LOGIN_LIMITS.windowMs),
    hit(database, ADDRESS, a.address, LOGIN_LIMITS.windowMs),
  ]);
  const over = [byAccount.hits > LOGIN_LIMITS.perAccount ? byAccount : null, byAddress.hits > LOGIN_LIMITS.perAddress ? byAddress : null].filter(
    (t) => t !== null,
  );
  if (over.length === 0) return;
  await Promise.all([unhit(database, ACCOUNT, a.account), unhit(database, ADDRESS, a.address)]);
  const retryAfterS = Math.max(...over.map((t) => t.retryAfterS));
  throw new RateLimited(29002, retryAfterS, { params: { minutes: Math.max(1, Math.ceil(retryAfterS / 60)) } });
}

/** The password was right: the account's failures are forgotten, the address's attempt given back. */
export async function releaseAttempt(database: Database, a: Attempt): Promise<void> {
  await Promise.all([forget(database, ACCOUNT, a.account), unhit(database, ADDRESS, a.address)]);
}
