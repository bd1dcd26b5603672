/**
 * How one filter is kept in the URL query: read from its text (undefined drops a value the API
 * would refuse) and written back. A field with a fallback reads as it when absent and is left out
 * of the URL when equal to it, so the URL stays short.
 */
export type UrlField<V> = { parse(raw: string): V | undefined; format(value: V): string; fallback?: V; key?: string };

/** The URL fields of a filter set, one per filter. */
export type UrlFields<F> = { [K in keyof F]-?: UrlField<NonNullable<F[K]>> };

/** Free text, trimmed and cut to `max` characters. */
export function textField(max: number, key?: string): UrlField<string> {
  return { parse: (raw) => raw.trim().slice(0, max) || undefined, format: (v) => v.trim(), key };
}

/** Text matching a pattern (an id, digits). */
export function patternField(re: RegExp, key?: string): UrlField<string> {
  return { parse: (raw) => (re.test(raw) ? raw : undefined), format: (v) => v, key };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record's id (a UUID). */
export function idField(key?: string): UrlField<string> {
  return patternField(UUID_RE, key);
}

/** One of a set of values; with a fallback, that value when absent or unknown. */
export function oneOfField<V extends string>(values: readonly V[], fallback?: V, key?: string): UrlField<V> {
  return { parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as V) : undefined), format: (v) => v, fallback, key };
}

/** A yes/no filter, written as 1 or 0. */
export function flagField(key?: string): UrlField<boolean> {
  return { parse: (raw) => (raw === '1' ? true : raw === '0' ? false : undefined), format: (v) => (v ? '1' : '0'), key };
}

/** A calendar day, YYYY-MM-DD. */
export function dayField(key?: string): UrlField<string> {
  return patternField(/^\d{4}-\d{2}-\d{2}$/, key);
}

/**
 * A key of a list's URL query. Two lists on one page (tabs kept mounted, or two cards) each take a
 * prefix, so their keys do not collide: `ledger` makes `page` `ledgerPage` and `reason` `ledgerReason`.
 */
export function listKey(key: string, prefix?: string): string {
  return prefix ? `${prefix}${key.charAt(0).toUpperCase()}${key.slice(1)}` : key;
}

/** A list's page in the URL: `page` (1 left out) and `size` (the default left out), prefixed as the list's keys are. */
export type Page = { pageNum: number; pageSize: number };

/** The last page a link may ask for: beyond it the list answers nothing useful. */
const MAX_PAGE = 10_000;

export function readPage(params: URLSearchParams, sizes: readonly number[], defaultSize: number, prefix?: string): Page {
  const pageNum = Math.min(MAX_PAGE, Math.max(1, Number.parseInt(params.get(listKey('page', prefix)) ?? '1', 10) || 1));
  const sizeRaw = Number.parseInt(params.get(listKey('size', prefix)) ?? '', 10);
  return { pageNum, pageSize: sizes.includes(sizeRaw) ? sizeRaw : defaultSize };
}

/** Whether any filter is set (a list's empty state then says nothing matched, not that there is nothing). */
export const anyFilter = (filters: object): boolean => Object.values(filters).some((v) => v !== undefined);

export function readFilters<F extends object>(params: URLSearchParams, fields: UrlFields<F>, prefix?: string): F {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields) as [string, UrlField<unknown>][]) {
    const raw = params.get(listKey(field.key ?? name, prefix));
    const value = raw === null ? undefined : field.parse(raw);
    if (value !== undefined) out[name] = value;
    else if (field.fallback !== undefined) out[name] = field.fallback;
  }
  return out as F;
}

/**
 * The query of a list's filters and page written over `base`: the list's own keys are replaced,
 * any other (an open detail's id) is kept.
 */
export function writeListQuery<F extends object>(
  base: URLSearchParams,
  fields: UrlFields<F>,
  filters: F,
  page: Page,
  defaultSize: number,
  prefix?: string,
): URLSearchParams {
  const out = new URLSearchParams(base);
  for (const [name, field] of Object.entries(fields) as [string, UrlField<unknown>][]) {
    const key = listKey(field.key ?? name, prefix);
    const value = (filters as Record<string, unknown>)[name];
    const text = value === undefined || value === field.fallback ? '' : field.format(value);
    if (text) out.set(key, text);
    else out.delete(key);
  }
  const pageKey = listKey('page', prefix);
  const sizeKey = listKey('size', prefix);
  if (page.pageNum > 1) out.set(pageKey, String(page.pageNum));
  else out.delete(pageKey);
  if (page.pageSize !== defaultSize) out.set(sizeKey, String(page.pageSize));
  else out.delete(sizeKey);
  return out;
}
