import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { publicLimitOf } from '../http/public-limits.js';
import { assertWithin, RateLimited } from '../lib/rate-limits.js';

/**
 * Every public endpoint is limited per client address (request.ip: see RRP_TRUST_PROXY), by
 * its entry in PUBLIC_LIMITS, before its body is even read. Over the limit it answers 29013
 * (HTTP 429). Every 429 the API gives, here or in a handler, carries `Retry-After` in seconds.
 * A public route without a limit stops the app at start.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { database: Database }) => {
  const { database } = opts;

  app.addHook('onRoute', (route) => {
    const config = route.config as { endpoint?: { principal: string }; endpointKey?: string } | undefined;
    if (config?.endpoint?.principal === 'public' && !publicLimitOf(config.endpointKey ?? ''))
      throw new Error(`Public endpoint ${config.endpointKey} has no rate limit: add it to PUBLIC_LIMITS (apps/server/src/http/public-limits.ts)`);
  });

  app.addHook('onRequest', async (request) => {
    const { endpoint, endpointKey } = request.routeOptions.config;
    if (endpoint?.principal !== 'public' || !endpointKey) return;
    const limit = publicLimitOf(endpointKey);
    if (!limit) throw new Error(`no rate limit for ${endpointKey}`);
    await assertWithin(database, { bucket: endpointKey, subject: request.ip, max: limit.max, windowMs: limit.windowS * 1000 }, 29013, (t) => ({
      message: 'common.retryIn',
      params: { seconds: t.retryAfterS },
    }));
  });

  app.addHook('onError', async (_request, reply, error: unknown) => {
    if (error instanceof RateLimited) reply.header('retry-after', String(error.retryAfterS));
  });
});
