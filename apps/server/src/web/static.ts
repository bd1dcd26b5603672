import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { apiNotFound } from '../plugins/envelope.js';

/**
 * Serves the built web app: hashed assets cached for a year, every other GET that accepts HTML
 * answered with index.html so the client router takes over. API paths answer the envelope 404.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = !!webDist && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes(`${join('assets', '/')}`) || path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.get('/assets/*', (req, reply) => reply.sendFile(`assets/${(req.params as { '*': string })['*']}`));
  }
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) return apiNotFound(req, reply);
    if (hasWeb && req.method === 'GET') {
      const file = req.url.split('?')[0].slice(1);
      if (file && !file.includes('..') && existsSync(join(webDist!, file)) && !file.endsWith('/')) return reply.sendFile(file);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return apiNotFound(req, reply);
  });
}
