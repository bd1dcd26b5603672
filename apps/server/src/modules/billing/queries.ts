import { BILLING_RATE_CODES, type Locale, type TBill, type TBillDetail, type TBillLine } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Count, Narrow, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { billedBy } from '../../db/subtree.js';
import { inLocale } from '../../i18n/index.js';
import { iso, mb } from '../../lib/units.js';
import { AppError } from '../../plugins/errors.js';
import { findDevice } from '../devices/index.js';
import { payerOf } from '../licenses/index.js';
import { fenToYuan } from '../orders/index.js';
import { monthRange } from './month.js';

/** A bill row as read (its bigint columns arrive as text). */
export type BillRow = Narrow<
  Row<
    'bills',
    | 'id'
    | 'company_id'
    | 'bill_month'
    | 'package_fen'
    | 'overage_fen'
    | 'roaming_fen'
    | 'number_fen'
    | 'total_fen'
    | 'devices'
    | 'usage_bytes'
    | 'overage_mb'
    | 'roaming_bytes'
    | 'rates'
    | 'issued_at'
  >,
  { rates: Record<string, number> | string }
>;
type LineRow = Row<'bill_lines', 'imei' | 'device_name' | 'usage_bytes' | 'roaming_bytes' | 'roaming_fen' | 'number_fen'>;

const yuan = (fen: string | number) => fenToYuan(Number(fen));

export const toBill = (r: BillRow): TBill => ({
  id: r.id,
  billMonth: r.bill_month,
  packageFee: yuan(r.package_fen),
  overageFee: yuan(r.overage_fen),
  roamingFee: yuan(r.roaming_fen),
  numberFee: yuan(r.number_fen),
  total: yuan(r.total_fen),
  issueDate: iso(r.issued_at) as string,
  devices: Number(r.devices),
  usageMb: mb(r.usage_bytes),
  overageMb: Number(r.overage_mb),
  roamingMb: mb(r.roaming_bytes),
});

export const toLine = (r: LineRow): TBillLine => ({
  imei: r.imei,
  deviceName: r.device_name,
  usageMb: mb(r.usage_bytes),
  roamingMb: mb(r.roaming_bytes),
  roamingFee: yuan(r.roaming_fen),
  numberFee: yuan(r.number_fen),
});

/** The rates a bill was closed with, in yuan per unit. */
export function ratesOf(r: BillRow): TBillDetail['rates'] {
  const rates = typeof r.rates === 'string' ? (JSON.parse(r.rates) as Record<string, number>) : r.rates;
  return BILLING_RATE_CODES.map((code) => ({ code, price: fenToYuan(Number(rates[code] ?? 0)) }));
}

const BILL_COLUMNS = sql`id, company_id, bill_month, package_fen, overage_fen, roaming_fen, number_fen, total_fen, devices, usage_bytes, overage_mb, roaming_bytes, rates, issued_at`;
const LINE_COLUMNS = sql`imei, device_name, usage_bytes, roaming_bytes, roaming_fen, number_fen`;

/** The bills of the company that pays for the caller's company (itself, or the parent it bills to), newest first. */
export async function listBills(
  database: Database,
  scope: TenantScope,
  q: { from?: string; to?: string; pageNum: number; pageSize: number },
): Promise<{ total: number; list: TBill[] }> {
  const payer = await payerOf(database, scope.companyId);
  const where = sql`company_id = ${payer.id}
    ${q.from ? sql`AND bill_month >= ${q.from}` : sql``}
    ${q.to ? sql`AND bill_month <= ${q.to}` : sql``}`;
  const [count, rows] = await Promise.all([
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM bills WHERE ${where}`),
    database.rows<BillRow>(
      sql`SELECT ${BILL_COLUMNS} FROM bills WHERE ${where} ORDER BY bill_month DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
  ]);
  return { total: count[0].n, list: rows.map(toBill) };
}

/** A bill of the caller's payer; any other id (another company's, or none) answers 31011. */
export async function findBill(database: Database, scope: TenantScope, id: string): Promise<{ bill: BillRow; payer: { id: string; path: string } }> {
  const payer = await payerOf(database, scope.companyId);
  const [bill] = await database.rows<BillRow>(sql`SELECT ${BILL_COLUMNS} FROM bills WHERE id = ${id} AND company_id = ${payer.id}`);
  if (!bill) throw new AppError(31011);
  return { bill, payer };
}

export type PackageOrder = TBillDetail['orders'][number];

/** The orders behind a bill's package fee: completed in its month by the companies its payer pays for. */
export async function packageOrders(database: Database, payer: { id: string; path: string }, month: string, locale: Locale): Promise<PackageOrder[]> {
  const r = monthRange(month);
  const rows = await database.rows<
    Narrow<Row<'orders', 'order_no' | 'product_name_zh' | 'product_name_en' | 'total_fen' | 'completed_at'>, { completed_at: string }>
  >(
    sql`SELECT order_no, product_name_zh, product_name_en, total_fen, completed_at FROM orders
        WHERE company_id IN ${billedBy(payer)} AND status = 'completed'
          AND completed_at >= ${r.start.toISOString()}::timestamptz AND completed_at < ${r.end.toISOString()}::timestamptz
        ORDER BY completed_at, order_no`,
  );
  return rows.map((o) => ({
    orderNo: o.order_no,
    productName: inLocale({ zh: o.product_name_zh, en: o.product_name_en }, locale),
    amount: yuan(o.total_fen),
    completedAt: iso(o.completed_at) as string,
  }));
}

/** One bill: its figures, the rates it was closed with, the orders of its package fee and a page of its device lines (by IMEI). */
export async function billDetail(
  database: Database,
  scope: TenantScope,
  q: { id: string; imei?: string; pageNum: number; pageSize: number },
  locale: Locale,
): Promise<TBillDetail> {
  const { bill, payer } = await findBill(database, scope, q.id);
  const where = sql`bill_id = ${bill.id} ${q.imei ? sql`AND strpos(imei, ${q.imei}) > 0` : sql``}`;
  const [orders, count, lines] = await Promise.all([
    packageOrders(database, payer, bill.bill_month, locale),
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM bill_lines WHERE ${where}`),
    database.rows<LineRow>(sql`SELECT ${LINE_COLUMNS} FROM bill_lines WHERE ${where} ORDER BY imei LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`),
  ]);
  return { bill: toBill(bill), rates: ratesOf(bill), orders, lines: { total: count[0].n, list: lines.map(toLine) } };
}

/** How many closed months the device list's bill detail shows. */
export const DEVICE_BILL_MONTHS = 12;

/**
 * A device's lines in the closed bills, newest first: the device as the caller's scope finds it
 * (another company's IMEI is not found, 23003), in bills of the caller's payer or of a paying
 * company of the caller's subtree (not the bills of a company the device belonged to before).
 */
export async function deviceBills(database: Database, scope: TenantScope, imei: string): Promise<{ list: (TBillLine & { billMonth: string })[] }> {
  const device = await findDevice(database, scope, imei);
  const payer = await payerOf(database, scope.companyId);
  const rows = await database.rows<LineRow & Row<'bills', 'bill_month'>>(
    sql`SELECT b.bill_month, l.imei, l.device_name, l.usage_bytes, l.roaming_bytes, l.roaming_fen, l.number_fen
        FROM bill_lines l JOIN bills b ON b.id = l.bill_id
        WHERE l.device_id = ${device.id} AND (b.company_id = ${payer.id} OR b.company_id IN ${scope.companyIds()})
        ORDER BY b.bill_month DESC, b.issued_at DESC
        LIMIT ${DEVICE_BILL_MONTHS}`,
  );
  return { list: rows.map((r) => ({ billMonth: r.bill_month, ...toLine(r) })) };
}
