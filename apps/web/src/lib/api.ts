import type { ApiBody, ApiFields, ApiKey, ApiParams, ApiQuery, ApiResult, FileKey, JsonKey, MultipartKey, PrincipalKey } from '@rrp/contracts';
import { API_ROOT } from '@rrp/contracts/constants';
import { type RequestOptions, readEnvelope, readFile, saveBlob, transport } from './http';
import { encodeMultipart } from './multipart';

/*
 * Calls to the declared endpoints (packages/contracts), typed from their schemas: the key
 * says method and path, the body and the answer follow from it. Only types come from the
 * contracts, so no schema code reaches the browser.
 */

type PublicKey = PrincipalKey<'public'>;
/** JSON endpoints of signed-in people (members and staff). */
export type SignedJsonKey = Exclude<JsonKey, PublicKey>;
export type PublicJsonKey = Extract<JsonKey, PublicKey>;

type BodyArgs<K extends ApiKey> = undefined extends ApiBody<K> ? [body?: ApiBody<K>, opts?: RequestOptions] : [body: ApiBody<K>, opts?: RequestOptions];

/** Method and URL of a key, path parameters filled and the query appended in order. */
export function endpointUrl<K extends ApiKey>(key: K, params?: ApiParams<K>, query?: ApiQuery<K>): { method: 'GET' | 'POST'; url: string } {
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as 'GET' | 'POST';
  const path = key
    .slice(space + 1)
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String((params as Record<string, unknown> | undefined)?.[name] ?? '')));
  const qs = query
    ? Object.entries(query as Record<string, string | number>)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
        .join('&')
    : '';
  return { method, url: `${API_ROOT}${path}${qs ? `?${qs}` : ''}` };
}

function jsonCall<T>(key: string, body: unknown, sign: boolean, opts?: RequestOptions): Promise<T> {
  const { method, url } = endpointUrl(key as ApiKey);
  const payload = method === 'POST' ? { bytes: JSON.stringify(body ?? {}), contentType: 'application/json' } : null;
  return transport(method, url, payload, sign, opts).then((res) => readEnvelope<T>(res, url, opts));
}

/** A signed call of a member or staff endpoint: answers the envelope's obj, shows the error otherwise. */
export function api<K extends SignedJsonKey>(key: K, ...[body, opts]: BodyArgs<K>): Promise<ApiResult<K>> {
  return jsonCall(key, body, true, opts);
}

/** An unsigned call of a public endpoint (sign-in, registration, the country list). */
export function publicApi<K extends PublicJsonKey>(key: K, ...[body, opts]: BodyArgs<K>): Promise<ApiResult<K>> {
  return jsonCall(key, body, false, opts);
}

/** A signed multipart upload: its text fields and files, signed over the exact bytes sent. */
export async function upload<K extends MultipartKey>(key: K, fields: ApiFields<K>, files: Record<string, File>, opts?: RequestOptions): Promise<ApiResult<K>> {
  const { url } = endpointUrl(key);
  const parts = [
    ...Object.entries((fields ?? {}) as Record<string, string | undefined>)
      .filter((e): e is [string, string] => e[1] !== undefined)
      .map(([name, value]) => ({ name, value })),
    ...Object.entries(files).map(([name, file]) => ({ name, file, filename: file.name })),
  ];
  const payload = await encodeMultipart(parts);
  const res = await transport('POST', url, payload, true, opts);
  return readEnvelope<ApiResult<K>>(res, url, opts);
}

export type DownloadOptions<K extends FileKey> = RequestOptions & {
  params?: ApiParams<K>;
  query?: ApiQuery<K>;
  /** used when the answer names no file */
  fallbackName?: string;
};

/** A signed GET of a file endpoint kept in memory (an image to show) rather than saved. */
export async function fetchFile<K extends FileKey>(key: K, opts: DownloadOptions<K> = {}): Promise<Blob> {
  const { url } = endpointUrl(key, opts.params, opts.query);
  const res = await transport('GET', url, null, true, opts);
  return (await readFile(res, url, opts)).blob;
}

/** A signed GET of a file (spreadsheet export, template), saved under the name the answer gives. */
export async function download<K extends FileKey>(key: K, opts: DownloadOptions<K> = {}): Promise<string> {
  const { url } = endpointUrl(key, opts.params, opts.query);
  const res = await transport('GET', url, null, true, opts);
  const { blob, name } = await readFile(res, url, opts);
  const saved = name ?? opts.fallbackName ?? 'download';
  saveBlob(blob, saved);
  return saved;
}
