import { type Endpoint, labelAt, printable, refusedTextAt, textAllowed } from '@rrp/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { inLocale, t } from '../i18n/index.js';
import { AppError } from './errors.js';

/** 28002 for a text with characters that may not be stored, naming the field (in the request's language). */
function refused(request: FastifyRequest, field: string): AppError {
  return new AppError(28002, { detail: t(request.locale ?? 'zh-CN', 'common.badText', { field }) });
}

/** Refuses a request value with a control character or broken text anywhere in it (see refusedTextAt). */
export function checkText(request: FastifyRequest, schema: z.ZodType | undefined, value: unknown): void {
  const path = refusedTextAt(schema, value);
  if (!path) return;
  const label = labelAt(schema, path);
  throw refused(request, label ? inLocale(label, request.locale ?? 'zh-CN') : printable(path.map(String).join('.')) || '-');
}

/** Refuses an uploaded file whose name has characters that may not be stored. */
export function checkFileName(request: FastifyRequest, name: string): void {
  if (!textAllowed(name, false)) throw refused(request, t(request.locale ?? 'zh-CN', 'common.fileName'));
}

/**
 * A JSON body without a backslash holds no escape sequence, so none of its texts (keys included)
 * has a character checkText refuses: JSON.parse refuses raw control characters and UTF-8 decoding
 * yields no lone surrogate. Large bodies (a device report batch) then skip the walk.
 */
const plainJson = (request: FastifyRequest): boolean =>
  request.rawBody !== undefined && (request.headers['content-type'] ?? '').startsWith('application/json') && !request.rawBody.includes(0x5c);

/**
 * Every text of every declared request (body, query, path parameters; upload fields and file
 * names where the upload is parsed) before its schema sees it: a NUL or another control
 * character answers 28002 naming the field, instead of failing in the database. Runs after the
 * signature check, so an unsigned call still answers as one.
 */
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  // a callback hook, not an async one: it runs on every call and has nothing to wait for
  app.addHook('preValidation', (request, _reply, done) => {
    const endpoint: Endpoint | undefined = request.routeOptions.config.endpoint;
    try {
      if (endpoint) {
        checkText(request, endpoint.params, request.params);
        checkText(request, endpoint.query, request.query);
        if (!plainJson(request)) checkText(request, endpoint.body, request.body);
      }
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
});
