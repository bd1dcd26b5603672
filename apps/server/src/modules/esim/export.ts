import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { ESIM_LIMITS, type Locale, type TEsimListRequest } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client.js';
import type { As } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { t } from '../../i18n/index.js';
import { mb } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { ESIM_COLUMNS, ESIM_JOINS, type EsimDbRow, esimWhere, toEsimRow } from './rows.js';

/** A row of the export: the list's row and its creation time, the key of the next batch. */
type ExportRow = EsimDbRow & As<'devices', { at: 'created_at' }>;

/** eSIMs read per round trip while streaming */
const BATCH = 1_000;

const COLUMNS = [
  'esim.column.eid',
  'esim.column.imei',
  'esim.column.deviceName',
  'esim.column.company',
  'esim.column.profileCount',
  'esim.column.operator',
  'esim.column.iccid',
  'esim.column.state',
  'esim.column.inUse',
  'esim.column.usageYesterday',
  'esim.column.usageMonth',
  'esim.column.createdAt',
] as const;

/**
 * Streams the eSIM list as xlsx, newest first, with the list's filters (at most
 * ESIM_LIMITS.exportMaxRows rows): keyset batches on (created_at, id), rows committed as they
 * are written, headers, operators and states in the reader's language.
 */
export function streamEsimXlsx(
  database: Database,
  scope: TenantScope,
  q: Pick<TEsimListRequest, 'keyword' | 'state' | 'operatorCode'>,
  locale: Locale,
  log: (err: unknown) => void,
): PassThrough {
  const out = new PassThrough();
  (async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const ws = wb.addWorksheet(t(locale, 'esim.sheet.list'));
    ws.addRow(COLUMNS.map((c) => t(locale, c))).commit();
    let after: { at: string; id: string } | null = null;
    for (let written = 0; written < ESIM_LIMITS.exportMaxRows; ) {
      const rows: ExportRow[] = await database.rows<ExportRow>(
        sql`SELECT ${ESIM_COLUMNS}, d.created_at::text AS at FROM devices d ${ESIM_JOINS}
            WHERE ${scope.owns(sql`d.company_id`)} AND ${esimWhere(q)} ${after ? sql`AND (d.created_at, d.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
            ORDER BY d.created_at DESC, d.id DESC LIMIT ${Math.min(BATCH, ESIM_LIMITS.exportMaxRows - written)}`,
      );
      for (const r of rows) {
        const e = toEsimRow(r);
        ws.addRow([
          e.eid,
          e.imei,
          e.deviceName,
          e.companyName,
          e.profileCount,
          e.operatorCode ? t(locale, `esim.operator.${e.operatorCode}`) : '',
          e.iccid ?? '',
          t(locale, `esim.state.${e.state}`),
          t(locale, e.inUse ? 'esim.inUse.yes' : 'esim.inUse.no'),
          mb(e.usageYesterday),
          mb(e.usageMonth),
          e.createdAt,
        ]).commit();
      }
      written += rows.length;
      if (rows.length < BATCH) break;
      const last = rows[rows.length - 1];
      after = { at: last.at, id: last.id };
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
