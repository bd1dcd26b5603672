import { describe, expect, test } from 'vitest';
import { checkExportRange, checkImportFile, filtersFromQuery, filtersToQuery, listRequest, monthRange, parseImeiLines, switchWaitMs } from './rules';

const TODAY = '2026-11-21';

describe('export date-range rules', () => {
  test('day mode: up to 3 days inclusive', () => {
    expect(checkExportRange('day', '2026-11-18', '2026-11-20', TODAY)).toBeNull();
    expect(checkExportRange('day', '2026-11-18', '2026-11-21', TODAY)).toBe('dayTooLong');
    expect(checkExportRange('day', '2026-11-20', '2026-11-20', TODAY)).toBeNull();
  });

  test('start must not be later than end; both are required', () => {
    expect(checkExportRange('custom', '2026-11-10', '2026-11-09', TODAY)).toBe('order');
    expect(checkExportRange('day', null, '2026-11-09', TODAY)).toBe('required');
    expect(checkExportRange('day', '2026-11-09', null, TODAY)).toBe('required');
  });

  test('month mode: one calendar month, never across months', () => {
    expect(checkExportRange('month', '2026-10-01', '2026-10-31', TODAY)).toBeNull();
    expect(checkExportRange('month', '2026-10-15', '2026-11-02', TODAY)).toBe('monthCross');
  });

  test('custom mode: at most 90 days inclusive', () => {
    expect(checkExportRange('custom', '2026-08-24', '2026-11-21', TODAY)).toBeNull(); // 90 days
    expect(checkExportRange('custom', '2026-08-23', '2026-11-21', TODAY)).toBe('customTooLong'); // 91 days
  });

  test('days after today (UTC) are refused', () => {
    expect(checkExportRange('day', '2026-11-21', '2026-11-22', TODAY)).toBe('future');
  });

  test('month range: whole past month, this month up to today, leap February', () => {
    expect(monthRange('2026-10', TODAY)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(monthRange('2026-11', TODAY)).toEqual({ start: '2026-11-01', end: TODAY });
    expect(monthRange('2024-02', TODAY)).toEqual({ start: '2024-02-01', end: '2024-02-29' });
  });
});

describe('migrate IMEI list', () => {
  test('one per line; blanks and spaces ignored; invalid lines and repeats reported', () => {
    const p = parseImeiLines(' 861234567890123 \n\n861234567890124\r\nabc\n86123\n861234567890123\n');
    expect(p.imeis).toEqual(['861234567890123', '861234567890124']);
    expect(p.invalid).toEqual(['abc', '86123']);
    expect(p.duplicates).toEqual(['861234567890123']);
    expect(p.tooMany).toBe(false);
  });

  test('at most 100 distinct IMEIs', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => String(860000000000000 + i)).join('\n');
    expect(parseImeiLines(lines(100)).tooMany).toBe(false);
    expect(parseImeiLines(lines(101)).tooMany).toBe(true);
    expect(parseImeiLines(lines(101)).imeis).toHaveLength(101);
  });

  test('16 digits is not an IMEI', () => {
    expect(parseImeiLines('8612345678901234').invalid).toEqual(['8612345678901234']);
  });
});

describe('import file check', () => {
  test('xlsx only, not empty, at most 5 MB', () => {
    expect(checkImportFile({ name: 'devices.xlsx', size: 1000 })).toBeNull();
    expect(checkImportFile({ name: 'DEVICES.XLSX', size: 1000 })).toBeNull();
    expect(checkImportFile({ name: 'devices.xls', size: 1000 })).toBe('extension');
    expect(checkImportFile({ name: 'devices.csv', size: 1000 })).toBe('extension');
    expect(checkImportFile({ name: 'devices.xlsx', size: 0 })).toBe('empty');
    expect(checkImportFile({ name: 'devices.xlsx', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkImportFile({ name: 'devices.xlsx', size: 5 * 1024 * 1024 + 1 })).toBe('size');
  });
});

describe('list filters in the URL', () => {
  test('round trip keeps every filter; defaults stay out of the URL', () => {
    const f = filtersFromQuery(
      new URLSearchParams('name=pump&imei=8612&status=esim&online=0&group=0b9a1459-0000-4000-8000-000000000001&sort=usage_month_desc&page=3&size=50'),
    );
    expect(f).toEqual({
      name: 'pump',
      imei: '8612',
      status: 'esim',
      online: false,
      groupId: '0b9a1459-0000-4000-8000-000000000001',
      sort: 'usage_month_desc',
      page: 3,
      size: 50,
    });
    expect(filtersToQuery(f).toString()).toBe(
      'name=pump&imei=8612&status=esim&online=0&group=0b9a1459-0000-4000-8000-000000000001&sort=usage_month_desc&page=3&size=50',
    );
    expect(filtersToQuery(filtersFromQuery(new URLSearchParams(''))).toString()).toBe('');
  });

  test('values the API would refuse are dropped', () => {
    const f = filtersFromQuery(new URLSearchParams('imei=86x&status=broken&online=maybe&group=nope&sort=name&page=-2&size=7'));
    expect(f).toEqual({ name: undefined, imei: undefined, status: undefined, online: undefined, groupId: undefined, sort: 'created_desc', page: 1, size: 20 });
  });

  test('the list request carries only the set filters', () => {
    expect(listRequest(filtersFromQuery(new URLSearchParams('online=1&page=2')))).toEqual({ pageNum: 2, pageSize: 20, sort: 'created_desc', online: true });
  });
});

test('card switch wait counts down to zero', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');
  expect(switchWaitMs(null, now)).toBe(0);
  expect(switchWaitMs('2026-11-21T10:03:00Z', now)).toBe(180_000);
  expect(switchWaitMs('2026-11-21T09:59:00Z', now)).toBe(0);
});
