import { IMEI_RE, type ImportFailureReason, LIMITS, type Locale, type TImportLogList, type TImportTask } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { textArray } from '../../db/arrays.js';
import type { Database, Tx } from '../../db/client.js';
import { devicesByImei } from '../../db/imei-lookup.js';
import type { As, Count, Narrow, Nullable, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { t } from '../../i18n/index.js';
import { iso } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { importAccountFor } from '../connectivity/index.js';
import { emitWebhookEvent } from '../developer/index.js';
import { lockStock, payerOf, reservedOf, stockOf, useLicenses } from '../licenses/index.js';
import type { ConnectivityProvider, DeviceRef } from '../network/index.js';
import { defaultGroup } from './common.js';
import type { ImportRow } from './xlsx-reader.js';

export type { ImportRow };
export type ImportFailure = ImportRow & { reason: ImportFailureReason };

/** Rows inserted per statement; progress is reported after each chunk. */
export const IMPORT_CHUNK = 500;

/** Sorts rows into valid ones and refusals: format, duplicates in the file, IMEIs already known. */
export async function checkRows(database: Database, companyId: string, rows: ImportRow[]): Promise<{ valid: ImportRow[]; failures: ImportFailure[] }> {
  const failures: ImportFailure[] = [];
  const seen = new Set<string>();
  const candidates: ImportRow[] = [];
  for (const r of rows) {
    if (!IMEI_RE.test(r.imei)) failures.push({ ...r, reason: 'imei_format' });
    else if ([...r.name].length > LIMITS.deviceNameMax) failures.push({ ...r, reason: 'name_too_long' });
    else if (seen.has(r.imei)) failures.push({ ...r, reason: 'duplicate_in_file' });
    else {
      seen.add(r.imei);
      candidates.push(r);
    }
  }
  const known = new Map<string, string>();
  for (let i = 0; i < candidates.length; i += 5000) {
    const part = candidates.slice(i, i + 5000).map((r) => r.imei);
    const found = await database.rows<Row<'devices', 'imei' | 'company_id'>>(
      sql`SELECT d.imei, d.company_id FROM ${devicesByImei(part, sql`imei, company_id`)}`,
    );
    for (const f of found) known.set(f.imei, f.company_id);
  }
  const valid: ImportRow[] = [];
  for (const r of candidates) {
    const owner = known.get(r.imei);
    if (owner === undefined) valid.push(r);
    else failures.push({ ...r, reason: owner === companyId ? 'already_imported' : 'other_company' });
  }
  failures.sort((a, b) => a.row - b.row);
  return { valid, failures };
}

/**
 * Runs an import: one task row (committed at once, so the UI can poll it), then every valid row
 * in ONE transaction, each taking one License: all or nothing. Refuses the whole import when the
 * valid rows exceed the stock minus this month's auto-renewal reserve (23010).
 */
export async function runImport(
  database: Database,
  provider: ConnectivityProvider,
  caller: { userId: string },
  actor: Actor,
  scope: TenantScope,
  file: { name: string; region: string; rows: ImportRow[] },
  check: typeof checkRows = checkRows,
): Promise<TImportTask> {
  const [task] = await database.rows<Row<'import_tasks', 'id'>>(
    sql`INSERT INTO import_tasks (company_id, user_id, task_name, region, status, total)
        VALUES (${scope.companyId}, ${caller.userId}, ${file.name.slice(0, 200)}, ${file.region}, 'running', ${file.rows.length}) RETURNING id`,
  );
  // PGlite is a single connection: a progress write outside the open transaction would wait
  // for it, so there progress is written only at the end.
  const liveProgress = database.kind === 'postgres';
  let failures: ImportFailure[] = [];
  try {
    const checked = await check(database, scope.companyId, file.rows);
    failures = checked.failures;
    const valid = checked.valid;
    if (liveProgress && failures.length)
      await database.rows(sql`UPDATE import_tasks SET processed = ${failures.length} WHERE id = ${task.id} AND ${scope.owns()}`);
    await database.db.transaction(async (tx) => {
      const out = valid.length === 0 ? [] : await importRows(tx);
      await recordAudit(database, tx, actor, {
        action: 'device.import',
        companyId: scope.companyId,
        targetType: 'import',
        targetId: task.id,
        targetLabel: file.name.slice(0, 200),
        changes: { region: [null, file.region], imported: [null, out.length], refused: [null, failures.length] },
      });
      await emitWebhookEvent(database, tx, scope.companyId, 'import.finished', {
        taskId: task.id,
        fileName: file.name.slice(0, 200),
        region: file.region,
        total: file.rows.length,
        imported: out.length,
        failed: failures.length,
      });
      // the task's result and the devices' provisioning commit with the devices: a process that
      // dies after the commit leaves nothing half done (docs/scaling.md "Rolling restarts")
      await database.rows(
        sql`UPDATE import_tasks SET status = 'done', succeeded = ${out.length}, failed = ${failures.length}, processed = ${file.rows.length},
                   failures = ${JSON.stringify(failures)}::jsonb, finished_at = clock_timestamp()
            WHERE id = ${task.id} AND ${scope.owns()}`,
        tx,
      );
      if (out.length) await provider.activate(out, tx);
      return out;
    });
    async function importRows(tx: Tx): Promise<DeviceRef[]> {
      const payer = await payerOf(database, scope.companyId, tx);
      await lockStock(database, payer.id, tx);
      const importable = Math.max(0, (await stockOf(database, payer.id, tx)) - (await reservedOf(database, payer, tx)));
      if (valid.length > importable) throw new AppError(23010, { message: 'devices.importLimit', params: { count: importable } });
      const groupId = await defaultGroup(database, scope, scope.companyId, tx);
      const accountId = await importAccountFor(database, file.region, tx);
      const out: DeviceRef[] = [];
      for (let i = 0; i < valid.length; i += IMPORT_CHUNK) {
        const chunk = valid.slice(i, i + IMPORT_CHUNK);
        const rows = await database.rows<Row<'devices', 'id' | 'imei'>>(
          sql`INSERT INTO devices (company_id, group_id, imei, name, region, account_id, status, activated_at, license_expires_at, import_task_id)
              SELECT ${scope.companyId}, ${groupId}, t.imei, t.name, ${file.region}, ${accountId}, 'physical_card', now(), now() + interval '1 year', ${task.id}
              FROM unnest(${textArray(chunk.map((r) => r.imei))}::text[], ${textArray(chunk.map((r) => r.name))}::text[]) AS t(imei, name)
              ON CONFLICT (imei) DO NOTHING
              RETURNING id, imei`,
          tx,
        );
        // an IMEI another import committed since the rows were checked: refuse the whole file
        if (rows.length !== chunk.length) throw new AppError(23015);
        const ids = rows.map((r) => r.id);
        await useLicenses(database, tx, { payerId: payer.id, deviceIds: ids, reason: 'import', userId: caller.userId, ref: task.id });
        await database.rows(
          sql`INSERT INTO device_operations (device_id, user_id, action, status, detail, finished_at)
              SELECT d, ${caller.userId}, 'import', 'done', ${JSON.stringify({ taskId: task.id, region: file.region })}::jsonb, now()
              FROM unnest(${`{${ids.join(',')}}`}::uuid[]) AS d`,
          tx,
        );
        for (const r of rows) out.push({ id: r.id, imei: r.imei, region: file.region, companyId: scope.companyId });
        if (liveProgress)
          await database.rows(sql`UPDATE import_tasks SET processed = ${failures.length + i + chunk.length} WHERE id = ${task.id} AND ${scope.owns()}`);
      }
      return out;
    }
  } catch (err) {
    const message = err instanceof AppError ? `code ${err.code}` : 'internal error';
    await database.rows(
      sql`UPDATE import_tasks SET status = 'failed', succeeded = 0, failed = ${file.rows.length}, processed = ${file.rows.length},
                 failures = ${JSON.stringify(failures)}::jsonb, error = ${message}, finished_at = now()
          WHERE id = ${task.id} AND ${scope.owns()}`,
    );
    throw err;
  }
  const found = await findTask(database, scope, task.id);
  if (!found) throw new AppError(10001);
  return found;
}

type TaskRow = Narrow<
  Row<'import_tasks', 'id' | 'task_name' | 'region' | 'status' | 'total' | 'processed' | 'succeeded' | 'failed' | 'created_at' | 'finished_at'>,
  { status: TImportTask['status'] }
> &
  Nullable<As<'users', { actor: 'name' }>>;

const toTask = (r: TaskRow): TImportTask => ({
  id: r.id,
  taskName: r.task_name,
  region: r.region,
  status: r.status,
  total: r.total,
  processed: r.processed,
  succeeded: r.succeeded,
  failed: r.failed,
  actor: r.actor,
  createdAt: iso(r.created_at) as string,
  finishedAt: iso(r.finished_at),
});

const TASK_COLUMNS = sql`t.id, t.task_name, t.region, t.status, t.total, t.processed, t.succeeded, t.failed, u.name AS actor, t.created_at, t.finished_at`;

export async function findTask(database: Database, scope: TenantScope, id: string): Promise<TImportTask | null> {
  const [r] = await database.rows<TaskRow>(
    sql`SELECT ${TASK_COLUMNS} FROM import_tasks t LEFT JOIN users u ON u.id = t.user_id
        WHERE t.id = ${id} AND ${scope.owns(sql`t.company_id`)}`,
  );
  return r ? toTask(r) : null;
}

export async function listTasks(database: Database, scope: TenantScope, pageNum: number, pageSize: number): Promise<TImportLogList> {
  const [c] = await database.rows<Count>(sql`SELECT count(*)::int AS n FROM import_tasks WHERE ${scope.owns()}`);
  const rows = await database.rows<TaskRow>(
    sql`SELECT ${TASK_COLUMNS} FROM import_tasks t LEFT JOIN users u ON u.id = t.user_id
        WHERE ${scope.owns(sql`t.company_id`)}
        ORDER BY t.created_at DESC, t.id DESC OFFSET ${(pageNum - 1) * pageSize} LIMIT ${pageSize}`,
  );
  return { total: c.n, list: rows.map(toTask) };
}

export async function taskFailures(database: Database, scope: TenantScope, id: string): Promise<{ name: string; failures: ImportFailure[] } | null> {
  const [r] = await database.rows<Narrow<Row<'import_tasks', 'task_name' | 'failures'>, { failures: ImportFailure[] }>>(
    sql`SELECT task_name, failures FROM import_tasks WHERE id = ${id} AND ${scope.owns()}`,
  );
  return r ? { name: r.task_name, failures: r.failures } : null;
}

export async function templateXlsx(locale: Locale): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t(locale, 'devices.sheet.template'));
  ws.columns = [
    { header: t(locale, 'devices.column.imei'), width: 22 },
    { header: t(locale, 'devices.column.nameHint'), width: 40 },
  ];
  ws.addRow(['860000000000001', t(locale, 'devices.example')]);
  ws.getColumn(1).numFmt = '@';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function failuresXlsx(failures: ImportFailure[], locale: Locale): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(t(locale, 'devices.sheet.failures'));
  ws.columns = [
    { header: t(locale, 'devices.column.row'), width: 8 },
    { header: t(locale, 'devices.column.imei'), width: 22 },
    { header: t(locale, 'devices.column.name'), width: 32 },
    { header: t(locale, 'devices.column.reason'), width: 40 },
  ];
  for (const f of failures) ws.addRow([f.row, f.imei, f.name, t(locale, `devices.failure.${f.reason}`)]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
