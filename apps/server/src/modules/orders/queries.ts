import {
  type Locale,
  ORDER_TIMING,
  type OrderStatus,
  type PayMethod,
  type ProductType,
  type RemittanceState,
  type TOrder,
  type TOrderDetail,
} from '@rrp/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { As, AsNumber, Count, Narrow, Nullable, Row } from '../../db/row.js';
import type { Scope } from '../../db/scope.js';
import { inLocale } from '../../i18n/index.js';
import { AppError } from '../../plugins/errors.js';
import { fenToYuan } from './codes.js';

/** An order row as the queries below read it. */
export type OrderRow = Narrow<
  Row<
    'orders',
    | 'id'
    | 'order_no'
    | 'company_id'
    | 'product_type'
    | 'product_name_zh'
    | 'product_name_en'
    | 'unit_price_fen'
    | 'quantity'
    | 'pay_method'
    | 'payer_name'
    | 'remark'
    | 'status'
    | 'expires_at'
    | 'created_at'
    | 'paid_at'
    | 'completed_at'
    | 'cancelled_at'
    | 'transaction_id'
    | 'code_url'
    | 'bank_transaction_no'
    | 'remittance_code'
    | 'remittance_state'
    | 'remittance_reject_reason'
    | 'delivered'
  >,
  { product_type: ProductType; pay_method: PayMethod; status: OrderStatus; remittance_state: RemittanceState | null; delivered: TOrder['delivered'] }
> &
  As<'companies', { company_name: 'name' }> &
  Nullable<As<'users', { created_by_name: 'name' }>> &
  // read as float8: a bigint would arrive as text
  AsNumber<Row<'orders', 'total_fen'>>;

export const ORDER_SELECT = sql`
  SELECT o.id, o.order_no, o.company_id, c.name AS company_name, u.name AS created_by_name, o.product_type::int AS product_type,
         o.product_name_zh, o.product_name_en, o.unit_price_fen, o.quantity, o.total_fen::float8 AS total_fen, o.pay_method, o.payer_name,
         o.remark, o.status, o.expires_at, o.created_at, o.paid_at, o.completed_at, o.cancelled_at, o.transaction_id, o.code_url,
         o.bank_transaction_no, o.remittance_code, o.remittance_state, o.remittance_reject_reason, o.delivered
  FROM orders o JOIN companies c ON c.id = o.company_id LEFT JOIN users u ON u.id = o.created_by`;

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

export function orderOf(r: OrderRow, locale: Locale): TOrder {
  return {
    orderNo: r.order_no,
    productType: r.product_type,
    productName: inLocale({ zh: r.product_name_zh, en: r.product_name_en }, locale),
    unitPrice: fenToYuan(r.unit_price_fen),
    quantity: r.quantity,
    totalAmount: fenToYuan(r.total_fen),
    payMethod: r.pay_method,
    payerName: r.payer_name,
    remark: r.remark,
    status: r.status,
    companyId: r.company_id,
    companyName: r.company_name,
    createdBy: r.created_by_name,
    createdAt: new Date(r.created_at).toISOString(),
    expiresAt: new Date(r.expires_at).toISOString(),
    paidAt: iso(r.paid_at),
    completedAt: iso(r.completed_at),
    cancelledAt: iso(r.cancelled_at),
    transactionId: r.transaction_id,
    bankTransactionNo: r.bank_transaction_no,
    remittanceCode: r.remittance_code,
    remittanceState: r.remittance_state,
    remittanceRejectReason: r.remittance_reject_reason,
    delivered: r.delivered ?? null,
  };
}

export type RemittanceAccount = { accountName: string; bankName: string; accountNo: string };

export function orderDetailOf(r: OrderRow, locale: Locale, account: RemittanceAccount): TOrderDetail {
  const offline = r.pay_method === 'offline';
  const due = new Date(new Date(r.created_at).getTime() + ORDER_TIMING.transferDueDays * 86_400_000).toISOString();
  return { ...orderOf(r, locale), remittanceAccount: offline ? account : null, transferDueAt: offline ? due : null };
}

/** One order the scope reaches (another company's order number is simply not found: 27001; the back office's scope reaches any). */
export async function findOrder(database: Database, scope: Scope, orderNo: string, tx?: Tx, lock = false): Promise<OrderRow> {
  const [r] = await database.rows<OrderRow>(
    sql`${ORDER_SELECT} WHERE o.order_no = ${orderNo} AND ${scope.owns(sql`o.company_id`)}${lock ? sql` FOR UPDATE OF o` : sql``}`,
    tx,
  );
  if (!r) throw new AppError(27001, { field: 'orderNo' });
  return r;
}

export type OrderFilters = {
  status?: OrderStatus;
  productType?: ProductType;
  payMethod?: PayMethod;
  orderNo?: string;
  from?: string;
  to?: string;
  remittanceState?: RemittanceState;
  keyword?: string;
};

function orderFilters(f: OrderFilters): SQL {
  const parts: SQL[] = [];
  if (f.status) parts.push(sql`o.status = ${f.status}`);
  if (f.productType !== undefined) parts.push(sql`o.product_type = ${f.productType}`);
  if (f.payMethod) parts.push(sql`o.pay_method = ${f.payMethod}`);
  if (f.orderNo) parts.push(sql`o.order_no LIKE ${`%${f.orderNo.replace(/[\\%_]/g, '\\$&')}%`}`);
  if (f.from) parts.push(sql`o.created_at >= ${f.from}::date`);
  if (f.to) parts.push(sql`o.created_at < ${f.to}::date + 1`);
  if (f.remittanceState) parts.push(sql`o.remittance_state = ${f.remittanceState}`);
  if (f.keyword) {
    const kw = `%${f.keyword.replace(/[\\%_]/g, '\\$&')}%`;
    parts.push(
      sql`(o.order_no ILIKE ${kw} OR o.remittance_code ILIKE ${kw} OR o.bank_transaction_no ILIKE ${kw} OR c.name ILIKE ${kw} OR o.payer_name ILIKE ${kw})`,
    );
  }
  return parts.length ? sql.join(parts, sql` AND `) : sql`true`;
}

/** A page of the scope's orders matching the filters, newest first, with the total of the filter. */
export async function listOrders(
  database: Database,
  scope: Scope,
  q: OrderFilters & { pageNum: number; pageSize: number },
  locale: Locale,
): Promise<{ total: number; list: TOrder[] }> {
  const where = sql`${scope.owns(sql`o.company_id`)} AND ${orderFilters(q)}`;
  const [rows, [count]] = await Promise.all([
    database.rows<OrderRow>(
      sql`${ORDER_SELECT} WHERE ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
    ),
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM orders o JOIN companies c ON c.id = o.company_id WHERE ${where}`),
  ]);
  return { total: count.n, list: rows.map((r) => orderOf(r, locale)) };
}
