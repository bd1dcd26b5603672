import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { EXPORT_LIMITS, type ExportMode, type Locale } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { type MessageKey, type Params, t } from '../../i18n/index.js';
import { mb } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';

/** An export range the rules refuse: 23013 with the precise reason. */
const badRange = (message: MessageKey, params?: Params) => new AppError(23013, { message, params });

const DAY_MS = 86_400_000;
/** devices read per round trip while streaming */
export const EXPORT_BATCH = 500;

function parseDay(s: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) throw badRange('devices.exportBadDate');
  const t = Date.parse(`${s}T00:00:00Z`);
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== s) throw badRange('devices.exportBadDate');
  return t;
}

/** The days of an export, checked against the rules of its mode (dates are UTC days). */
export function exportDays(mode: ExportMode, start: string, end: string): string[] {
  const a = parseDay(start);
  const b = parseDay(end);
  if (a > b) throw badRange('devices.exportStartAfterEnd');
  const n = (b - a) / DAY_MS + 1;
  if (mode === 'day' && n > EXPORT_LIMITS.dayModeMaxDays) throw badRange('devices.exportDayMax', { max: EXPORT_LIMITS.dayModeMaxDays });
  if (mode === 'month' && start.slice(0, 7) !== end.slice(0, 7)) throw badRange('devices.exportMonthCross');
  if (n > EXPORT_LIMITS.customMaxDays) throw badRange('devices.exportCustomMax', { max: EXPORT_LIMITS.customMaxDays });
  return Array.from({ length: n }, (_, i) => new Date(a + i * DAY_MS).toISOString().slice(0, 10));
}

/**
 * Streams the usage workbook: devices in keyset batches, rows committed as they are written,
 * so memory stays flat whatever the fleet size. The returned stream is the response body.
 */
export function streamUsageXlsx(database: Database, scope: TenantScope, days: string[], locale: Locale, log: (err: unknown) => void): PassThrough {
  const out = new PassThrough();
  (async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const ws = wb.addWorksheet(t(locale, 'devices.sheet.usage'));
    ws.addRow([t(locale, 'devices.column.imei'), t(locale, 'devices.column.name'), ...days, t(locale, 'devices.column.total')]).commit();
    const index = new Map(days.map((d, i) => [d, i]));
    // Company by company, each in id order on the (company_id, id) index: every batch is a
    // short index range, whatever the size of the platform.
    const companies = await database.rows<Row<'companies', 'id'>>(sql`SELECT id FROM companies WHERE id IN ${scope.companyIds()} ORDER BY id`);
    let ci = 0;
    let last = '00000000-0000-0000-0000-000000000000';
    while (ci < companies.length) {
      const devices = await database.rows<Row<'devices', 'id' | 'imei' | 'name'>>(
        sql`SELECT id, imei, name FROM devices WHERE company_id = ${companies[ci].id} AND id > ${last}::uuid ORDER BY id LIMIT ${EXPORT_BATCH}`,
      );
      if (devices.length < EXPORT_BATCH) {
        ci++;
        last = '00000000-0000-0000-0000-000000000000';
      } else {
        last = devices[devices.length - 1].id;
      }
      if (devices.length === 0) continue;
      const ids = `{${devices.map((d) => d.id).join(',')}}`;
      const usage = await database.rows<Row<'device_usage_daily', 'device_id' | 'day' | 'bytes'>>(
        sql`SELECT device_id, to_char(day, 'YYYY-MM-DD') AS day, bytes FROM device_usage_daily
            WHERE device_id = ANY(${ids}::uuid[]) AND day BETWEEN ${days[0]}::date AND ${days[days.length - 1]}::date`,
      );
      const byDevice = new Map<string, number[]>();
      for (const u of usage) {
        const i = index.get(u.day);
        if (i === undefined) continue;
        let v = byDevice.get(u.device_id);
        if (!v) byDevice.set(u.device_id, (v = new Array(days.length).fill(0)));
        v[i] += Number(u.bytes);
      }
      for (const d of devices) {
        const bytes = byDevice.get(d.id) ?? new Array(days.length).fill(0);
        ws.addRow([d.imei, d.name, ...bytes.map(mb), mb(bytes.reduce((s, x) => s + x, 0))]).commit();
      }
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    ws.commit();
    await wb.commit();
  })().catch((err) => {
    log(err);
    out.destroy(err instanceof AppError ? err : new Error('export failed'));
  });
  return out;
}
