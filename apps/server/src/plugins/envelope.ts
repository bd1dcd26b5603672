import { errorMessage, type Locale, normalizeLocale } from '@rrp/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

/** Wraps a response schema in the envelope every JSON answer travels in. */
export function envelope<T extends z.ZodType>(obj: T) {
  return z.object({ success: z.boolean(), code: z.number().int(), msg: z.string(), obj });
}
export const emptyEnvelope = envelope(z.null());

export function ok<T>(request: FastifyRequest, obj: T) {
  return { success: true, code: 0, msg: request.locale === 'en' ? 'success' : '成功', obj };
}

function send(reply: FastifyReply, status: number, code: number, msg: string) {
  return reply.status(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send({ success: false, code, msg, obj: null });
}

/** Locale from Accept-Language, the envelope on every error, and no stack trace for a client. */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', async (request) => {
    request.locale = normalizeLocale(request.headers['accept-language']);
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    const locale = request.locale ?? 'zh-CN';
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return send(reply, error.status, error.code, error.message_(locale));
    }
    const err = error as FastifyError;
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field =
        String(first?.instancePath ?? '')
          .replace(/^\//, '')
          .split('/')[0] || String(first?.params?.missingProperty ?? '');
      return send(reply, 400, 28002, new AppError(28002, undefined, field || undefined).message_(locale));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return send(reply, 500, 10001, errorMessage(10001, locale));
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return send(reply, 400, 28001, errorMessage(28001, locale));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, 29011, errorMessage(29011, locale));
      case 'FST_ERR_VALIDATION':
        return send(reply, 400, 28002, errorMessage(28002, locale));
    }
    if (err.statusCode === 429) return send(reply, 429, 29013, errorMessage(29013, locale));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(reply, err.statusCode, 28002, errorMessage(28002, locale));
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, 500, 10001, errorMessage(10001, locale));
  });
});

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, 29012, errorMessage(29012, request.locale ?? 'zh-CN'));
}
