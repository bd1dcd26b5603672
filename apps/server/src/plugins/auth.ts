import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  canonicalRequest,
  type Endpoint,
  effectivePermissions,
  holdsPermission,
  type Locale,
  normalizeLocale,
  type Permission,
  SIGN_HEADERS,
  SIGN_METHOD,
  SIGN_VERSION,
  STAFF_PERMISSIONS,
  type StaffPermission,
  TIMING,
  utcDay,
} from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import type { As, Narrow, Nullable, Row } from '../db/row.js';
import { t } from '../i18n/index.js';
import { sha256hex } from '../lib/hash.js';
import { EMPTY_SHA256 } from './body.js';
import { AppError } from './errors.js';

/** A customer company's member, signed in. */
export type MemberCaller = {
  principal: 'member';
  userId: string;
  name: string;
  companyId: string;
  companyPath: string;
  tokenHash: string;
  permissions: Permission[];
  deductionSource: number;
  locale: Locale;
  /** set when the call is signed with an API key (acting for its creator, with the key's codes) */
  apiKeyId?: string;
};
/** A platform staff member of the back office, signed in. */
export type StaffCaller = { principal: 'staff'; userId: string; name: string; tokenHash: string; permissions: StaffPermission[]; locale: Locale };
/** A device or gateway, signing with its company's device key. */
export type DeviceCaller = { principal: 'device'; companyId: string; companyPath: string; keyId: string };
export type Caller = MemberCaller | StaffCaller | DeviceCaller;

/**
 * A read that a member or staff endpoint makes on every call, carried by the session statement
 * so the signed call costs one round trip: a scalar SQL expression (one JSON value, say) over
 * the signed-in person's id. Its value reaches the handler as request.preread once the call is
 * authenticated and permitted; calls signed otherwise (API keys) leave it undefined, and the
 * handler reads for itself.
 */
export type SessionPreread = { name: string; value: (userId: SQL) => SQL };

declare module 'fastify' {
  interface FastifyRequest {
    /** who signed the call; set for every endpoint that is not public */
    caller?: Caller;
    /** the value of the route's SessionPreread, read with the session */
    preread?: unknown;
  }
  interface FastifyContextConfig {
    /** the contract declaration this route was registered from */
    endpoint?: Endpoint;
    endpointKey?: string;
    preread?: SessionPreread;
  }
}

/** The headers a signed call declares its scheme with, and their one accepted value. */
const SIGNED_CALL_HEADERS = [
  [SIGN_HEADERS.version, SIGN_VERSION],
  [SIGN_HEADERS.method, SIGN_METHOD],
] as const;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a credential resolves to: the secret the call must be signed with, whether its request
 * id was new (recorded in the same statement), and who the caller is, or why the credential
 * does not sign anything any more.
 */
export type Resolved =
  | {
      secret: string;
      fresh: boolean;
      replayKey: string;
      caller: Caller;
      /** a further check once the signature is right (an API key's address and rate limits) */
      admit?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
      /** the value of the route's SessionPreread */
      preread?: unknown;
    }
  | { refused: 88003 | 88016 | 38008 };

/** API keys on member endpoints (modules/developer): given to the plugin, so it imports no module. */
export type ApiKeyCredentials = {
  /** whether an X-Token is an API key id (never a session token) */
  owns(token: string): boolean;
  resolve(keyId: string, requestId: string): Promise<Resolved>;
};

type SessionRow = Row<'sessions', 'user_id' | 'secret_key' | 'ended_at'> &
  Narrow<Row<'users', 'name' | 'company_id' | 'state' | 'kind' | 'locale'>, { kind: 'member' | 'staff' }> &
  Nullable<As<'companies', { company_path: 'path'; billing: 'billing' }>> & {
    expired: boolean;
    /** the codes of the member's roles, comma-separated (codes hold no comma; a text is cheaper to read than an array) */
    perms: string | null;
    fresh: boolean;
    pre?: unknown;
  };

/**
 * Member and staff sessions: one round trip reads the session, records the request id and
 * reads the route's preread (which the handler sees only if the call passes every check).
 */
async function resolveSession(database: Database, token: string, requestId: string, preread?: SessionPreread): Promise<Resolved | null> {
  const tokenHash = sha256hex(token);
  const [s] = await database.ephemeral<SessionRow>(
    preread ? `auth_session+${preread.name}` : 'auth_session',
    sql`
    WITH s AS (
      SELECT s.user_id, u.name, s.secret_key, s.expires_at <= now() AS expired, s.ended_at,
             u.company_id, c.path AS company_path, CASE WHEN c.state = 'disabled' THEN 'disabled' ELSE u.state END AS state,
             u.kind, u.locale, c.billing,
             (SELECT string_agg(DISTINCT p, ',') FROM user_roles ur JOIN roles r ON r.id = ur.role_id,
                     unnest(r.permissions) AS p WHERE ur.user_id = u.id) AS perms
      FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN companies c ON c.id = u.company_id
      WHERE s.token_hash = ${tokenHash}),
    ins AS (
      INSERT INTO used_request_ids (token_hash, request_id)
      SELECT ${tokenHash}, ${requestId} FROM s WHERE NOT s.expired AND s.ended_at IS NULL AND s.state = 'enabled'
      ON CONFLICT DO NOTHING RETURNING 1)
    SELECT s.*, EXISTS (SELECT 1 FROM ins) AS fresh${preread ? sql`, ${preread.value(sql`s.user_id`)} AS pre` : sql``} FROM s`,
  );
  if (!s || s.expired) return { refused: 88003 };
  if (s.ended_at || s.state !== 'enabled') return { refused: 88016 };
  const locale = normalizeLocale(s.locale);
  let caller: Caller;
  if (s.kind === 'staff') {
    // Until the back office has staff roles, every staff member holds every back-office code.
    caller = { principal: 'staff', userId: s.user_id, name: s.name, tokenHash, permissions: [...STAFF_PERMISSIONS], locale };
  } else {
    if (!s.company_id || !s.company_path) return { refused: 88003 };
    const deductionSource = s.billing === 'parent' ? 1 : 0;
    caller = {
      principal: 'member',
      userId: s.user_id,
      name: s.name,
      companyId: s.company_id,
      companyPath: s.company_path,
      tokenHash,
      permissions: effectivePermissions(s.perms ? s.perms.split(',') : [], deductionSource),
      deductionSource,
      locale,
    };
  }
  return { secret: s.secret_key, fresh: s.fresh, replayKey: tokenHash, caller, preread: s.pre };
}

/** The replay records of device keys share used_request_ids with sessions, under a hash of their own. */
export const deviceKeyHash = (keyId: string) => sha256hex(`device-key:${keyId}`);

/** A device key, or the key it replaced while that is in its grace period (docs/developer.md). */
async function resolveDeviceKey(database: Database, keyId: string, requestId: string): Promise<Resolved | null> {
  const replayKey = deviceKeyHash(keyId);
  const [k] = await database.ephemeral<Row<'device_keys', 'company_id' | 'secret'> & As<'companies', { company_path: 'path' }> & { fresh: boolean }>(
    'auth_device_key',
    sql`
    WITH k AS (
      SELECT d.company_id, c.path AS company_path, CASE WHEN d.key_id = ${keyId} THEN d.secret ELSE d.previous_secret END AS secret
      FROM device_keys d JOIN companies c ON c.id = d.company_id
      WHERE d.key_id = ${keyId} OR (d.previous_key_id = ${keyId} AND d.previous_valid_until > now())),
    ins AS (
      INSERT INTO used_request_ids (token_hash, request_id)
      SELECT ${replayKey}, ${requestId} FROM k
      ON CONFLICT DO NOTHING RETURNING 1)
    SELECT k.company_id, k.company_path, k.secret, EXISTS (SELECT 1 FROM ins) AS fresh FROM k`,
  );
  if (!k) return { refused: 88003 };
  return { secret: k.secret, fresh: k.fresh, replayKey, caller: { principal: 'device', companyId: k.company_id, companyPath: k.company_path, keyId } };
}

/** Which credential store a principal's X-Token is looked up in. */
const CREDENTIALS: Record<Exclude<Endpoint['principal'], 'public' | 'provider'>, typeof resolveSession> = {
  member: resolveSession,
  staff: resolveSession,
  device: resolveDeviceKey,
};

/** The one signature check (docs/api.md), over the body hash computed as the bytes arrived. */
export function signatureMatches(request: FastifyRequest, token: string, secret: string, ts: string, requestId: string): boolean {
  const given = request.headers['x-sign'];
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
  const signingKey = createHmac('sha256', secret)
    .update(`rrp1${utcDay(Number(ts))}`)
    .digest();
  const canonical = canonicalRequest({
    method: request.method,
    url: request.raw.url ?? request.url,
    token,
    timestamp: ts,
    requestId,
    bodySha256Hex: request.bodySha256 ?? EMPTY_SHA256,
  });
  const expected = createHmac('sha256', signingKey).update(canonical).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/**
 * A person's own sign-in and account (sign-out, language, profile, e-mail, password): never
 * reached with an API key, so a leaked key cannot take over its creator's account.
 */
const personal = (endpoint: Endpoint, key: string) => endpoint.scope === 'self' && /^[A-Z]+ \/rrp\/(user|account)\//.test(key);

function permitted(endpoint: Endpoint, key: string, caller: Caller): boolean {
  if (caller.principal !== endpoint.principal) return false;
  if (caller.principal === 'device') return !endpoint.permission;
  if (caller.principal === 'member' && caller.apiKeyId && personal(endpoint, key)) return false;
  return holdsPermission(caller.permissions, endpoint.permission);
}

/**
 * Authenticates every endpoint that is not public, by the principal it declares: the
 * credential named by X-Token is looked up in that principal's store, the call's signature is
 * checked once, the request id may not repeat, and the caller must be that principal and hold
 * the endpoint's permission. A member cannot reach a staff endpoint, nor staff a member's.
 * On member endpoints an API key id (modules/developer) stands in for a session.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { database: Database; apiKeys?: ApiKeyCredentials; now?: () => number }) => {
  const { database } = opts;
  const now = opts.now ?? Date.now;

  app.addHook('preValidation', async (request, reply) => {
    const endpoint = request.routeOptions.config.endpoint;
    // public endpoints are open; a provider's notification is verified by its handler, over the raw body
    if (!endpoint || endpoint.principal === 'public' || endpoint.principal === 'provider') return;
    const h = request.headers;
    const token = h['x-token'];
    if (typeof token !== 'string' || token.length === 0) throw new AppError(22007);
    const ts = h['x-timestamp'];
    const requestId = h['x-request-id'];
    if (typeof ts !== 'string' || !/^\d{10,16}$/.test(ts)) throw new AppError(28003);
    if (typeof requestId !== 'string' || !UUID_RE.test(requestId)) throw new AppError(28003);
    if (Math.abs(now() - Number(ts)) > TIMING.signatureSkewMs) throw new AppError(28003);
    // both are part of the signed-call contract: a call without them is not signed by it
    for (const [header, value] of SIGNED_CALL_HEADERS)
      if (h[header] !== value) throw new AppError(28003, { detail: t(request.locale ?? 'zh-CN', 'common.headerRequired', { header, value }) });

    const found =
      endpoint.principal === 'member' && opts.apiKeys?.owns(token)
        ? await opts.apiKeys.resolve(token, requestId)
        : await CREDENTIALS[endpoint.principal](database, token, requestId, request.routeOptions.config.preread);
    if (!found) throw new AppError(88003);
    if ('refused' in found) throw new AppError(found.refused);
    if (!signatureMatches(request, token, found.secret, ts, requestId)) {
      // the request changes nothing, not even the replay record
      if (found.fresh)
        await database.ephemeral(
          'auth_forget_request_id',
          sql`DELETE FROM used_request_ids WHERE token_hash = ${found.replayKey} AND request_id = ${requestId}`,
        );
      throw new AppError(28003);
    }
    if (!found.fresh) throw new AppError(28003);
    request.caller = found.caller;
    await found.admit?.(request, reply);
    if (!permitted(endpoint, request.routeOptions.config.endpointKey ?? '', found.caller)) throw new AppError(10002);
    request.preread = found.preread;
  });
});
