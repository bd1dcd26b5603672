import { API_ROOT, type ApiKey, ENDPOINTS, type Endpoint, parseKey } from '@rrp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PlatformScope, type Scope, TenantScope } from '../db/scope.js';
import { type MessageKey, type Params, t } from '../i18n/index.js';
import type { Actor } from '../modules/audit/index.js';
import type { Caller, SessionPreread } from '../plugins/auth.js';
import { envelope } from '../plugins/envelope.js';
import { AppError } from '../plugins/errors.js';
import { checkFileName, checkText } from '../plugins/text-guard.js';
import type { FileReply, HandlerMap } from './handler.js';
import { parseMultipart } from './multipart.js';

const SECURITY = {
  public: undefined,
  member: [{ token: [], sign: [] }],
  staff: [{ token: [], sign: [] }],
  device: [{ token: [], sign: [] }],
  provider: undefined,
};

/** The declared endpoints without a handler, and the handlers without a declaration. */
export function handlerMismatch(handlerKeys: readonly string[]): { missing: string[]; undeclared: string[] } {
  const declared = new Set(Object.keys(ENDPOINTS));
  const given = new Set(handlerKeys);
  return { missing: [...declared].filter((k) => !given.has(k)).sort(), undeclared: [...given].filter((k) => !declared.has(k)).sort() };
}

/**
 * The scope a handler receives: a member or device caller's companies (its company, or its
 * subtree when the endpoint declares `subtree`); every company for a staff caller on an endpoint
 * declared `platform`. Only a staff caller reaches the platform scope.
 */
export function scopeOf(endpoint: Endpoint, caller: Caller | undefined): Scope | undefined {
  if (!caller) return undefined;
  if (caller.principal === 'staff') return endpoint.principal === 'staff' && endpoint.scope === 'platform' ? PlatformScope.of(caller) : undefined;
  const reach = endpoint.scope === 'subtree' ? 'subtree' : 'company';
  return TenantScope.of(caller, reach);
}

function actorOf(req: FastifyRequest): Actor {
  const c = req.caller;
  const requestId = typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : null;
  const base = { address: req.ip ?? null, requestId };
  if (!c) return { ...base, kind: 'system', id: null, name: '', companyId: null };
  if (c.principal === 'member') {
    // a call signed with an API key acts for the key's creator and names the key
    const name = c.apiKeyId ? `${c.name} (apiKey:${c.apiKeyId})` : c.name;
    return { ...base, kind: 'member', id: c.userId, name, companyId: c.companyId };
  }
  if (c.principal === 'staff') return { ...base, kind: 'staff', id: c.userId, name: c.name, companyId: null };
  return { ...base, kind: 'system', id: null, name: `device key ${c.keyId}`, companyId: c.companyId };
}

export function sendFile(reply: FastifyReply, file: FileReply) {
  reply.type(file.contentType).header('cache-control', file.cacheControl ?? 'no-store');
  if (file.filename) {
    const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    reply.header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`);
  }
  return reply.send(file.body);
}

/**
 * Registers a route per declared endpoint, taking path, schemas and access from the
 * declaration (packages/contracts) and the work from its handler. An endpoint without a
 * handler, or a handler without an endpoint, stops the app at start.
 */
export function registerEndpoints(app: FastifyInstance, handlerMap: HandlerMap): void {
  const { missing, undeclared } = handlerMismatch(Object.keys(handlerMap));
  if (missing.length || undeclared.length)
    throw new Error(
      `Endpoints and handlers differ: ${missing.map((k) => `no handler for ${k}`).join('; ')}${missing.length && undeclared.length ? '; ' : ''}${undeclared
        .map((k) => `no declaration for ${k}`)
        .join('; ')}`,
    );

  for (const [key, endpoint] of Object.entries(ENDPOINTS) as [ApiKey, Endpoint][]) {
    const { method, path } = parseKey(key);
    const handler = handlerMap[key] as unknown as ((ctx: unknown) => Promise<unknown>) & { preread?: SessionPreread };
    const area = path.slice(API_ROOT.length).split('/')[2] ?? 'api';
    app.route({
      method,
      url: path,
      bodyLimit: endpoint.multipart?.maxBytes,
      config: { endpoint, endpointKey: key, preread: handler.preread },
      schema: {
        tags: [
          endpoint.principal === 'staff'
            ? `ops-${area}`
            : endpoint.principal === 'device'
              ? 'device-api'
              : endpoint.principal === 'provider'
                ? 'payment-notifications'
                : area,
        ],
        summary: endpoint.summary,
        description: endpoint.description,
        security: SECURITY[endpoint.principal],
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
        ...(endpoint.response === 'file' ? {} : { response: { 200: envelope(endpoint.response) } }),
      },
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        let message: string | undefined;
        let upload: unknown;
        if (endpoint.multipart) {
          const ct = req.headers['content-type'] ?? '';
          // a body that is not multipart has no fields and no files: its fields are validated all the same
          const parsed =
            ct.startsWith('multipart/form-data') && req.rawBody ? await parseMultipart(req.rawBody, ct, endpoint.multipart) : { fields: {}, files: {} };
          checkText(req, endpoint.multipart.fields, parsed.fields);
          for (const file of Object.values(parsed.files)) if (file) checkFileName(req, file.filename);
          const fields = endpoint.multipart.fields.safeParse(parsed.fields);
          if (!fields.success) throw new AppError(28002, { field: fields.error.issues[0]?.path ?? [] });
          upload = { fields: fields.data, files: parsed.files };
        }
        const result = await handler({
          req,
          reply,
          locale: req.locale,
          body: req.body,
          query: req.query,
          params: req.params,
          upload,
          caller: req.caller ?? null,
          scope: scopeOf(endpoint, req.caller),
          actor: actorOf(req),
          say: (k: MessageKey, p?: Params) => {
            message = t(req.locale, k, p);
          },
        });
        if (endpoint.response === 'file') return sendFile(reply, result as FileReply);
        return { success: true, code: 0, msg: message ?? t(req.locale, 'common.success'), obj: result };
      },
    });
  }
}

/** Refuses any route under the API root that was not registered from a declaration. */
export function guardUndeclaredRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_ROOT}/`)) return;
    if (!(route.config as { endpoint?: Endpoint } | undefined)?.endpoint)
      throw new Error(`Route ${route.method} ${route.url} is not declared: add it to packages/contracts and register it through registerEndpoints`);
  });
}
