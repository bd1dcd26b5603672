import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** the body bytes exactly as received (JSON and multipart): uploads are parsed from these */
    rawBody?: Buffer;
    /** hex SHA-256 of the body bytes, computed as they arrived: signatures are checked over it */
    bodySha256?: string;
  }
}

export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

class BodyTooLarge extends Error {
  readonly code = 'FST_ERR_CTP_BODY_TOO_LARGE';
  readonly statusCode = 413;
}

/**
 * Reads a body stream whole, hashing it chunk by chunk, within the route's body limit. Nothing
 * is parsed or written before the signature over these bytes has been checked.
 */
function readHashed(request: FastifyRequest, payload: NodeJS.ReadableStream, done: (err: Error | null, body?: Buffer) => void) {
  const limit = request.routeOptions.bodyLimit ?? 1_048_576;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return done(new BodyTooLarge());
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  let failed = false;
  payload.on('data', (chunk: Buffer) => {
    if (failed) return;
    size += chunk.length;
    if (size > limit) {
      failed = true;
      return done(new BodyTooLarge());
    }
    hash.update(chunk);
    chunks.push(chunk);
  });
  payload.on('error', (err: Error) => {
    if (!failed) {
      failed = true;
      done(err);
    }
  });
  payload.on('end', () => {
    if (failed) return;
    request.bodySha256 = hash.digest('hex');
    done(null, Buffer.concat(chunks, size));
  });
}

/**
 * An upload over the whole body's limit: the error its one declared file answers when too large
 * (a 3 MB licence image says "at most 2 MB", as a 2 MB + 1 byte one does), else none.
 */
function uploadTooLarge(request: FastifyRequest): AppError | null {
  const files = Object.values(request.routeOptions.config.endpoint?.multipart?.files ?? {});
  return files.length === 1 && files[0].tooLarge ? new AppError(files[0].tooLarge) : null;
}

/**
 * Bodies are kept as raw bytes and their hash, for signature checks: JSON is then parsed (bad
 * JSON answers 28001); multipart stays raw until the endpoint parses it after the check.
 */
export const bodyPlugin = fp(async (app: FastifyInstance) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', (request, payload, done) => {
    readHashed(request, payload, (err, body) => {
      if (err || !body) return done(err ?? null, undefined);
      request.rawBody = body;
      if (body.length === 0) return done(null, undefined);
      try {
        done(null, JSON.parse(body.toString('utf8')));
      } catch {
        done(new AppError(28001), undefined);
      }
    });
  });
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    readHashed(request, payload, (err, body) => {
      if (err instanceof BodyTooLarge) return done(uploadTooLarge(request) ?? err, undefined);
      if (err || !body) return done(err ?? null, undefined);
      request.rawBody = body;
      done(null, undefined);
    });
  });
});
