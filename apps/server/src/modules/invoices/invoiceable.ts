import { INVOICE_TAX_PERCENT, type InvoiceType, type Locale, type PayMethod, type ProductType, type TInvoiceableOrder } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { AsNumber, Count, Narrow, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { inLocale } from '../../i18n/index.js';
import { fenToYuan } from '../orders/index.js';

/** Orders a company can invoice: completed, and on no application in progress or issued (and its own: the scope's filter). */
const INVOICEABLE = sql`o.status = 'completed' AND o.invoice_id IS NULL`;

/** The invoice types an order allows: a special invoice only for an order paid by offline remittance. */
export const typesFor = (payMethod: PayMethod): InvoiceType[] => (payMethod === 'offline' ? ['ordinary', 'special'] : ['ordinary']);

export async function invoiceableAmount(database: Database, scope: TenantScope) {
  const [r] = await database.rows<Count & { total: number; offline: number }>(
    sql`SELECT count(*)::int AS n, coalesce(sum(o.total_fen), 0)::float8 AS total,
               coalesce(sum(o.total_fen) FILTER (WHERE o.pay_method = 'offline'), 0)::float8 AS offline
        FROM orders o WHERE ${scope.owns(sql`o.company_id`)} AND ${INVOICEABLE}`,
  );
  return { orders: r.n, amount: fenToYuan(r.total), offlineAmount: fenToYuan(r.offline), taxPercent: INVOICE_TAX_PERCENT };
}

type OrderLine = Narrow<
  Row<'orders', 'order_no' | 'product_type' | 'product_name_zh' | 'product_name_en' | 'quantity' | 'pay_method' | 'payer_name' | 'completed_at'>,
  { product_type: ProductType; pay_method: PayMethod; completed_at: string }
> &
  // read as float8: a bigint would arrive as text
  AsNumber<Row<'orders', 'total_fen'>>;

export async function invoiceableOrders(
  database: Database,
  scope: TenantScope,
  f: { type?: InvoiceType; payerName?: string; pageNum: number; pageSize: number },
  locale: Locale,
): Promise<{ total: number; list: TInvoiceableOrder[] }> {
  const parts = [scope.owns(sql`o.company_id`), INVOICEABLE];
  if (f.type === 'special') parts.push(sql`o.pay_method = 'offline'`);
  if (f.payerName) parts.push(sql`o.payer_name ILIKE ${`%${f.payerName.replace(/[\\%_]/g, '\\$&')}%`}`);
  const where = sql.join(parts, sql` AND `);
  const [count, rows] = await Promise.all([
    database.rows<Count>(sql`SELECT count(*)::int AS n FROM orders o WHERE ${where}`),
    database.rows<OrderLine>(
      sql`SELECT o.order_no, o.product_type::int AS product_type, o.product_name_zh, o.product_name_en, o.quantity,
                 o.total_fen::float8 AS total_fen, o.pay_method, o.payer_name, o.completed_at
          FROM orders o WHERE ${where} ORDER BY o.completed_at DESC, o.order_no LIMIT ${f.pageSize} OFFSET ${(f.pageNum - 1) * f.pageSize}`,
    ),
  ]);
  return {
    total: count[0].n,
    list: rows.map((r) => ({
      orderNo: r.order_no,
      productType: r.product_type,
      productName: inLocale({ zh: r.product_name_zh, en: r.product_name_en }, locale),
      quantity: r.quantity,
      totalAmount: fenToYuan(r.total_fen),
      payMethod: r.pay_method,
      payerName: r.payer_name,
      completedAt: new Date(r.completed_at).toISOString(),
      types: typesFor(r.pay_method),
    })),
  };
}
