import { BlockList, isIP } from 'node:net';
import { effectivePermissions, normalizeLocale } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Row } from '../../db/row.js';
import { sha256hex } from '../../lib/hash.js';
import { RateLimited } from '../../lib/rate-limits.js';
import type { ApiKeyCredentials, MemberCaller } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import { API_KEY_ID_RE, apiKeySecretOf, secretHashMatches, secretHashOf } from './api-key-secret.js';
import { countApiKeyCall, rateLimitHeaders } from './rate-limits.js';

/** The replay records of API keys share used_request_ids with sessions, under a hash of their own. */
export const apiKeyReplayHash = (keyId: string) => sha256hex(`api-key:${keyId}`);

type KeyRow = Row<'api_keys', 'secret_hash' | 'ip_allow_list' | 'company_id'> &
  As<'api_keys', { key_perms: 'permissions' }> &
  As<'users', { user_id: 'id'; name: 'name'; state: 'state'; locale: 'locale' }> &
  As<'companies', { company_path: 'path'; billing: 'billing' }> & { expired: boolean; revoked: boolean; perms: string[] | null; fresh: boolean };

/** Whether a client address is in an allow-list of addresses and CIDR blocks (IPv4-mapped IPv6 read as IPv4). */
export function addressAllowed(allowList: readonly string[], address: string): boolean {
  if (allowList.length === 0) return true;
  const ip = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const family = isIP(ip);
  if (!family) return false;
  const list = new BlockList();
  for (const entry of allowList) {
    const [addr, bits] = entry.split('/');
    const type = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * API keys as a credential of member endpoints (docs/developer.md): one statement reads the
 * key, its creator, company and the creator's current codes, and records the request id. The
 * key acts with the codes it carries that its creator still holds; after the signature, the
 * client address must be allowed and the call within the published limits.
 */
export function apiKeyCredentials(database: Database, master: string): ApiKeyCredentials {
  return {
    owns: (token) => API_KEY_ID_RE.test(token),
    async resolve(keyId, requestId) {
      const replayKey = apiKeyReplayHash(keyId);
      const hash = secretHashOf(apiKeySecretOf(master, keyId));
      const [k] = await database.ephemeral<KeyRow>(
        'auth_api_key',
        sql`
        WITH k AS (
          SELECT a.secret_hash, a.expires_at IS NOT NULL AND a.expires_at <= now() AS expired, a.revoked_at IS NOT NULL AS revoked,
                 a.ip_allow_list, a.permissions AS key_perms, u.id AS user_id, u.name, a.company_id, c.path AS company_path,
                 CASE WHEN c.state = 'disabled' THEN 'disabled' ELSE u.state END AS state, u.locale, c.billing,
                 (SELECT array_agg(DISTINCT p) FROM user_roles ur JOIN roles r ON r.id = ur.role_id,
                         unnest(r.permissions) AS p WHERE ur.user_id = u.id) AS perms
          FROM api_keys a JOIN users u ON u.id = a.created_by JOIN companies c ON c.id = a.company_id
          WHERE a.key_id = ${keyId}),
        ins AS (
          INSERT INTO used_request_ids (token_hash, request_id)
          SELECT ${replayKey}, ${requestId} FROM k WHERE k.secret_hash = ${hash} AND NOT k.expired AND NOT k.revoked AND k.state = 'enabled'
          ON CONFLICT DO NOTHING RETURNING 1)
        SELECT k.*, EXISTS (SELECT 1 FROM ins) AS fresh FROM k`,
      );
      // a key made under another master secret is unknown here
      if (!k || !secretHashMatches(master, keyId, k.secret_hash)) return { refused: 88003 };
      if (k.revoked || k.expired) return { refused: 38008 };
      if (k.state !== 'enabled') return { refused: 88016 };
      const deductionSource = k.billing === 'parent' ? 1 : 0;
      const carried = new Set(k.key_perms);
      const caller: MemberCaller = {
        principal: 'member',
        userId: k.user_id,
        name: k.name,
        companyId: k.company_id,
        companyPath: k.company_path,
        tokenHash: replayKey,
        permissions: effectivePermissions(k.perms ?? [], deductionSource).filter((p) => carried.has(p)),
        deductionSource,
        locale: normalizeLocale(k.locale),
        apiKeyId: keyId,
      };
      return {
        secret: apiKeySecretOf(master, keyId),
        fresh: k.fresh,
        replayKey,
        caller,
        admit: async (request, reply) => {
          if (!addressAllowed(k.ip_allow_list, request.ip)) throw new AppError(38007);
          const count = await countApiKeyCall(database, keyId, k.company_id);
          reply.headers(rateLimitHeaders(count.tightest));
          if (count.retryAfterS !== null)
            throw new RateLimited(29013, count.retryAfterS, { message: 'common.retryIn', params: { seconds: count.retryAfterS } });
        },
      };
    },
  };
}
