import { AC_LIMITS, type Locale } from '@rrp/contracts';
import ExcelJS from 'exceljs';
import { t } from '../../i18n/index.js';
import { readSheet } from '../../lib/xlsx/reader.js';
import { AppError } from '../../plugins/errors.js';

/** A row of an AC import file: columns A to E, as written (trimmed). */
export type AcFileRow = { row: number; acCode: string; imei: string; eid: string; iccid: string; operator: string };

/** The rows of an AC import file, read in the upload worker (lib/xlsx/reader.ts says what it refuses). */
export async function readAcFile(file: Buffer): Promise<AcFileRow[]> {
  try {
    const rows = await readSheet(file, { columns: 5, rows: AC_LIMITS.importMaxRows });
    return rows.map(({ row, cells: [acCode, imei, eid, iccid, operator] }) => ({ row, acCode, imei, eid, iccid, operator }));
  } catch (err) {
    // the reader's own text names the device file's columns
    if (err instanceof AppError && err.code === 23016) throw new AppError(23016, { message: 'ac.file.tooMuch' });
    throw err;
  }
}

/** The import template: the header row in the reader's language and one example row. */
export async function acTemplateXlsx(locale: Locale): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t(locale, 'ac.sheet.template'));
  ws.columns = [
    { header: t(locale, 'ac.column.code'), width: 48 },
    { header: t(locale, 'ac.column.imei'), width: 22 },
    { header: t(locale, 'ac.column.eid'), width: 36 },
    { header: t(locale, 'ac.column.iccid'), width: 24 },
    { header: t(locale, 'ac.column.operator'), width: 30 },
  ];
  ws.addRow(['LPA:1$smdp.example.com$04386-AGYFT-A74Y8-3F815', '860000000000001', '', '89860012345678901234', t(locale, 'ac.operator.46000')]);
  // long digit strings stay text: a number cell would lose an EID's or an ICCID's digits
  for (const c of [2, 3, 4]) ws.getColumn(c).numFmt = '@';
  return Buffer.from(await wb.xlsx.writeBuffer());
}
