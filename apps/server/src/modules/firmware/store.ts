import { createHash } from 'node:crypto';
import { FIRMWARE_EXTENSIONS, type Locale, type TFirmware } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { As, Row } from '../../db/row.js';
import type { UploadedFile } from '../../http/handler.js';
import { t } from '../../i18n/index.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';

type FirmwareRow = Row<'firmware', 'id' | 'version' | 'module_model' | 'release_notes' | 'file_name' | 'size' | 'sha256' | 'downloads' | 'created_at'> &
  As<'users', { published_by: 'name' }>;

const COLUMNS = sql`f.id, f.version, f.module_model, f.release_notes, f.file_name, f.size, f.sha256, f.downloads,
  to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, u.name AS published_by`;

const toFirmware = (r: FirmwareRow): TFirmware => ({
  id: r.id,
  version: r.version,
  moduleModel: r.module_model,
  releaseNotes: r.release_notes,
  fileName: r.file_name,
  size: Number(r.size),
  sha256: r.sha256,
  downloads: Number(r.downloads),
  publishedAt: r.created_at,
  publishedBy: r.published_by,
});

/** Published firmware, newest first, optionally of one module model or matching a keyword (version, model, file). */
export async function listFirmware(database: Database, f: { moduleModel?: string; keyword?: string }): Promise<TFirmware[]> {
  const like = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await database.rows<FirmwareRow>(
    sql`SELECT ${COLUMNS} FROM firmware f JOIN users u ON u.id = f.published_by
        WHERE f.deleted_at IS NULL
          AND (${f.moduleModel ?? null}::text IS NULL OR f.module_model = ${f.moduleModel ?? null})
          AND (${like}::text IS NULL OR f.version ILIKE ${like} OR f.module_model ILIKE ${like} OR f.file_name ILIKE ${like})
        ORDER BY f.created_at DESC, f.id`,
  );
  return rows.map(toFirmware);
}

/** Why a file cannot be published as firmware, or null. */
function refusal(file: UploadedFile | undefined): 'empty' | 'extension' | 'name' | null {
  if (!file || file.data.length === 0) return 'empty';
  const name = file.filename.toLowerCase();
  if (!FIRMWARE_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'extension';
  const control = [...file.filename].some((c) => c.charCodeAt(0) < 0x20);
  if (file.filename.length > 120 || control || /[\\/]/.test(file.filename)) return 'name';
  return null;
}

/** Publishes a firmware file; the same version of a module twice is refused (39002). */
export async function publishFirmware(
  database: Database,
  locale: Locale,
  actor: Actor,
  userId: string,
  fields: { version: string; moduleModel: string; releaseNotes: string },
  file: UploadedFile | undefined,
): Promise<TFirmware> {
  const why = refusal(file);
  if (why || !file)
    throw new AppError(39003, {
      field: 'file',
      params: { reason: t(locale, `firmware.refused.${why ?? 'empty'}`, { extensions: FIRMWARE_EXTENSIONS.join(' ') }) },
    });
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  try {
    return await database.db.transaction(async (tx) => {
      const [row] = await database.rows<Row<'firmware', 'id'>>(
        sql`INSERT INTO firmware (version, module_model, release_notes, file_name, size, sha256, content, published_by)
            VALUES (${fields.version}, ${fields.moduleModel}, ${fields.releaseNotes}, ${file.filename}, ${file.data.length}, ${sha256}, ${file.data}, ${userId})
            RETURNING id`,
        tx,
      );
      await recordAudit(database, tx, actor, {
        action: 'firmware.publish',
        companyId: null,
        targetType: 'firmware',
        targetId: row.id,
        targetLabel: `${fields.moduleModel} ${fields.version}`,
        changes: { version: [null, fields.version], moduleModel: [null, fields.moduleModel], fileName: [null, file.filename], sha256: [null, sha256] },
      });
      const [out] = await database.rows<FirmwareRow>(sql`SELECT ${COLUMNS} FROM firmware f JOIN users u ON u.id = f.published_by WHERE f.id = ${row.id}`, tx);
      return toFirmware(out);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'firmware_model_version_uq')) throw new AppError(39002, { field: 'version' });
    throw err;
  }
}

/** Withdraws a firmware file: members no longer see or download it. */
export async function withdrawFirmware(database: Database, actor: Actor, id: string): Promise<void> {
  await database.db.transaction(async (tx) => {
    const [row] = await database.rows<Row<'firmware', 'version' | 'module_model'>>(
      sql`UPDATE firmware SET deleted_at = now() WHERE id = ${id} AND deleted_at IS NULL RETURNING version, module_model`,
      tx,
    );
    if (!row) throw new AppError(39001);
    await recordAudit(database, tx, actor, {
      action: 'firmware.withdraw',
      companyId: null,
      targetType: 'firmware',
      targetId: id,
      targetLabel: `${row.module_model} ${row.version}`,
    });
  });
}

/** A firmware file's bytes, counting the download in the same statement. */
export async function downloadFirmware(database: Database, id: string): Promise<{ fileName: string; content: Buffer }> {
  const [row] = await database.rows<Row<'firmware', 'file_name' | 'content'>>(
    sql`UPDATE firmware SET downloads = downloads + 1 WHERE id = ${id} AND deleted_at IS NULL RETURNING file_name, content`,
  );
  if (!row) throw new AppError(39001);
  return { fileName: row.file_name, content: Buffer.from(row.content) };
}
