import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import type { Database } from '../src/db/client.js';
import { api, call, type Session, type TestApp } from './helper.js';
import { placeOrder } from './orders.js';

/**
 * An order placed through the API and then completed in the database (payment and delivery
 * are the commerce tests' subject): an offline one as a confirmed transfer.
 */
export async function completedOrder(
  t: TestApp,
  s: Session,
  o: { productType?: 0 | 1 | 4; quantity?: number; payMethod: 'wechat' | 'offline'; payerName?: string },
): Promise<{ orderNo: string; totalAmount: number }> {
  const placed = await placeOrder(t, s, { productType: o.productType ?? 0, quantity: o.quantity ?? 1, payMethod: o.payMethod, payerName: o.payerName });
  await t.database.rows(
    sql`UPDATE orders SET status = 'completed', paid_at = now(), completed_at = now(), paid_fen = total_fen,
               remittance_state = CASE WHEN pay_method = 'offline' THEN 'confirmed' END
        WHERE order_no = ${placed.orderNo}`,
  );
  return placed;
}

/** Saves a header and a recipient through the API; returns their ids. */
export async function savedHeaderAndRecipient(t: TestApp, s: Session, title: string, address = '上海市浦东新区世纪大道 100 号') {
  const h = (
    await call(t.app, s, api('/receipt/addOrUpdate'), {
      title,
      taxpayerId: '91310000MA1FL0001X',
      bank: '招商银行上海分行',
      bankAccount: '6225 8800 1234 5678',
      registeredAddress: '上海市浦东新区世纪大道 100 号',
      registeredPhone: '021-55550000',
      isDefault: true,
    })
  ).json();
  const r = (
    await call(t.app, s, api('/receipt/recipient/addOrUpdate'), {
      name: '李会计',
      phone: '13812345678',
      address,
      email: 'finance@demo.rrp.local',
      isDefault: true,
    })
  ).json();
  if (!h.success || !r.success) throw new Error(`save refused: ${JSON.stringify([h, r])}`);
  return { titleId: h.obj.id as string, recipientId: r.obj.id as string };
}

/** An OFD package: a ZIP whose root holds OFD.xml (GB/T 33190). */
export async function ofdFile(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('OFD.xml', '<?xml version="1.0" encoding="UTF-8"?><ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016" Version="1.0" DocType="OFD"/>');
  zip.file('Doc_0/Document.xml', '<ofd:Document xmlns:ofd="http://www.ofdspec.org/2016"/>');
  return zip.generateAsync({ type: 'nodebuffer' });
}

export async function invoiceCount(database: Database): Promise<number> {
  const [r] = await database.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM invoices`);
  return r.n;
}
