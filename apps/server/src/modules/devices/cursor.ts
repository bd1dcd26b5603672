import type { TDeviceListRequest } from '@rrp/contracts';
import { AppError } from '../../plugins/errors.js';

type SortKey = TDeviceListRequest['sort'];

/** The type of each sort's key, as the list query casts it: a cursor's key must be a value of it. */
const KEY_TYPES: Record<SortKey, 'timestamptz' | 'bigint'> = {
  created_desc: 'timestamptz',
  usage_yesterday_desc: 'bigint',
  usage_yesterday_asc: 'bigint',
  usage_month_desc: 'bigint',
  usage_month_asc: 'bigint',
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BIGINT_MAX = 9_223_372_036_854_775_807n;
/** PostgreSQL's text form of a timestamptz: `2026-01-31 08:15:00.123456+00` (offset minutes optional). */
const TIMESTAMPTZ_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:[+-](\d{2})(?::?(\d{2}))?|Z)$/;

function validTimestamp(text: string): boolean {
  const m = TIMESTAMPTZ_RE.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second, offsetH, offsetM] = m.slice(1).map((v) => Number(v ?? 0));
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    offsetH < 16 &&
    offsetM < 60
  );
}

function validKey(sort: SortKey, key: string): boolean {
  if (KEY_TYPES[sort] === 'timestamptz') return validTimestamp(key);
  return /^\d{1,19}$/.test(key) && BigInt(key) <= BIGINT_MAX;
}

/** The cursor: base64url of [sort, last sort key, last id]; bound to its sort. */
export const encodeCursor = (sort: SortKey, key: string, id: string) => Buffer.from(JSON.stringify([sort, key, id])).toString('base64url');

/**
 * A cursor back to its key and id, refused (28002, the page cursor) unless it is one this list
 * could have given for this sort: the key a value of the sort's type, the id a UUID. A forged
 * cursor never reaches the query, where its cast would fail.
 */
export function decodeCursor(sort: SortKey, cursor: string): { key: string; id: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (Array.isArray(parsed) && parsed.length === 3) {
    const [s, key, id] = parsed;
    if (s === sort && typeof key === 'string' && typeof id === 'string' && UUID_RE.test(id) && validKey(sort, key)) return { key, id };
  }
  throw new AppError(28002, { field: 'cursor' });
}
