import type { Readable } from 'node:stream';
import type { ApiKey, Endpoints, Locale, MultipartSpec } from '@rrp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { PlatformScope, TenantScope } from '../db/scope.js';
import type { MessageKey, Params } from '../i18n/index.js';
import type { Actor } from '../modules/audit/index.js';
import type { DeviceCaller, MemberCaller, SessionPreread, StaffCaller } from '../plugins/auth.js';

/** A file answer: a download (with a name) or an inline resource (the captcha image). */
export type FileReply = {
  contentType: string;
  body: Buffer | Readable | string;
  /** the download's name; without it the file is shown inline */
  filename?: string;
  cacheControl?: string;
};

export type UploadedFile = { fieldname: string; filename: string; mimetype: string; data: Buffer };

type E<K extends ApiKey> = Endpoints[K];
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

type CallerOf<P> = P extends 'member' ? MemberCaller : P extends 'staff' ? StaffCaller : P extends 'device' ? DeviceCaller : null;

/** What a handler receives: the validated request, the caller its principal declares, its scope. */
export type Ctx<K extends ApiKey> = {
  req: FastifyRequest;
  reply: FastifyReply;
  locale: Locale;
  body: E<K> extends { body: infer B } ? Out<B> : undefined;
  query: E<K> extends { query: infer Q } ? Out<Q> : undefined;
  params: E<K> extends { params: infer P } ? Out<P> : undefined;
  /** the text fields and files of a multipart upload, read after the signature was checked */
  upload: E<K> extends { multipart: MultipartSpec & { fields: infer F } } ? { fields: Out<F>; files: Record<string, UploadedFile | undefined> } : undefined;
  caller: CallerOf<E<K>['principal']>;
  /** the companies the endpoint's declared scope reaches: the caller's (member and device endpoints), every one (staff endpoints declared `platform`) */
  scope: E<K>['principal'] extends 'member' | 'device' ? TenantScope : E<K>['scope'] extends 'platform' ? PlatformScope : undefined;
  /** who is acting, for the audit event a change writes (anonymous on public endpoints) */
  actor: Actor;
  /** replaces the success message ("login successful") */
  say(key: MessageKey, params?: Params): void;
};

/** What a handler returns: the envelope's obj (checked against the response schema), or a file. */
export type Result<K extends ApiKey> =
  E<K> extends { response: 'file' } ? FileReply : E<K> extends { response: infer R extends z.ZodType } ? z.input<R> : never;

export type Handler<K extends ApiKey> = (ctx: Ctx<K>) => Promise<Result<K>> | Result<K>;

/** A handler whose every call reads `preread` with the session (plugins/auth.ts); it finds the value in req.preread. */
export type PrereadHandler<K extends ApiKey> = Handler<K> & { preread: SessionPreread };

export function withPreread<K extends ApiKey>(preread: SessionPreread, handler: Handler<K>): PrereadHandler<K> {
  return Object.assign(handler, { preread });
}

/** One handler per declared endpoint: the app does not compile with one missing or one extra. */
export type HandlerMap = { [K in ApiKey]: Handler<K> };

/** A module's handlers, keyed by the endpoints they implement (an undeclared key does not compile). */
export function handlers<K extends ApiKey>(map: { [P in K]: Handler<P> }): { [P in K]: Handler<P> } {
  return map;
}
