import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';

/**
 * The probes a load balancer asks (docs/scaling.md): `/healthz` says the process answers and
 * touches nothing; `/readyz` says it can serve — the database answers and holds this build's
 * migrations — and shows the read replica's lag. Outside the API: no signature, no envelope.
 */
const draining = new WeakSet<FastifyInstance>();

/**
 * From now on `/readyz` answers 503 `draining`: the load balancer stops sending new requests
 * while the process still serves what arrives (docs/scaling.md "Rolling restarts").
 */
export function startDraining(app: FastifyInstance): void {
  draining.add(app);
}

export function registerHealthProbes(app: FastifyInstance, database: Database): void {
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const r = await database.readiness();
    const ready = r.ready && !draining.has(app);
    reply.code(ready ? 200 : 503).header('cache-control', 'no-store');
    return draining.has(app) ? { ...r, ready, draining: true } : r;
  });
}
