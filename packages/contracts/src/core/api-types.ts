import type { z } from 'zod';
import type { ENDPOINTS } from '../endpoints.js';
import type { MultipartSpec, Principal } from './endpoint.js';

/*
 * Types of the declared endpoints, for clients: import them with `import type`, so no zod
 * reaches a browser bundle. `ApiBody<'POST /rrp/device/list'>` is what to send,
 * `ApiResult<'POST /rrp/device/list'>` the envelope's obj that comes back.
 */

export type Endpoints = typeof ENDPOINTS;
export type ApiKey = keyof Endpoints & string;
type E<K extends ApiKey> = Endpoints[K];

/** The JSON body to send (defaults may be left out). */
export type ApiBody<K extends ApiKey> = E<K> extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
/** The query string pairs of a GET. */
export type ApiQuery<K extends ApiKey> = E<K> extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
/** The path parameters (`:taskId`). */
export type ApiParams<K extends ApiKey> = E<K> extends { params: infer P extends z.ZodType } ? z.input<P> : undefined;
/** The text fields of a multipart upload. */
export type ApiFields<K extends ApiKey> = E<K> extends { multipart: { fields: infer F extends z.ZodType } } ? z.input<F> : undefined;
/** The `obj` of a successful answer. */
export type ApiResult<K extends ApiKey> = E<K> extends { response: infer R extends z.ZodType } ? z.output<R> : never;

type KeysWhere<Cond> = { [K in ApiKey]: E<K> extends Cond ? K : never }[ApiKey];

export type PrincipalKey<P extends Principal> = KeysWhere<{ principal: P }>;
/** Endpoints answering a file rather than JSON. */
export type FileKey = KeysWhere<{ response: 'file' }>;
/** Endpoints taking a multipart upload. */
export type MultipartKey = KeysWhere<{ multipart: MultipartSpec }>;
/** Endpoints taking and answering JSON. */
export type JsonKey = Exclude<ApiKey, FileKey | MultipartKey>;
