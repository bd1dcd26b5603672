import type { Locale, ProductType, TMerchandise, TMerchandiseUpdate } from '@rrp/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import type { Narrow, Row } from '../../db/row.js';
import { inLocale } from '../../i18n/index.js';
import { AppError } from '../../plugins/errors.js';
import { type Actor, changesOf, recordAudit } from '../audit/index.js';
import { fenToYuan, yuanToFen } from './codes.js';

export type MerchandiseRow = Narrow<
  Row<'merchandise', 'product_type' | 'name_zh' | 'name_en' | 'unit_price_fen' | 'promo_price_fen' | 'promo_until' | 'updated_at'>,
  { product_type: ProductType }
> & {
  /** the price of one unit now: the promotional one while it is valid */
  price_fen: number;
};

const SELECT = sql`
  SELECT product_type::int AS product_type, name_zh, name_en, unit_price_fen, promo_price_fen, promo_until, updated_at,
         CASE WHEN promo_price_fen IS NOT NULL AND (promo_until IS NULL OR promo_until > now()) THEN promo_price_fen ELSE unit_price_fen END AS price_fen
  FROM merchandise`;

export const productName = (r: { name_zh: string; name_en: string }, locale: Locale) => inLocale({ zh: r.name_zh, en: r.name_en }, locale);

function merchandiseOf(r: MerchandiseRow, locale: Locale): TMerchandise {
  return {
    productType: r.product_type,
    name: productName(r, locale),
    unitPrice: fenToYuan(r.unit_price_fen),
    promoPrice: r.promo_price_fen === null ? null : fenToYuan(r.promo_price_fen),
    promoUntil: r.promo_until ? new Date(r.promo_until).toISOString() : null,
    price: fenToYuan(r.price_fen),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export async function listMerchandise(database: Database, locale: Locale): Promise<{ list: TMerchandise[] }> {
  const rows = await database.rows<MerchandiseRow>(sql`${SELECT} ORDER BY product_type`);
  return { list: rows.map((r) => merchandiseOf(r, locale)) };
}

/** A product and its price now, read in the transaction that copies it into an order. */
export async function merchandiseFor(database: Database, tx: Tx, productType: ProductType): Promise<MerchandiseRow> {
  const [r] = await database.rows<MerchandiseRow>(sql`${SELECT} WHERE product_type = ${productType}`, tx);
  if (!r) throw new AppError(27003, { field: 'productType' });
  return r;
}

/** Sets a product's prices; orders already made keep theirs. */
export async function updateMerchandise(database: Database, actor: Actor, u: TMerchandiseUpdate): Promise<null> {
  await database.db.transaction(async (tx) => {
    const [before] = await database.rows<MerchandiseRow>(sql`${SELECT} WHERE product_type = ${u.productType} FOR UPDATE`, tx);
    if (!before) throw new AppError(27003, { field: 'productType' });
    const after = {
      unit_price_fen: yuanToFen(u.unitPrice),
      promo_price_fen: u.promoPrice === null ? null : yuanToFen(u.promoPrice),
      promo_until: u.promoUntil ? new Date(u.promoUntil).toISOString() : null,
    };
    await database.rows(
      sql`UPDATE merchandise SET unit_price_fen = ${after.unit_price_fen}, promo_price_fen = ${after.promo_price_fen},
                 promo_until = ${after.promo_until}, updated_at = now(), updated_by = ${actor.id}
          WHERE product_type = ${u.productType}`,
      tx,
    );
    const old = {
      unit_price_fen: before.unit_price_fen,
      promo_price_fen: before.promo_price_fen,
      promo_until: before.promo_until ? new Date(before.promo_until).toISOString() : null,
    };
    await recordAudit(database, tx, actor, {
      action: 'merchandise.update',
      companyId: null,
      targetType: 'merchandise',
      targetId: String(u.productType),
      targetLabel: before.name_zh,
      changes: changesOf(old, after),
    });
  });
  return null;
}
