import {
  INVOICE_ISSUE_WORKING_DAYS,
  type InvoiceStatus,
  type InvoiceType,
  type Locale,
  type PayMethod,
  type TInvoice,
  type TInvoiceDetail,
} from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { As, AsNumber, Col, Count, Narrow, Nullable, Row } from '../../db/row.js';
import type { Scope } from '../../db/scope.js';
import { inLocale } from '../../i18n/index.js';
import { AppError } from '../../plugins/errors.js';
import { fenToYuan } from '../orders/index.js';

/** An invoice application as the queries below read it (the file itself is not read). */
export type InvoiceRow = Narrow<
  Row<
    'invoices',
    | 'id'
    | 'ticket_no'
    | 'company_id'
    | 'type'
    | 'status'
    | 'title'
    | 'recipient'
    | 'applied_at'
    | 'issued_at'
    | 'invoice_no'
    | 'invoice_date'
    | 'file_kind'
    | 'tracking_note'
    | 'cancelled_at'
    | 'cancel_reason'
    | 'cancelled_by_kind'
  >,
  {
    type: InvoiceType;
    status: InvoiceStatus;
    title: TInvoice['title'];
    recipient: TInvoice['recipient'];
    file_kind: 'pdf' | 'ofd' | null;
    cancelled_by_kind: 'member' | 'staff' | null;
  }
> &
  As<'companies', { company_name: 'name' }> &
  As<'invoices', { applicant_id: 'applied_by' }> &
  Nullable<As<'users', { applicant: 'name'; executor: 'name' }>> &
  // amounts read as float8: a bigint would arrive as text
  AsNumber<Row<'invoices', 'net_fen' | 'tax_fen' | 'total_fen'>> & {
    order_nos: Col<'invoice_orders', 'order_no'>[];
  };

export const INVOICE_SELECT = sql`
  SELECT i.id, i.ticket_no, i.company_id, c.name AS company_name, i.type, i.status, i.title, i.recipient,
         i.net_fen::float8 AS net_fen, i.tax_fen::float8 AS tax_fen, i.total_fen::float8 AS total_fen,
         coalesce((SELECT array_agg(x.order_no ORDER BY x.order_no) FROM invoice_orders x WHERE x.invoice_id = i.id), '{}') AS order_nos,
         i.applied_at, a.name AS applicant, i.applied_by AS applicant_id, e.name AS executor, i.issued_at, i.invoice_no,
         i.invoice_date::text AS invoice_date, i.file_kind, i.tracking_note, i.cancelled_at, i.cancel_reason, i.cancelled_by_kind
  FROM invoices i JOIN companies c ON c.id = i.company_id
  LEFT JOIN users a ON a.id = i.applied_by LEFT JOIN users e ON e.id = i.executed_by`;

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

/** The name an issued invoice file downloads as, in the reader's language. */
export const invoiceFileName = (r: Pick<InvoiceRow, 'invoice_no' | 'file_kind'>, locale: Locale): string | null =>
  r.file_kind && r.invoice_no ? `${inLocale({ zh: '发票', en: 'invoice' }, locale)}_${r.invoice_no}.${r.file_kind}` : null;

export function invoiceOf(r: InvoiceRow, locale: Locale): TInvoice {
  return {
    id: r.id,
    ticketNo: r.ticket_no,
    type: r.type,
    status: r.status,
    title: r.title,
    recipient: r.recipient,
    net: fenToYuan(r.net_fen),
    tax: fenToYuan(r.tax_fen),
    total: fenToYuan(r.total_fen),
    orderNos: r.order_nos,
    companyId: r.company_id,
    companyName: r.company_name,
    appliedAt: new Date(r.applied_at).toISOString(),
    applicant: r.applicant,
    executor: r.executor,
    issuedAt: iso(r.issued_at),
    invoiceNo: r.invoice_no,
    invoiceDate: r.invoice_date,
    fileName: invoiceFileName(r, locale),
    trackingNote: r.tracking_note,
    cancelledAt: iso(r.cancelled_at),
    cancelReason: r.cancel_reason,
    expectedWorkingDays: INVOICE_ISSUE_WORKING_DAYS[r.type],
  };
}

/** One application the scope reaches (the back office's: any company's). Unknown or foreign: 31003. */
export async function findInvoice(database: Database, scope: Scope, id: string, tx?: Tx): Promise<InvoiceRow> {
  const [r] = await database.rows<InvoiceRow>(sql`${INVOICE_SELECT} WHERE i.id = ${id} AND ${scope.owns(sql`i.company_id`)}`, tx);
  if (!r) throw new AppError(31003, { field: 'id' });
  return r;
}

export type InvoiceOrderLine = Narrow<
  Row<'orders', 'order_no' | 'product_name_zh' | 'product_name_en' | 'quantity' | 'pay_method'>,
  { pay_method: PayMethod }
> &
  // read as float8
  AsNumber<Row<'invoice_orders', 'amount_fen'>>;

/** The orders of an application (the orders of its company), by order number. */
export async function invoiceOrderLines(database: Database, scope: Scope, invoiceId: string): Promise<InvoiceOrderLine[]> {
  return database.rows<InvoiceOrderLine>(
    sql`SELECT x.order_no, o.product_name_zh, o.product_name_en, o.quantity, x.amount_fen::float8 AS amount_fen, o.pay_method
        FROM invoice_orders x JOIN orders o ON o.order_no = x.order_no WHERE x.invoice_id = ${invoiceId} AND ${scope.owns(sql`o.company_id`)}
        ORDER BY x.order_no`,
  );
}

/** The work order with its orders and timeline (derived from the application's own moments). */
export async function invoiceDetailOf(database: Database, scope: Scope, r: InvoiceRow, locale: Locale): Promise<TInvoiceDetail> {
  const lines = await invoiceOrderLines(database, scope, r.id);
  const timeline: TInvoiceDetail['timeline'] = [{ at: new Date(r.applied_at).toISOString(), kind: 'applied', by: r.applicant, note: null }];
  if (r.issued_at) timeline.push({ at: new Date(r.issued_at).toISOString(), kind: 'issued', by: r.executor, note: r.invoice_no });
  if (r.cancelled_at) timeline.push({ at: new Date(r.cancelled_at).toISOString(), kind: 'cancelled', by: r.executor, note: r.cancel_reason });
  return {
    ...invoiceOf(r, locale),
    orders: lines.map((l) => ({
      orderNo: l.order_no,
      productName: inLocale({ zh: l.product_name_zh, en: l.product_name_en }, locale),
      quantity: l.quantity,
      amount: fenToYuan(l.amount_fen),
      payMethod: l.pay_method,
    })),
    timeline,
  };
}

/** A page of the scope's applications matching the filters, newest first. */
export async function listInvoices(
  database: Database,
  scope: Scope,
  q: InvoiceFilters & { pageNum: number; pageSize: number },
  locale: Locale,
): Promise<{ total: number; list: TInvoice[] }> {
  const where = sql`${scope.owns(sql`i.company_id`)} AND ${invoiceFilters(q)}`;
  const [count, rows] = await Promise.all([
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM invoices i JOIN companies c ON c.id = i.company_id WHERE ${where}`),
    database.rows<InvoiceRow>(
      sql`${INVOICE_SELECT} WHERE ${where} ORDER BY i.applied_at DESC, i.id LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
  ]);
  return { total: count[0].n, list: rows.map((r) => invoiceOf(r, locale)) };
}

type InvoiceFilters = { status?: InvoiceStatus; type?: InvoiceType; from?: string; to?: string; keyword?: string };

/** The filters both lists share: status, type, application day range (UTC), the back office's keyword. */
function invoiceFilters(f: InvoiceFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.status) parts.push(sql`i.status = ${f.status}`);
  if (f.type) parts.push(sql`i.type = ${f.type}`);
  if (f.from) parts.push(sql`i.applied_at >= ${f.from}::date`);
  if (f.to) parts.push(sql`i.applied_at < ${f.to}::date + 1`);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(i.ticket_no ILIKE ${like} OR c.name ILIKE ${like} OR i.title->>'title' ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}
