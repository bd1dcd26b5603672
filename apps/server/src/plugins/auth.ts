import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { type Access, API_ACCESS, API_PREFIX, canonicalRequest, effectivePermissions, type Permission, SIGN_VERSION, TIMING, utcDay } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { AppError } from './errors.js';

export type Auth = {
  userId: string;
  /** null for platform operators */
  companyId: string | null;
  companyPath: string | null;
  tokenHash: string;
  kind: 'member' | 'operator';
  permissions: Permission[];
  deductionSource: number;
  locale: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth?: Auth;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** `METHOD /path` of every API route registered, as API_ACCESS names them */
    apiRouteKeys: string[];
  }
}

export const sha256hex = (s: string) => createHash('sha256').update(s).digest('hex');

/** `METHOD /path` of a route relative to the API prefix, as API_ACCESS names it. */
export function accessKey(method: string, url: string): string {
  return `${method} ${url.slice(API_PREFIX.length)}`;
}

export function accessOf(method: string, url: string): Access | undefined {
  return (API_ACCESS as Record<string, Access>)[accessKey(method, url)];
}

type SessionRow = {
  user_id: string;
  secret_key: string;
  expired: boolean;
  ended_at: string | null;
  company_id: string | null;
  company_path: string | null;
  state: string;
  kind: 'member' | 'operator';
  locale: string;
  billing: string | null;
  perms: string[] | null;
};

function verifySignature(request: FastifyRequest, token: string, secretKey: string, ts: string, requestId: string): boolean {
  const given = request.headers['x-sign'];
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
  const signingKey = createHmac('sha256', secretKey)
    .update(`rrp1${utcDay(Number(ts))}`)
    .digest();
  const canonical = canonicalRequest({
    method: request.method,
    url: request.raw.url ?? request.url,
    token,
    timestamp: ts,
    requestId,
    bodySha256Hex: createHash('sha256')
      .update(request.rawBody ?? Buffer.alloc(0))
      .digest('hex'),
  });
  const expected = createHmac('sha256', signingKey).update(canonical).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every API route declares who may call it in API_ACCESS (contracts); a route missing there
 * stops the app from building. Non-public routes are checked: session, signature, replay,
 * then the permission.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { database: Database; now?: () => number }) => {
  const { database } = opts;
  const now = opts.now ?? Date.now;

  const keys: string[] = [];
  app.decorate('apiRouteKeys', keys);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) {
      if (m === 'HEAD' || m === 'OPTIONS') continue;
      const access = accessOf(m, route.url);
      if (!access) throw new Error(`Route ${m} ${route.url} has no entry in API_ACCESS (packages/contracts/src/routes.ts)`);
      keys.push(accessKey(m, route.url));
      route.config = { ...(route.config as object), access };
    }
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access === 'public') return;
    const h = request.headers;
    const token = h['x-token'];
    if (typeof token !== 'string' || token.length === 0) throw new AppError(22007);
    const ts = h['x-timestamp'];
    const requestId = h['x-request-id'];
    if (typeof ts !== 'string' || !/^\d{10,16}$/.test(ts)) throw new AppError(28003);
    if (typeof requestId !== 'string' || !UUID_RE.test(requestId)) throw new AppError(28003);
    if (Math.abs(now() - Number(ts)) > TIMING.signatureSkewMs) throw new AppError(28003);
    if (h['x-sign-method'] !== undefined && h['x-sign-method'] !== 'HMAC-SHA256') throw new AppError(28003);
    if (h['x-version'] !== undefined && h['x-version'] !== SIGN_VERSION) throw new AppError(28003);

    const tokenHash = sha256hex(token);
    // One round trip: the session, and the request id recorded when the session is live. A
    // request whose signature then fails has its record removed, so it changes nothing.
    const [s] = await database.ephemeral<SessionRow & { fresh: boolean }>(
      'auth_session',
      sql`
      WITH s AS (
        SELECT s.user_id, s.secret_key, s.expires_at <= now() AS expired, s.ended_at,
               u.company_id, c.path AS company_path, u.state, u.kind, u.locale, c.billing,
               (SELECT array_agg(DISTINCT p) FROM user_roles ur JOIN roles r ON r.id = ur.role_id,
                       unnest(r.permissions) AS p WHERE ur.user_id = u.id) AS perms
        FROM sessions s JOIN users u ON u.id = s.user_id LEFT JOIN companies c ON c.id = u.company_id
        WHERE s.token_hash = ${tokenHash}),
      ins AS (
        INSERT INTO used_request_ids (token_hash, request_id)
        SELECT ${tokenHash}, ${requestId} FROM s WHERE NOT s.expired AND s.ended_at IS NULL AND s.state = 'enabled'
        ON CONFLICT DO NOTHING RETURNING 1)
      SELECT s.*, EXISTS (SELECT 1 FROM ins) AS fresh FROM s`,
    );
    if (!s || s.expired) throw new AppError(88003);
    if (s.ended_at || s.state !== 'enabled') throw new AppError(88016);
    if (!verifySignature(request, token, s.secret_key, ts, requestId)) {
      if (s.fresh)
        await database.ephemeral('auth_forget_request_id', sql`DELETE FROM used_request_ids WHERE token_hash = ${tokenHash} AND request_id = ${requestId}`);
      throw new AppError(28003);
    }
    if (!s.fresh) throw new AppError(28003);

    const deductionSource = s.billing === 'parent' ? 1 : 0;
    request.auth = {
      userId: s.user_id,
      companyId: s.company_id,
      companyPath: s.company_path,
      tokenHash,
      kind: s.kind,
      permissions: s.kind === 'member' ? effectivePermissions(s.perms ?? [], deductionSource) : [],
      deductionSource,
      locale: s.locale,
    };
    if (access !== 'session' && !request.auth.permissions.includes(access)) throw new AppError(10002);
  });
});

/** The signed-in caller of a non-public route (the auth hook has run). */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw new AppError(22008);
  return request.auth;
}

/** The caller's company, for routes only company members may use. */
export function memberOf(request: FastifyRequest): Auth & { companyId: string; companyPath: string } {
  const a = authOf(request);
  if (!a.companyId || !a.companyPath) throw new AppError(10002);
  return a as Auth & { companyId: string; companyPath: string };
}
