import { type Endpoint, parseKey } from '@rrp/contracts';
import fc from 'fast-check';
import type { z } from 'zod';
import { multipartBody, type Part } from '../devices.js';
import { jpeg } from '../images.js';
import { type Pool, shaped } from './arbitraries.js';
import { deepJson, garbageFile, HOSTILE_TEXTS, hostileText, RAW_BODIES } from './hostile.js';

/** One generated call of a route: its URL (path parameters and query filled in) and its body bytes. */
export type FuzzRequest = { method: 'GET' | 'POST'; url: string; payload?: Buffer | string; contentType?: string; note: string };

/** Percent-encodes a text as sent; a lone surrogate, which encodeURIComponent refuses, as the bytes a careless client would send. */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .split('')
      .map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c)))
      .join('');
  }
}

/** A generated value as the text of a query pair, a path segment or a form field. */
function asTexts(v: unknown): string[] {
  if (Array.isArray(v)) return v.slice(0, 5).flatMap(asTexts);
  if (v === undefined) return [];
  if (typeof v === 'string') return [v];
  if (v !== null && typeof v === 'object') return [JSON.stringify(v)];
  return [String(v)];
}

const shapeOf = (s: z.ZodType | undefined): Record<string, z.ZodType> =>
  ((s as unknown as { _zod?: { def: { shape?: Record<string, z.ZodType> } } })?._zod?.def.shape ?? {}) as Record<string, z.ZodType>;

function queryPairs(schema: z.ZodType | undefined, pool: Pool): fc.Arbitrary<string> {
  const pairs = fc
    .oneof({ weight: 4, arbitrary: shaped(schema, pool) }, { weight: 1, arbitrary: fc.dictionary(hostileText(), hostileText(), { maxKeys: 3 }) })
    .map((v) =>
      v !== null && typeof v === 'object' && !Array.isArray(v)
        ? Object.entries(v).flatMap(([k, x]) => asTexts(x).map((t) => `${encode(k)}=${encode(t)}`))
        : asTexts(v).map((t) => `q=${encode(t)}`),
    )
    .map((p) => p.join('&'));
  return fc.oneof(
    { weight: 6, arbitrary: pairs },
    { weight: 1, arbitrary: fc.constantFrom('a=%FF', 'x=%', '%00=1', 'a=%E0%A4%A', 'a[b]=1&a[c]=2', 'a=1&a=2&a=3', '=&=&&') },
  );
}

function pathOf(template: string, params: z.ZodType | undefined, pool: Pool): fc.Arbitrary<string> {
  const names = [...template.matchAll(/:(\w+)/g)].map((m) => m[1]);
  if (names.length === 0) return fc.constant(template);
  const shape = shapeOf(params);
  return fc.tuple(...names.map((n) => fc.oneof({ weight: 3, arbitrary: shaped(shape[n], pool) }, { weight: 1, arbitrary: hostileText() }))).map((values) => {
    let i = 0;
    return template.replace(/:(\w+)/g, () => encode(asTexts(values[i++])[0] ?? ''));
  });
}

const FILE_NAMES = ['devices.xlsx', 'licence.jpg', 'a.png', 'x', '', '..\\..\\boot.ini', 'файл.xlsx', '"quoted".xlsx', 'name\u0000.xlsx', 'n\r\nX: y'];
const FILE_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'image/jpeg',
  'image/png',
  'application/octet-stream',
  'text/plain',
  '',
];

function multipartRequest(endpoint: Endpoint, pool: Pool, realFiles: Buffer[]): fc.Arbitrary<{ payload: Buffer | string; contentType: string; note: string }> {
  const spec = endpoint.multipart as NonNullable<Endpoint['multipart']>;
  const file = fc.record({
    data: fc.oneof({ weight: 3, arbitrary: garbageFile }, { weight: 1, arbitrary: fc.constantFrom(...realFiles) }),
    filename: fc.oneof(fc.constantFrom(...FILE_NAMES), hostileText()),
    contentType: fc.constantFrom(...FILE_TYPES),
  });
  const parts = fc
    .tuple(
      shaped(spec.fields, pool),
      fc.tuple(
        ...Object.keys(spec.files).map((name) =>
          fc.option(
            file.map((f) => ({ name, ...f })),
            { nil: undefined },
          ),
        ),
      ),
      fc.array(fc.record({ name: hostileText(), value: hostileText() }), { maxLength: 2 }),
    )
    .map(([fields, files, extra]) => {
      const out: Part[] = [];
      if (fields !== null && typeof fields === 'object' && !Array.isArray(fields))
        for (const [k, v] of Object.entries(fields)) for (const t of asTexts(v)) out.push({ name: k, value: t });
      for (const f of files) if (f) out.push({ name: f.name, value: f.data, filename: f.filename.replace(/"/g, ''), contentType: f.contentType || undefined });
      out.push(...extra.map((e) => ({ name: e.name.replace(/"/g, ''), value: e.value })));
      const { body, contentType } = multipartBody(out);
      return {
        payload: body,
        contentType,
        note: `multipart ${out.map((p) => `${JSON.stringify(p.name)}${p.filename !== undefined ? `(file ${p.value.length} B)` : `=${JSON.stringify(String(p.value).slice(0, 40))}`}`).join(' ')}`,
      };
    });
  return fc.oneof(
    { weight: 6, arbitrary: parts },
    {
      weight: 1,
      arbitrary: fc
        .tuple(garbageFile, fc.constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=x', 'application/json'))
        .map(([payload, contentType]) => ({ payload, contentType, note: `raw ${contentType} (${payload.length} B)` })),
    },
  );
}

function jsonRequest(schema: z.ZodType | undefined, pool: Pool): fc.Arbitrary<{ payload: string; contentType: string; note: string }> {
  const asJson = (v: unknown) => {
    const payload = JSON.stringify(v) ?? 'null';
    return { payload, contentType: 'application/json', note: `json ${payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} chars)` : payload}` };
  };
  return fc.oneof(
    { weight: 12, arbitrary: shaped(schema ?? undefined, pool).map(asJson) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(asJson) },
    { weight: 1, arbitrary: deepJson.map((payload) => ({ payload, contentType: 'application/json', note: `json nested ${payload.length} chars deep` })) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...RAW_BODIES)
        .map((payload) => ({ payload, contentType: 'application/json', note: `raw ${JSON.stringify(payload.slice(0, 80))}` })),
    },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXTS.slice(0, 12)).map((payload) => ({ payload, contentType: 'text/plain', note: 'text/plain' })) },
  );
}

/** Generated calls of one declared route, from its declaration: path parameters, query, JSON or multipart body. */
export function requestsFor(key: string, endpoint: Endpoint, pool: Pool, realFiles: Buffer[]): fc.Arbitrary<FuzzRequest> {
  const { method, path } = parseKey(key);
  const query = method === 'GET' || endpoint.query ? fc.option(queryPairs(endpoint.query, pool), { nil: '', freq: 3 }) : fc.constant('');
  const body = method === 'GET' ? fc.constant(null) : endpoint.multipart ? multipartRequest(endpoint, pool, realFiles) : jsonRequest(endpoint.body, pool);
  return fc.tuple(pathOf(path, endpoint.params, pool), query, body).map(([p, q, b]) => ({
    method,
    url: q ? `${p}?${q}` : p,
    ...(b ? { payload: b.payload, contentType: b.contentType } : {}),
    note: b?.note ?? 'no body',
  }));
}

/** Real files for the upload routes: a decodable JPEG (the certification licence). */
export const realImages = (): Buffer[] => [jpeg({ width: 64, height: 48 }), jpeg({ width: 16, height: 16, components: 3 })];
