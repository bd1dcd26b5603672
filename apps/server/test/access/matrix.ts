import { randomUUID } from 'node:crypto';
import { type ApiKey, type Endpoint, parseKey, signedHeaders } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { arr } from '../../src/db/arrays.js';
import type { Database } from '../../src/db/client.js';
import { multipartBody, type Part } from '../devices.js';
import type { Session } from '../helper.js';
import type { CallerName, Fixtures } from './fixtures.js';

/** What a call must answer: success, or an error code. */
export type Expect = 'ok' | number;

/** One call of a route: its body, query, path parameters or multipart parts; `as` replaces the caller's session. */
export type MatrixRequest = {
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string>;
  parts?: Part[];
  as?: Session;
};

/**
 * A route's row: how to call it (built afresh for each caller, so a call that deletes or changes a
 * record gets its own) and the answers that differ from the defaults of its declaration.
 */
export type MatrixRow = {
  request?: (fx: Fixtures, caller: CallerName) => MatrixRequest | Promise<MatrixRequest>;
  expect?: Partial<Record<CallerName, Expect>>;
  /** a list route whose answer names none of the owner's records by design: why */
  ownerRowsAbsent?: string;
};
export type MatrixRows = Partial<Record<ApiKey, MatrixRow>>;

export const NOT_SIGNED_IN = 22007;
export const NO_PERMISSION = 10002;
export const UNVERIFIED = 28003;

/**
 * The answers a route's declaration implies: nobody is not signed in; a member route refuses the
 * staff, and a member lacking its code; a staff route refuses every member. Public routes
 * are called by nobody only; device routes by nobody and by the member and staff sessions.
 */
export function defaultExpect(endpoint: Endpoint, caller: CallerName): Expect | 'skip' {
  if (endpoint.principal === 'public') return caller === 'nobody' ? 'ok' : 'skip';
  // a provider's notification without the provider's signature is refused as unauthenticated
  if (endpoint.principal === 'provider') return caller === 'nobody' ? UNVERIFIED : 'skip';
  if (caller === 'nobody') return NOT_SIGNED_IN;
  if (endpoint.principal === 'staff') return caller === 'staff' ? 'ok' : NO_PERMISSION;
  if (endpoint.principal === 'device') return caller === 'holder' || caller === 'staff' ? NOT_SIGNED_IN : 'skip';
  if (caller === 'staff') return NO_PERMISSION;
  if (caller === 'lacking') return endpoint.permission ? NO_PERMISSION : 'ok';
  return 'ok';
}

export type Answer = { status: number; code: number | null; body: string };

/** Calls a route as the web client does: signed (unless nobody), JSON, a query string, or multipart. */
export async function callRoute(fx: Fixtures, key: ApiKey, session: Session | null, req: MatrixRequest): Promise<Answer> {
  const { method, path: template } = parseKey(key);
  let path = template.replace(/:(\w+)/g, (_, p: string) => encodeURIComponent(req.params?.[p] ?? 'missing'));
  if (req.query) path += `?${new URLSearchParams(req.query).toString()}`;
  const url = path;
  let payload: Buffer | string | undefined;
  let contentType: string | undefined;
  if (req.parts) ({ body: payload, contentType } = multipartBody(req.parts));
  else if (method === 'POST') {
    payload = JSON.stringify(req.body ?? {});
    contentType = 'application/json';
  }
  const headers: Record<string, string> = { 'accept-language': 'en' };
  if (contentType) headers['content-type'] = contentType;
  if (session)
    Object.assign(
      headers,
      await signedHeaders({
        secretKey: session.secretKey,
        token: session.token,
        method,
        url,
        body: payload ?? '',
        timestamp: Date.now(),
        requestId: randomUUID(),
      }),
    );
  const res = await fx.t.app.inject({ method, url, headers, payload, remoteAddress: '10.8.0.1' });
  let code: number | null = null;
  if (res.headers['content-type']?.toString().includes('application/json')) code = (res.json() as { code?: number }).code ?? null;
  else if (res.statusCode === 200) code = 0;
  return { status: res.statusCode, code, body: res.body };
}

export const succeeded = (a: Answer) => a.status === 200 && a.code === 0;

/**
 * Tables a refused call may touch without changing anything: replay guards, sessions' last use,
 * rate counters, queued jobs, the record of refused payment notifications.
 */
const VOLATILE = new Set(['used_request_ids', 'sessions', 'rate_limits', 'captchas', 'rsa_keys', 'jobs', 'meta', 'payment_events']);

let tables: string[] | null = null;

/** One fingerprint of every table's rows: equal before and after a refused call, or that call changed something. */
export async function digest(database: Database): Promise<string> {
  tables ??= (
    await database.rows<{ name: string }>(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    )
  )
    .map((r) => r.name)
    .filter((n) => !VOLATILE.has(n) && !n.startsWith('__'));
  const parts = tables.map((n) => `SELECT '${n}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${n}" x`);
  const rows = await database.rows<{ t: string; h: string }>(sql.raw(parts.join(' UNION ALL ')));
  return rows
    .map((r) => `${r.t}:${r.h}`)
    .sort()
    .join(',');
}

/** Columns whose values name one record of a company, long enough never to occur by chance in another answer. */
const MARKER_COLUMNS = new Set(['imei', 'iccid', 'eid', 'order_no', 'work_order_no', 'remittance_code', 'ac_code', 'key_id', 'email']);

/**
 * What names the owner's records: the uuid ids of every row of a tenant table (one with a
 * company_id) belonging to one of `companyIds`, and their IMEIs, ICCIDs, order numbers and
 * the like. An answer to another company holding one of them leaked the owner's data.
 */
let markerColumns: { table: string; column: string }[] | null = null;

export async function ownerMarkers(database: Database, companyIds: string[]): Promise<Set<string>> {
  // every test database runs the same migrations: the columns are looked up once
  markerColumns ??= (
    await database.rows<{ table: string; column: string; type: string }>(sql`
      SELECT c.table_name AS "table", c.column_name AS "column", c.data_type AS "type"
      FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND c.table_name IN (SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'company_id')`)
  ).filter((c) => (c.column === 'id' && c.type === 'uuid') || (MARKER_COLUMNS.has(c.column) && (c.type === 'text' || c.type.startsWith('character'))));
  if (markerColumns.length === 0) return new Set();
  const owners = arr(companyIds, 'uuid');
  const parts = markerColumns.map(
    (c) =>
      sql`SELECT ${sql.identifier(c.column)}::text AS v FROM ${sql.identifier(c.table)} WHERE company_id = ANY (${owners}) AND ${sql.identifier(c.column)} IS NOT NULL`,
  );
  const rows = await database.rows<{ v: string }>(sql.join(parts, sql` UNION `));
  return new Set(rows.map((r) => r.v).filter((v) => v.length >= 12));
}

/** The owner's markers an answer holds. */
export function leakedMarkers(body: string, markers: Set<string>): string[] {
  const found: string[] = [];
  for (const m of markers) if (body.includes(m)) found.push(m);
  return found;
}

export async function auditCount(database: Database, action: string): Promise<number> {
  const [r] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_events WHERE action = ${action}`);
  return r.n;
}
