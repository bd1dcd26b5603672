import { randomUUID } from 'node:crypto';
import { AC_CODE_RE, type AcImportFailure, type AcOperatorCode, EID_RE, ICCID_RE, IMEI_RE, type TAcImportResult } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import { textArray } from '../../db/arrays.js';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';
import type { AcFileRow } from './import-file.js';
import { lockAcStock, useAcLicenses } from './licenses.js';
import { acOperatorCode } from './operators.js';

/** A line of the file that passed its own checks: the AC it describes, with its row number in the file. */
type AcImportLine = { row: number; acCode: string; imei: string | null; eid: string | null; iccid: string | null; operatorCode: AcOperatorCode | null };
type Failure = TAcImportResult['failures'][number];

/** Rows inserted per statement. */
const CHUNK = 1_000;

/** The verdict of a row on its own: a refusal, or the AC it describes. */
function verdict(r: AcFileRow): AcImportFailure | AcImportLine {
  if (!AC_CODE_RE.test(r.acCode)) return 'bad_ac_code';
  if (r.imei && r.eid) return 'imei_and_eid';
  if (!r.imei && !r.eid) return 'no_imei_or_eid';
  if (r.imei && !IMEI_RE.test(r.imei)) return 'bad_imei';
  if (r.eid && !EID_RE.test(r.eid)) return 'bad_eid';
  if (r.iccid && !ICCID_RE.test(r.iccid)) return 'bad_iccid';
  const operatorCode = r.operator ? acOperatorCode(r.operator) : null;
  if (r.operator && !operatorCode) return 'bad_operator';
  return { row: r.row, acCode: r.acCode, imei: r.imei || null, eid: r.eid || null, iccid: r.iccid || null, operatorCode };
}

/**
 * Sorts rows into valid ACs and refusals: the row's own fields, a code twice in the file, a code
 * another AC that is not deleted already has (of any company).
 */
export async function checkAcRows(database: Database, rows: AcFileRow[]): Promise<{ valid: AcImportLine[]; failures: Failure[] }> {
  const failures: Failure[] = [];
  const seen = new Set<string>();
  const candidates: AcImportLine[] = [];
  for (const r of rows) {
    const v = verdict(r);
    if (typeof v === 'string') failures.push({ row: r.row, acCode: r.acCode, reason: v });
    else if (seen.has(v.acCode)) failures.push({ row: r.row, acCode: r.acCode, reason: 'duplicate_in_file' });
    else {
      seen.add(v.acCode);
      candidates.push(v);
    }
  }
  const known = new Set<string>();
  for (let i = 0; i < candidates.length; i += 5_000) {
    const part = candidates.slice(i, i + 5_000).map((r) => r.acCode);
    const found = await database.rows<Row<'ac_codes', 'ac_code'>>(
      sql`SELECT ac_code FROM ac_codes WHERE ac_code = ANY(${textArray(part)}::text[]) AND status <> 'DELETED'`,
    );
    for (const f of found) known.add(f.ac_code);
  }
  const valid = candidates.filter((r) => !known.has(r.acCode));
  for (const r of candidates) if (known.has(r.acCode)) failures.push({ row: r.row, acCode: r.acCode, reason: 'exists' });
  failures.sort((a, b) => a.row - b.row);
  return { valid, failures };
}

/**
 * Imports the valid rows of a file, each AC taking one AC License of the company that pays, in
 * ONE transaction under the stock lock: all the valid rows or nothing (34003 naming the stock
 * when it is short). The declared count must be the file's row count (34004). A code another
 * import committed since the check is refused as `exists` and takes no License.
 */
export async function importAcs(
  database: Database,
  ctx: { companyId: string; userId: string; actor: Actor },
  file: { name: string; count: string; rows: AcFileRow[] },
): Promise<TAcImportResult> {
  const declared = Number(file.count);
  if (declared !== file.rows.length) throw new AppError(34004, { params: { count: declared, rows: file.rows.length } });
  const { valid, failures } = await checkAcRows(database, file.rows);
  const importId = randomUUID();
  return database.db.transaction(async (tx) => {
    const stock = await lockAcStock(database, ctx.companyId, tx);
    if (valid.length > stock.available) throw new AppError(34003, { params: { available: stock.available } });
    const inserted = new Set<string>();
    for (let i = 0; i < valid.length; i += CHUNK) {
      const chunk = valid.slice(i, i + CHUNK);
      // text[] carries no NULL: an absent field travels as '' and becomes NULL again
      const col = (f: (r: AcImportLine) => string | null) => textArray(chunk.map((r) => f(r) ?? ''));
      const rows = await database.rows<Row<'ac_codes', 'ac_code'>>(
        sql`INSERT INTO ac_codes (company_id, ac_code, imei, eid, iccid, operator_code, status, import_id)
            SELECT ${ctx.companyId}, v.ac_code, nullif(v.imei, ''), nullif(v.eid, ''), nullif(v.iccid, ''), nullif(v.operator_code, ''), 'IDLE', ${importId}
            FROM unnest(${col((r) => r.acCode)}::text[], ${col((r) => r.imei)}::text[], ${col((r) => r.eid)}::text[],
                        ${col((r) => r.iccid)}::text[], ${col((r) => r.operatorCode)}::text[]) AS v(ac_code, imei, eid, iccid, operator_code)
            ON CONFLICT DO NOTHING
            RETURNING ac_code`,
        tx,
      );
      for (const r of rows) inserted.add(r.ac_code);
    }
    const raced = valid.filter((r) => !inserted.has(r.acCode)).map((r): Failure => ({ row: r.row, acCode: r.acCode, reason: 'exists' }));
    const allFailures = raced.length ? [...failures, ...raced].sort((a, b) => a.row - b.row) : failures;
    await useAcLicenses(database, tx, { payerId: stock.payerId, count: inserted.size, importId, userId: ctx.userId });
    await recordAudit(database, tx, ctx.actor, {
      action: 'ac.import',
      companyId: ctx.companyId,
      targetType: 'ac',
      targetId: importId,
      targetLabel: file.name.slice(0, 200),
      changes: { count: [null, declared], imported: [null, inserted.size], failures: [null, allFailures.length] },
    });
    return {
      declared,
      rows: file.rows.length,
      imported: inserted.size,
      failures: allFailures.map((f) => ({ ...f, acCode: f.acCode.slice(0, 400) })),
      acLicenses: stock.available - inserted.size,
    };
  });
}
