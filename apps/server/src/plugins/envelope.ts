import { type Endpoint, type ErrorCode, errorStatus, type Locale, labelAt, normalizeLocale } from '@rrp/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorText, inLocale, t } from '../i18n/index.js';
import { isInputFault, sqlStateOf } from '../lib/db-errors.js';
import { AppError, type LabelLookup } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

/** Wraps a response schema in the envelope every JSON answer travels in. */
export function envelope<T extends z.ZodType>(obj: T) {
  return z.object({ success: z.boolean(), code: z.number().int(), msg: z.string(), obj });
}

function send(reply: FastifyReply, status: number, code: number, msg: string) {
  return reply.status(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send({ success: false, code, msg, obj: null });
}

/** Labels of the failing endpoint's request fields: body, query, path parameters, upload fields. */
function labelsOf(endpoint: Endpoint | undefined): LabelLookup {
  return (path) => {
    if (!endpoint) return null;
    for (const s of [endpoint.body, endpoint.query, endpoint.params, endpoint.multipart?.fields]) {
      const l = labelAt(s, path);
      if (l) return l;
    }
    return null;
  };
}

/** A validation issue as fastify-type-provider-zod reports it (the zod issue's code, path and details). */
type ZodIssueLike = { keyword?: string; instancePath?: string; params?: { maximum?: unknown; origin?: string } };

/** The text of a validation failure: the field by its label, and the limit when a text is too long. */
function validationText(issue: ZodIssueLike | undefined, endpoint: Endpoint | undefined, locale: Locale): string {
  const path: PropertyKey[] = String(issue?.instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const base = errorText(28002, locale);
  if (path.length === 0) return base;
  const label = labelsOf(endpoint)(path);
  const name = label ? inLocale(label, locale) : path.join('.');
  const max = issue?.params?.maximum;
  if (issue?.keyword === 'too_big' && issue.params?.origin === 'string' && typeof max === 'number')
    return t(locale, 'common.invalidField', { message: base, field: t(locale, 'common.tooLong', { field: name, max }) });
  return t(locale, 'common.invalidField', { message: base, field: name });
}

const code = (c: ErrorCode) => ({ status: errorStatus(c), code: c });

/** Locale from Accept-Language, the envelope on every error, and no stack trace for a client. */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onRequest', async (request) => {
    request.locale = normalizeLocale(request.headers['accept-language']);
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    const locale = request.locale ?? 'zh-CN';
    const endpoint = request.routeOptions?.config?.endpoint;
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      return send(reply, error.status, error.code, error.text(locale, labelsOf(endpoint)));
    }
    const err = error as FastifyError;
    if (hasZodFastifySchemaValidationErrors(err)) {
      return send(reply, 400, 28002, validationText(err.validation[0] as ZodIssueLike, endpoint, locale));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return send(reply, 500, 10001, errorText(10001, locale));
    }
    const fail = (c: ErrorCode) => send(reply, code(c).status, c, errorText(c, locale));
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return fail(28001);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return fail(29011);
      case 'FST_ERR_VALIDATION':
        return fail(28002);
    }
    if (err.statusCode === 429) return fail(29013);
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return send(reply, err.statusCode, 28002, errorText(28002, locale));
    const sqlState = sqlStateOf(err);
    if (isInputFault(sqlState)) {
      // the last resort: a value the request's schema let through and the database refused
      request.log.warn({ err, sqlState }, 'database refused a request value: answered 28002');
      return fail(28002);
    }
    request.log.error({ err }, 'unhandled error');
    return fail(10001);
  });
});

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, 29012, errorText(29012, request.locale ?? 'zh-CN'));
}
