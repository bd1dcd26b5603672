import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { isSaneZip } from './guard.js';

/** A data row of an import file: its number in the sheet and its first columns' text, trimmed. */
export type SheetRow = { row: number; cells: string[] };

export type RowLimits = {
  /** the columns read, from A (the rest of a row is ignored) */
  columns: number;
  /** data rows (the header not counted) */
  rows: number;
  /** cells read in all, empty columns beyond the read ones included: stops a small file of a million cells */
  cells: number;
};

/** Why a file was refused: 23005 not an xlsx, 23006 too many rows, 23016 too many cells, 27004 no rows. */
export type RowsResult = { ok: true; rows: SheetRow[] } | { ok: false; code: 23005 | 23006 | 23016 | 27004 };

const cellText = (v: ExcelJS.CellValue): string => {
  if (v == null) return '';
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return String(v.result ?? '');
    return '';
  }
  return String(v);
};

/**
 * The rows of an import file, read as a stream that stops at the first limit crossed: the first
 * row of the first sheet is the header, blank rows are skipped. Runs in the upload worker
 * (reader.ts), so it imports nothing from the rest of the server.
 */
export async function readRows(buf: Buffer, limits: RowLimits): Promise<RowsResult> {
  if (!isSaneZip(buf)) return { ok: false, code: 23005 };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buf]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  const rows: SheetRow[] = [];
  let cells = 0;
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets++;
      for await (const r of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        cells += r.cellCount;
        if (cells > limits.cells) return { ok: false, code: 23016 };
        if (r.number === 1) continue;
        const texts = Array.from({ length: limits.columns }, (_, c) => cellText(r.getCell(c + 1).value).trim());
        if (texts.every((s) => !s)) continue;
        if (rows.length >= limits.rows) return { ok: false, code: 23006 };
        rows.push({ row: r.number, cells: texts });
      }
      break;
    }
  } catch {
    return { ok: false, code: 23005 };
  }
  if (sheets === 0) return { ok: false, code: 23005 };
  if (rows.length === 0) return { ok: false, code: 27004 };
  return { ok: true, rows };
}
