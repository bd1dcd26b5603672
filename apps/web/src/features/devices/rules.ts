import { DEVICE_STATUSES, type DeviceStatus, EXPORT_LIMITS, IMEI_RE, LIMITS } from '@rrp/contracts/constants';
import dayjs from '../../lib/dayjs';
import { flagField, idField, oneOfField, patternField, readFilters, readPage, textField, type UrlFields, writeListQuery } from '../../lib/list';
import type { ExportMode } from './api';

/** Import files: .xlsx only, at most 5 MB (the server also limits rows to LIMITS.importMaxRows). */
export const IMPORT_FILE_MAX_BYTES = 5 * 1024 * 1024;

export type FileProblem = 'extension' | 'size' | 'empty';

export function checkImportFile(file: { name: string; size: number }): FileProblem | null {
  if (!/\.xlsx$/i.test(file.name)) return 'extension';
  if (file.size <= 0) return 'empty';
  if (file.size > IMPORT_FILE_MAX_BYTES) return 'size';
  return null;
}

export type ParsedImeis = {
  /** valid, distinct IMEIs in the order given */
  imeis: string[];
  /** lines that are not 15 digits */
  invalid: string[];
  /** IMEIs given more than once */
  duplicates: string[];
  /** more than LIMITS.imeisPerOperation distinct IMEIs */
  tooMany: boolean;
};

/** One IMEI per line; blank lines and surrounding spaces are ignored. */
export function parseImeiLines(text: string, max: number = LIMITS.imeisPerOperation): ParsedImeis {
  const seen = new Set<string>();
  const imeis: string[] = [];
  const invalid: string[] = [];
  const duplicates = new Set<string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (!IMEI_RE.test(line)) {
      invalid.push(line);
      continue;
    }
    if (seen.has(line)) {
      duplicates.add(line);
      continue;
    }
    seen.add(line);
    imeis.push(line);
  }
  return { imeis, invalid, duplicates: [...duplicates], tooMany: imeis.length > max };
}

export type RangeProblem = 'required' | 'order' | 'dayTooLong' | 'monthCross' | 'customTooLong' | 'future';

/** Inclusive number of UTC days from start to end (YYYY-MM-DD). */
export function daysInclusive(start: string, end: string): number {
  return dayjs.utc(end).diff(dayjs.utc(start), 'day') + 1;
}

/**
 * The export window rules: start not later than end; day mode at most 3 days; month mode within
 * one calendar month; at most 90 days overall; nothing after today (UTC).
 */
export function checkExportRange(
  mode: ExportMode,
  start: string | null,
  end: string | null,
  today: string = dayjs.utc().format('YYYY-MM-DD'),
): RangeProblem | null {
  if (!start || !end) return 'required';
  if (start > end) return 'order';
  if (end > today) return 'future';
  const days = daysInclusive(start, end);
  if (mode === 'day' && days > EXPORT_LIMITS.dayModeMaxDays) return 'dayTooLong';
  if (mode === 'month' && start.slice(0, 7) !== end.slice(0, 7)) return 'monthCross';
  if (days > EXPORT_LIMITS.customMaxDays) return 'customTooLong';
  return null;
}

/** The range month mode exports: the month's first day to its last (or today, for this month). */
export function monthRange(month: string, today: string = dayjs.utc().format('YYYY-MM-DD')): { start: string; end: string } {
  const m = dayjs.utc(`${month}-01`);
  const last = m.endOf('month').format('YYYY-MM-DD');
  return { start: m.format('YYYY-MM-DD'), end: last > today ? today : last };
}

/** Longest span (days, inclusive) a range may have in a mode, for the date picker. */
export function maxSpanDays(mode: ExportMode): number {
  return mode === 'day' ? EXPORT_LIMITS.dayModeMaxDays : EXPORT_LIMITS.customMaxDays;
}

// ---- device list filters, kept in the URL query ----

export const LIST_SORTS = ['created_desc', 'usage_yesterday_desc', 'usage_yesterday_asc', 'usage_month_desc', 'usage_month_asc'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const LIST_PAGE_SIZES = [10, 20, 50, 100] as const;

/** The device list's filters (its page aside). */
export type DeviceListFilters = {
  name?: string;
  imei?: string;
  status?: DeviceStatus;
  online?: boolean;
  groupId?: string;
  sort: ListSort;
};

export type ListFilters = DeviceListFilters & { page: number; size: number };

export const LIST_DEFAULT_SIZE = 20;

/** How each filter is kept in the URL; values the API would refuse are dropped. */
export const DEVICE_LIST_FIELDS: UrlFields<DeviceListFilters> = {
  name: textField(LIMITS.deviceNameMax),
  imei: patternField(/^\d{1,15}$/),
  status: oneOfField(DEVICE_STATUSES),
  online: flagField(),
  groupId: idField('group'),
  sort: oneOfField(LIST_SORTS, 'created_desc'),
};

/** Reads the filters from the URL, dropping values the API would refuse. */
export function filtersFromQuery(params: URLSearchParams): ListFilters {
  const page = readPage(params, LIST_PAGE_SIZES, LIST_DEFAULT_SIZE);
  return { ...readFilters(params, DEVICE_LIST_FIELDS), page: page.pageNum, size: page.pageSize };
}

/** The URL query of a set of filters; defaults are left out so the URL stays short. */
export function filtersToQuery({ page = 1, size = LIST_DEFAULT_SIZE, ...f }: Partial<ListFilters>): URLSearchParams {
  const filters: DeviceListFilters = { sort: 'created_desc', ...f };
  return writeListQuery(new URLSearchParams(), DEVICE_LIST_FIELDS, filters, { pageNum: page, pageSize: size }, LIST_DEFAULT_SIZE);
}

/** The /device/list request for a set of filters. */
export function listRequest(f: ListFilters) {
  return {
    pageNum: f.page,
    pageSize: f.size,
    sort: f.sort,
    ...(f.name ? { name: f.name } : {}),
    ...(f.imei ? { imei: f.imei } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.online !== undefined ? { online: f.online } : {}),
    ...(f.groupId ? { groupId: f.groupId } : {}),
  };
}

/** Milliseconds until a card switch is allowed again (0: now). */
export function switchWaitMs(switchAvailableAt: string | null, now: number = Date.now()): number {
  if (!switchAvailableAt) return 0;
  const at = Date.parse(switchAvailableAt);
  return Number.isFinite(at) ? Math.max(0, at - now) : 0;
}

/** "m:ss" of a duration. */
export function formatCountdown(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
