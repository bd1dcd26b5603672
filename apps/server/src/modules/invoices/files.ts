import type { Locale } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Narrow, Row } from '../../db/row.js';
import type { Scope } from '../../db/scope.js';
import type { FileReply } from '../../http/handler.js';
import type { AttachmentLoader } from '../../mail/transport.js';
import { AppError } from '../../plugins/errors.js';
import { FILE_TYPES } from './file-kind.js';
import { invoiceFileName } from './rows.js';

type FileRow = Narrow<Row<'invoices', 'file' | 'file_kind' | 'invoice_no' | 'status'>, { file_kind: 'pdf' | 'ofd' | null }>;

const FILE_SELECT = sql`SELECT file, file_kind, invoice_no, status FROM invoices`;

/** The issued invoice file of an application the scope reaches, as a download; 31003 unknown or foreign, 31012 not issued with a file. */
export async function invoiceFile(database: Database, scope: Scope, id: string, locale: Locale): Promise<FileReply> {
  const [r] = await database.rows<FileRow>(sql`${FILE_SELECT} WHERE id = ${id} AND ${scope.owns()}`);
  if (!r) throw new AppError(31003, { field: 'id' });
  if (r.status !== 'issued' || !r.file || !r.file_kind) throw new AppError(31012);
  return {
    contentType: FILE_TYPES[r.file_kind],
    body: Buffer.from(r.file),
    filename: invoiceFileName(r, locale) ?? `invoice.${r.file_kind}`,
    cacheControl: 'private, no-store',
  };
}

/** The e-mail outbox's reader of invoice files (a job, for every company): the file as it is when the e-mail goes out. */
export const invoiceAttachments =
  (database: Database): AttachmentLoader<'invoice-file'> =>
  async (ref, locale) => {
    const [r] = await database.rows<FileRow>(sql`${FILE_SELECT} WHERE id = ${ref.invoiceId}`);
    if (!r?.file || !r.file_kind) return null;
    return { filename: invoiceFileName(r, locale) ?? `invoice.${r.file_kind}`, content: Buffer.from(r.file), contentType: FILE_TYPES[r.file_kind] };
  };
