import { LIMITS } from '@rrp/contracts';
import { readSheet } from '../../lib/xlsx/reader.js';

export { READER_LIMITS } from '../../lib/xlsx/reader.js';

/** A row of a device import file: column A the IMEI, column B an optional name. */
export type ImportRow = { row: number; imei: string; name: string };

/** The rows of a device import file, read in the upload worker (lib/xlsx/reader.ts, which says what it refuses). */
export async function readImportFile(file: Buffer): Promise<ImportRow[]> {
  const rows = await readSheet(file, { columns: 2, rows: LIMITS.importMaxRows });
  return rows.map(({ row, cells: [imei, name] }) => ({ row, imei, name }));
}
