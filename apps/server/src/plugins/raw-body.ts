import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the body bytes exactly as received: signatures are checked over these */
    rawBody?: Buffer;
  }
}

/** JSON bodies are kept as raw bytes for signature checks, then parsed; bad JSON answers 28001. */
export const rawBodyPlugin = fp(async (app: FastifyInstance) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    request.rawBody = body;
    if (body.length === 0) return done(null, undefined);
    try {
      done(null, JSON.parse(body.toString('utf8')));
    } catch {
      done(new AppError(28001), undefined);
    }
  });
});
