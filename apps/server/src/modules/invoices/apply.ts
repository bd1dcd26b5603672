import { invoiceAmounts, type Locale, type TInvoiceApply, type TInvoiceDetail } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { AsNumber, Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { MemberCaller } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { newNumber } from '../orders/index.js';
import { findInvoice, invoiceDetailOf } from './rows.js';
import { findRecipient, findTitle } from './saved.js';

/**
 * Names compared the way a person reads them: compatibility forms folded (full-width
 * brackets and letters), spaces collapsed, Latin case ignored.
 */
export const sameName = (a: string, b: string): boolean => {
  const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(a) === norm(b);
};

// total_fen read as float8 (a bigint arrives as text)
type Candidate = Row<'orders', 'order_no' | 'status' | 'pay_method' | 'payer_name' | 'invoice_id'> & AsNumber<Row<'orders', 'total_fen'>>;

/**
 * Applies for an invoice over whole orders. The rules, each refusing with the orders at fault:
 * every order completed, the company's own and not on another application (31006); the payer
 * name of each equal to the header's title (31004); a special invoice only over orders paid by
 * offline remittance (31005). The orders are then claimed by one conditional UPDATE in the same
 * transaction: of two applications racing over an order, the second finds it claimed and is
 * refused, so nothing is invoiced twice.
 */
export async function applyInvoice(
  database: Database,
  ctx: { caller: MemberCaller; scope: TenantScope; actor: Actor; locale: Locale },
  body: TInvoiceApply,
): Promise<TInvoiceDetail> {
  const { scope } = ctx;
  const orderNos = [...new Set(body.orderNos)].sort();
  const title = await findTitle(database, scope, body.titleId);
  const recipient = await findRecipient(database, scope, body.recipientId);
  if (body.type === 'special' && !recipient.address) throw new AppError(31010, { field: 'recipientId' });

  const found = await database.rows<Candidate>(
    sql`SELECT order_no, status, pay_method, payer_name, total_fen::float8 AS total_fen, invoice_id
        FROM orders WHERE order_no IN ${orderNos} AND ${scope.owns()}`,
  );
  const byNo = new Map(found.map((o) => [o.order_no, o]));
  const refuse = (code: 31004 | 31005 | 31006, bad: string[], params?: Record<string, string>) => {
    if (bad.length) throw new AppError(code, { detail: bad.join(', '), params });
  };
  refuse(
    31006,
    orderNos.filter((n) => {
      const o = byNo.get(n);
      return o?.status !== 'completed' || o.invoice_id !== null;
    }),
  );
  refuse(
    31004,
    found.filter((o) => !sameName(o.payer_name, title.title)).map((o) => o.order_no),
    { title: title.title },
  );
  if (body.type === 'special')
    refuse(
      31005,
      found.filter((o) => o.pay_method !== 'offline').map((o) => o.order_no),
    );

  const amounts = invoiceAmounts(found.reduce((s, o) => s + o.total_fen, 0));
  const { id: _t, isDefault: _td, updatedAt: _tu, ...titleCopy } = title;
  const { id: _r, isDefault: _rd, updatedAt: _ru, ...recipientCopy } = recipient;
  for (let attempt = 0; ; attempt++) {
    const ticketNo = newNumber('WO');
    try {
      const id = await database.db.transaction(async (tx) => {
        const [inv] = await database.rows<Row<'invoices', 'id'>>(
          sql`INSERT INTO invoices (ticket_no, company_id, type, title, recipient, net_fen, tax_fen, total_fen, applied_by)
              VALUES (${ticketNo}, ${scope.companyId}, ${body.type}, ${JSON.stringify(titleCopy)}::jsonb, ${JSON.stringify(recipientCopy)}::jsonb,
                      ${amounts.netFen}, ${amounts.taxFen}, ${amounts.totalFen}, ${ctx.caller.userId})
              RETURNING id`,
          tx,
        );
        const claimed = await database.rows<Row<'orders', 'order_no'>>(
          sql`UPDATE orders SET invoice_id = ${inv.id}
              WHERE order_no IN ${orderNos} AND ${scope.owns()} AND status = 'completed' AND invoice_id IS NULL
              RETURNING order_no`,
          tx,
        );
        if (claimed.length !== orderNos.length) {
          const got = new Set(claimed.map((c) => c.order_no));
          throw new AppError(31006, { detail: orderNos.filter((n) => !got.has(n)).join(', ') });
        }
        await database.rows(
          sql`INSERT INTO invoice_orders (invoice_id, order_no, amount_fen)
              SELECT ${inv.id}, order_no, total_fen FROM orders WHERE invoice_id = ${inv.id}`,
          tx,
        );
        await recordAudit(database, tx, ctx.actor, {
          action: 'invoice.apply',
          companyId: scope.companyId,
          targetType: 'invoice',
          targetId: inv.id,
          targetLabel: ticketNo,
          changes: {
            type: [null, body.type],
            orders: [null, orderNos],
            totalFen: [null, amounts.totalFen],
            title: [null, title.title],
          },
        });
        return inv.id;
      });
      return invoiceDetailOf(database, scope, await findInvoice(database, scope, id), ctx.locale);
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}
