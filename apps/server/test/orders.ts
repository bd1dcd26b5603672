import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { api, call, type Session, type TestApp } from './helper.js';

/** Places an order through the API and returns its answer's obj (throws with the answer when refused). */
export async function placeOrder(
  t: TestApp,
  s: Session,
  body: { productType: 0 | 1 | 4; quantity: number; payMethod: 'wechat' | 'offline'; payerName?: string; remark?: string },
) {
  const res = await call(t.app, s, api('/merchandiseOrder/create'), body);
  const json = res.json();
  if (!json.success) throw new Error(`order refused: ${res.body}`);
  return json.obj as { orderNo: string; totalAmount: number; remittanceCode: string | null; status: string; expiresAt: string };
}

/** The License, data and AC License stock of a company, from the ledgers. */
export async function stock(database: Database, companyId: string): Promise<{ licenses: number; dataMb: number; acLicenses: number }> {
  const [r] = await database.rows<{ licenses: number; data: number; ac: number }>(sql`
    SELECT (SELECT coalesce(sum(delta), 0) FROM license_ledger WHERE company_id = ${companyId})::int AS licenses,
           (SELECT coalesce(sum(delta_mb), 0) FROM data_pool_ledger WHERE company_id = ${companyId})::int AS data,
           (SELECT coalesce(sum(delta), 0) FROM ac_license_ledger WHERE company_id = ${companyId})::int AS ac`);
  return { licenses: r.licenses, dataMb: r.data, acLicenses: r.ac };
}

export async function orderStatus(database: Database, orderNo: string): Promise<string> {
  const [r] = await database.rows<{ status: string }>(sql`SELECT status FROM orders WHERE order_no = ${orderNo}`);
  return r.status;
}
