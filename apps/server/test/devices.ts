import { randomUUID } from 'node:crypto';
import { signedHeaders } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import type { Database } from '../src/db/client.js';
import { hashPassword } from '../src/lib/passwords.js';
import { createCompany, createMember } from '../src/modules/companies/index.js';
import { DEMO_PASSWORD, type Session } from './helper.js';

/** An xlsx file made with exceljs: a header row, then the rows given. */
export async function xlsx(rows: (string | number | null)[][], header: string[] = ['IMEI', '设备名称']): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('devices');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A real workbook whose first sheet is replaced by `rows` rows of `cols` numeric cells. */
export async function wideWorkbook(rows: number, cols: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await xlsx([['860000000000001', 'a']]));
  const sheetPath = Object.keys(zip.files).find((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p));
  if (!sheetPath) throw new Error('no sheet in the workbook');
  const letters = Array.from({ length: cols }, (_, c) => (c >= 26 ? String.fromCharCode(64 + Math.floor(c / 26)) : '') + String.fromCharCode(65 + (c % 26)));
  const row = (r: number) => `<row r="${r}">${letters.map((l, c) => `<c r="${l}${r}"><v>${c}</v></c>`).join('')}</row>`;
  const body = Array.from({ length: rows }, (_, r) => row(r + 1)).join('');
  zip.file(
    sheetPath,
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** `n` distinct 15-digit IMEIs starting with `prefix` (up to 9 digits). */
export const imeis = (prefix: string, n: number, from = 0): string[] =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(from + i).padStart(15 - prefix.length, '0')}`);

export type Part = { name: string; value: string | Buffer; filename?: string; contentType?: string };

export function multipartBody(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----rrp${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined)
      head += `; filename="${p.filename}"\r\nContent-Type: ${p.contentType ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A multipart call signed over its raw body bytes, as the web client sends every upload. */
export async function signedUpload(app: FastifyInstance, s: Pick<Session, 'token' | 'secretKey'>, url: string, parts: Part[], lang = 'zh-CN') {
  const { body, contentType } = multipartBody(parts);
  const headers = await signedHeaders({ secretKey: s.secretKey, token: s.token, method: 'POST', url, body, timestamp: Date.now(), requestId: randomUUID() });
  return app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': contentType, 'accept-language': lang }, payload: body });
}

/** The import call as the web client makes it. */
export const upload = (app: FastifyInstance, s: Pick<Session, 'token' | 'secretKey'>, parts: Part[], lang = 'zh-CN') =>
  signedUpload(app, s, '/api/v1/rrp/device/import', parts, lang);

export const importFile = (region: string | null, file: Buffer | null, filename = 'devices.xlsx'): Part[] => [
  ...(region === null ? [] : [{ name: 'region', value: region }]),
  ...(file === null ? [] : [{ name: 'file', value: file, filename }]),
];

export async function companyIdOf(database: Database, email: string): Promise<{ id: string; path: string }> {
  const [r] = await database.rows<{ id: string; path: string }>(
    sql`SELECT c.id, c.path FROM users u JOIN companies c ON c.id = u.company_id WHERE u.email = ${email}`,
  );
  return r;
}

/** Sets a company's License stock to `n` with one ledger row. */
export async function setStock(database: Database, companyId: string, n: number): Promise<void> {
  await database.rows(sql`
    INSERT INTO license_ledger (company_id, delta, reason)
    SELECT ${companyId}, ${n} - coalesce(sum(delta), 0)::int, 'purchase' FROM license_ledger WHERE company_id = ${companyId}`);
}

export async function stock(database: Database, companyId: string): Promise<number> {
  const [r] = await database.rows<{ n: number }>(sql`SELECT coalesce(sum(delta), 0)::int AS n FROM license_ledger WHERE company_id = ${companyId}`);
  return r.n;
}

/** A second, unrelated company with one super administrator; returns its id and the admin's e-mail. */
export async function otherCompany(database: Database, email = 'admin@other.rrp.local'): Promise<{ companyId: string; email: string }> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const companyId = await database.db.transaction(async (tx) => {
    const c = await createCompany(database, tx, { name: '其他公司', country: 'CN', address: '北京', certification: 'verified', locale: 'zh-CN' });
    await createMember(database, tx, {
      companyId: c.companyId,
      name: '其他管理员',
      email,
      phone: null,
      passwordHash: hash,
      locale: 'zh-CN',
      roleIds: [c.roleIds.super],
    });
    await tx.execute(sql`INSERT INTO license_ledger (company_id, delta, reason) VALUES (${c.companyId}, 10, 'certification')`);
    return c.companyId;
  });
  return { companyId, email };
}

/** Reads an xlsx answer back: the first sheet's rows as arrays of cell values. */
export async function readXlsx(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0].eachRow((r) => {
    out.push((r.values as unknown[]).slice(1));
  });
  return out;
}
