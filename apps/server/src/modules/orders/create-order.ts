import { BUY_PERMISSION, type Locale, ORDER_TIMING, type TOrderCreate, type TOrderDetail } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Row } from '../../db/row.js';
import type { TenantScope } from '../../db/scope.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { MemberCaller } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, recordAudit } from '../audit/index.js';
import { merchandiseFor } from './catalogue.js';
import { newOrderNo, newRemittanceCode } from './codes.js';
import { findOrder, orderDetailOf, type RemittanceAccount } from './queries.js';

/**
 * Orders a product at its price now, for the caller's own company. A company billed by its
 * parent has no purchase codes (spec section 6) and a member needs the product's own code; the
 * price, names and total are copied into the order, so a later price change never moves it.
 */
export async function createOrder(
  database: Database,
  ctx: { caller: MemberCaller; scope: TenantScope; actor: Actor; locale: Locale; account: RemittanceAccount },
  body: TOrderCreate,
): Promise<TOrderDetail> {
  const { caller, scope } = ctx;
  if (caller.deductionSource !== 0 || !caller.permissions.includes(BUY_PERMISSION[body.productType])) throw new AppError(10002);
  let orderNo = newOrderNo();
  for (let attempt = 0; ; attempt++, orderNo = newOrderNo()) {
    try {
      await database.db.transaction(async (tx) => {
        const product = await merchandiseFor(database, tx, body.productType);
        const [company] = await database.rows<Row<'companies', 'name'>>(sql`SELECT name FROM companies WHERE id = ${scope.companyId}`, tx);
        const offline = body.payMethod === 'offline';
        const expiry = offline ? `${ORDER_TIMING.offlineExpiryDays} days` : `${ORDER_TIMING.wechatExpiryMs} milliseconds`;
        const total = product.price_fen * body.quantity;
        await database.rows(
          sql`INSERT INTO orders (order_no, company_id, created_by, product_type, product_name_zh, product_name_en, unit_price_fen, quantity,
                                  total_fen, pay_method, payer_name, remark, expires_at, remittance_code, remittance_state)
              VALUES (${orderNo}, ${scope.companyId}, ${caller.userId}, ${body.productType}, ${product.name_zh}, ${product.name_en},
                      ${product.price_fen}, ${body.quantity}, ${total}, ${body.payMethod}, ${body.payerName ?? company.name},
                      ${body.remark || null}, now() + ${expiry}::interval,
                      ${offline ? newRemittanceCode() : null}, ${offline ? 'awaiting_transfer' : null})`,
          tx,
        );
        await recordAudit(database, tx, ctx.actor, {
          action: 'order.create',
          companyId: scope.companyId,
          targetType: 'order',
          targetId: orderNo,
          targetLabel: orderNo,
          changes: {
            productType: [null, body.productType],
            quantity: [null, body.quantity],
            unitPriceFen: [null, product.price_fen],
            totalFen: [null, total],
            payMethod: [null, body.payMethod],
          },
        });
      });
      break;
    } catch (err) {
      // an order number or remittance code drawn twice: draw again
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
  return orderDetailOf(await findOrder(database, scope, orderNo), ctx.locale, ctx.account);
}
