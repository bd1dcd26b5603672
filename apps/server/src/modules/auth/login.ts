import { EMAIL_RE, effectivePermissions, PHONE_RE, STAFF_PERMISSIONS, type TLoginRequest, type TLoginResponse } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Narrow, Nullable, Row } from '../../db/row.js';
import { DUMMY_HASH, verifyPassword } from '../../lib/passwords.js';
import { AppError } from '../../plugins/errors.js';
import type { Captchas } from './captcha.js';
import { releaseAttempt, reserveAttempt } from './login-limits.js';
import type { RsaKeys } from './rsa-keys.js';
import { createSession } from './sessions.js';

type Deps = { database: Database; keys: RsaKeys; captchas: Captchas };

type UserRow = Narrow<Row<'users', 'id' | 'password_hash' | 'state' | 'kind'>, { kind: 'member' | 'staff' }> &
  Nullable<As<'companies', { billing: 'billing'; company_state: 'state' }>> & { perms: string[] | null };

/**
 * Sign-in: decrypt, check the account's format and the captcha (used up by this attempt), find
 * the account, reserve an attempt against its failure limit and the address's, then check the
 * password. An unknown account costs the same work and answers like a wrong password.
 */
export async function login(deps: Deps, body: TLoginRequest, clientAddress: string): Promise<TLoginResponse> {
  const { database } = deps;
  const account = (await deps.keys.decrypt(body.name, body.keyId)).trim().toLowerCase();
  const password = await deps.keys.decrypt(body.password, body.keyId);
  if (!EMAIL_RE.test(account) && !PHONE_RE.test(account)) throw new AppError(29009);
  if (!(await deps.captchas.consume(body.key, body.pictureCaptcha))) throw new AppError(29001);

  const [user] = await database.rows<UserRow>(sql`
    SELECT u.id, u.password_hash, u.state, u.kind, c.billing, c.state AS company_state,
           (SELECT array_agg(DISTINCT p) FROM user_roles ur JOIN roles r ON r.id = ur.role_id,
                   unnest(r.permissions) AS p WHERE ur.user_id = u.id) AS perms
    FROM users u LEFT JOIN companies c ON c.id = u.company_id
    WHERE (lower(u.email) = ${account} OR u.phone = ${account}) AND u.state <> 'deleted'
    LIMIT 1`);
  const attempt = { account: user ? `user:${user.id}` : `name:${account}`, address: clientAddress };
  await reserveAttempt(database, attempt);
  // an account without a password (an invitation not yet accepted) costs the same time to check
  const hash = user?.password_hash.startsWith('scrypt$') ? user.password_hash : DUMMY_HASH;
  const good = (await verifyPassword(password, hash)) && hash !== DUMMY_HASH;
  // a member who has not accepted the invitation has no password yet: like an unknown account
  if (!user || !good || user.state === 'pending') throw new AppError(29015);
  await releaseAttempt(database, attempt);
  if (user.state === 'disabled') throw new AppError(22009);
  if (user.state !== 'enabled') throw new AppError(21002);
  if (user.company_state === 'disabled') throw new AppError(30018);

  await database.rows(sql`UPDATE users SET last_sign_in_at = now() WHERE id = ${user.id}`);
  const session = await createSession(database, user.id);
  const deductionSource = user.billing === 'parent' ? 1 : 0;
  return {
    principal: user.kind,
    ...session,
    permissionsList: user.kind === 'member' ? effectivePermissions(user.perms ?? [], deductionSource) : [...STAFF_PERMISSIONS],
    deductionSource,
  };
}
