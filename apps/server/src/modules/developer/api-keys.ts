import { type ApiKeyState, DEVELOPER_LIMITS, type Permission, type TApiKey, type TApiKeyAdd } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { textArray } from '../../db/arrays.js';
import type { Database } from '../../db/client.js';
import type { As, Count, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { API_KEY_ID_RE, apiKeySecretOf, newApiKeyId, secretHashOf } from './api-key-secret.js';

/** Who creates a key: its codes must be ones the creator holds now. */
export type KeyCreator = { userId: string; scope: TenantScope; permissions: readonly Permission[] };

const ACTIVE = sql`revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`;

/**
 * Creates an API key carrying some of the creator's codes, at most apiKeysPerCompany active
 * keys per company. The answer is the only place the secret ever appears.
 */
export async function addApiKey(
  database: Database,
  master: string,
  actor: Actor,
  creator: KeyCreator,
  body: TApiKeyAdd,
): Promise<{ keyId: string; secret: string }> {
  const permissions = [...new Set(body.permissions)];
  const missing = permissions.filter((p) => !creator.permissions.includes(p));
  if (missing.length) throw new AppError(38002, { params: { codes: missing.join(', ') } });
  if (body.expiresAt && new Date(body.expiresAt).getTime() <= Date.now()) throw new AppError(28002, { field: 'expiresAt' });
  const ipAllowList = [...new Set(body.ipAllowList ?? [])];
  const keyId = newApiKeyId();
  const secret = apiKeySecretOf(master, keyId);
  const max = DEVELOPER_LIMITS.apiKeysPerCompany;
  await database.db.transaction(async (tx) => {
    // the company row lock makes the count and the insert one step for concurrent adds
    await database.rows(sql`SELECT 1 FROM companies WHERE id = ${creator.scope.companyId} FOR NO KEY UPDATE`, tx);
    const [{ n }] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM api_keys WHERE ${creator.scope.owns()} AND ${ACTIVE}`, tx);
    if (n >= max) throw new AppError(38006, { params: { max } });
    await database.rows(
      sql`INSERT INTO api_keys (company_id, created_by, key_id, name, permissions, secret_hash, expires_at, ip_allow_list)
          VALUES (${creator.scope.companyId}, ${creator.userId}, ${keyId}, ${body.name}, ${textArray(permissions)}::text[], ${secretHashOf(secret)},
                  ${body.expiresAt ?? null}, ${textArray(ipAllowList)}::text[])`,
      tx,
    );
    await recordAudit(database, tx, actor, {
      action: 'developer.apiKey.add',
      companyId: creator.scope.companyId,
      targetType: 'apiKey',
      targetId: keyId,
      targetLabel: body.name,
      changes: {
        name: [null, body.name],
        permissions: [null, permissions],
        expiresAt: [null, body.expiresAt ?? null],
        ipAllowList: [null, ipAllowList],
      },
    });
  });
  return { keyId, secret };
}

type KeyRow = Row<'api_keys', 'key_id' | 'name' | 'permissions' | 'expires_at' | 'ip_allow_list' | 'created_at' | 'last_used_at' | 'revoked_at'> &
  As<'users', { created_by: 'name' }> & { state: ApiKeyState };

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());

/** The company's API keys, newest first, with their state and creator; never a secret. */
export async function listApiKeys(database: Database, scope: TenantScope): Promise<TApiKey[]> {
  const rows = await database.rows<KeyRow>(
    sql`SELECT a.key_id, a.name, a.permissions, a.expires_at, a.ip_allow_list, a.created_at, u.name AS created_by, a.last_used_at, a.revoked_at,
               CASE WHEN a.revoked_at IS NOT NULL THEN 'revoked' WHEN a.expires_at <= now() THEN 'expired' ELSE 'active' END AS state
        FROM api_keys a JOIN users u ON u.id = a.created_by
        WHERE ${scope.owns(sql`a.company_id`)}
        ORDER BY a.created_at DESC, a.key_id`,
  );
  return rows.map((r) => ({
    keyId: r.key_id,
    name: r.name,
    permissions: r.permissions,
    expiresAt: iso(r.expires_at),
    ipAllowList: r.ip_allow_list,
    state: r.state,
    createdAt: iso(r.created_at) as string,
    createdBy: r.created_by,
    lastUsedAt: iso(r.last_used_at),
    revokedAt: iso(r.revoked_at),
  }));
}

/**
 * Revokes a key of the company at once (its next call answers 38008); revoking it again changes
 * nothing. Another company's key or an unknown one: 38001.
 */
export async function revokeApiKey(database: Database, actor: Actor, scope: TenantScope, keyId: string): Promise<null> {
  if (!API_KEY_ID_RE.test(keyId)) throw new AppError(38001);
  await database.db.transaction(async (tx) => {
    const [row] = await database.rows<Row<'api_keys', 'name'>>(
      sql`UPDATE api_keys SET revoked_at = now() WHERE key_id = ${keyId} AND ${scope.owns()} AND revoked_at IS NULL RETURNING name`,
      tx,
    );
    if (!row) {
      const [known] = await database.rows(sql`SELECT 1 FROM api_keys WHERE key_id = ${keyId} AND ${scope.owns()}`, tx);
      if (known) return;
      throw new AppError(38001);
    }
    await recordAudit(database, tx, actor, {
      action: 'developer.apiKey.revoke',
      companyId: scope.companyId,
      targetType: 'apiKey',
      targetId: keyId,
      targetLabel: row.name,
      changes: { state: ['active', 'revoked'] },
    });
  });
  return null;
}
