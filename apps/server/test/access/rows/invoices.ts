import { sql } from 'drizzle-orm';
import { PDF } from '../../images.js';
import type { Fixtures } from '../fixtures.js';
import type { MatrixRows } from '../matrix.js';
import { prepare } from './setup.js';

const TITLE_NOT_FOUND = 31001;
const RECIPIENT_NOT_FOUND = 31002;
const INVOICE_NOT_FOUND = 31003;

const header = (title: string) => ({
  title,
  taxpayerId: '91310000MA1FL0001X',
  bank: '招商银行',
  bankAccount: '6225 8800 1234',
  registeredAddress: '上海市浦东新区',
  registeredPhone: '021-55550000',
});
const recipient = { name: '李会计', phone: '13812345678', address: '上海市浦东新区', email: 'finance@matrix-corp.com' };

const pairs = new WeakMap<Fixtures, Promise<{ titleId: string; recipientId: string }>>();
/** A header and a recipient of the demo company, titled with its name (so its orders match); saved once per run. */
function savedPair(fx: Fixtures): Promise<{ titleId: string; recipientId: string }> {
  let p = pairs.get(fx);
  if (!p) {
    p = (async () => {
      const [c] = await fx.t.database.rows<{ name: string }>(sql`SELECT name FROM companies WHERE id = ${fx.demo.id}`);
      const t = await prepare(fx, 'POST /rrp/receipt/addOrUpdate', header(c.name));
      const r = await prepare(fx, 'POST /rrp/receipt/recipient/addOrUpdate', recipient);
      return { titleId: t.id, recipientId: r.id };
    })();
    pairs.set(fx, p);
  }
  return p;
}

/** A completed order of the demo company (paid and delivered are the commerce rows' subject). */
async function completedOrder(fx: Fixtures): Promise<string> {
  const o = await prepare<{ orderNo: string }>(fx, 'POST /rrp/merchandiseOrder/create', { productType: 0, quantity: 1, payMethod: 'offline' });
  await fx.t.database.rows(sql`UPDATE orders SET status = 'completed', completed_at = now(), remittance_state = 'confirmed' WHERE order_no = ${o.orderNo}`);
  return o.orderNo;
}

/** An application of the demo company in progress; `issued` also records it issued with a PDF. */
async function application(fx: Fixtures, issued = false): Promise<string> {
  const pair = await savedPair(fx);
  const inv = await prepare(fx, 'POST /rrp/receipt/add', { type: 'ordinary', orderNos: [await completedOrder(fx)], ...pair });
  if (issued) {
    await fx.t.database.rows(
      sql`UPDATE invoices SET status = 'issued', issued_at = now(), invoice_no = 'M-1', invoice_date = now()::date, file = ${PDF}, file_kind = 'pdf' WHERE id = ${inv.id}`,
    );
  }
  return inv.id;
}

const onDemoInvoice = (make: (fx: Fixtures) => Promise<Record<string, unknown>>, where: 'body' | 'query' = 'body') => ({
  request: async (fx: Fixtures) => ({ [where]: await make(fx) }),
  expect: { sub: INVOICE_NOT_FOUND, foreign: INVOICE_NOT_FOUND },
});

/** Invoice headers, recipients, applications and the back office's issuing. */
export const invoiceRows: MatrixRows = {
  'POST /rrp/receipt/amount': {},
  'POST /rrp/receipt/order/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'POST /rrp/receipt/title': {},
  'POST /rrp/receipt/addOrUpdate': { request: () => ({ body: header('矩阵抬头') }) },
  'POST /rrp/receipt/title/delete': {
    request: async (fx) => ({ body: { id: (await prepare(fx, 'POST /rrp/receipt/addOrUpdate', header('待删除'))).id } }),
    expect: { sub: TITLE_NOT_FOUND, foreign: TITLE_NOT_FOUND },
  },
  'POST /rrp/receipt/recipient/list': {},
  'POST /rrp/receipt/recipient/addOrUpdate': { request: () => ({ body: recipient }) },
  'POST /rrp/receipt/recipient/delete': {
    request: async (fx) => ({ body: { id: (await prepare(fx, 'POST /rrp/receipt/recipient/addOrUpdate', recipient)).id } }),
    expect: { sub: RECIPIENT_NOT_FOUND, foreign: RECIPIENT_NOT_FOUND },
  },
  // another company names the demo company's header: not found
  'POST /rrp/receipt/add': {
    request: async (fx) => ({ body: { type: 'ordinary', orderNos: [await completedOrder(fx)], ...(await savedPair(fx)) } }),
    expect: { sub: TITLE_NOT_FOUND, foreign: TITLE_NOT_FOUND },
  },
  'POST /rrp/receipt/list': { request: () => ({ body: { pageNum: 1, pageSize: 10 } }) },
  'POST /rrp/receipt/detail': onDemoInvoice(async (fx) => ({ id: await application(fx) })),
  'POST /rrp/receipt/cancel': onDemoInvoice(async (fx) => ({ id: await application(fx), reason: '矩阵' })),
  'GET /rrp/receipt/file': onDemoInvoice(async (fx) => ({ id: await application(fx, true) }), 'query'),
  'GET /rrp/receipt/statement': onDemoInvoice(async (fx) => ({ id: await application(fx) }), 'query'),

  'POST /ops/invoice/list': { request: () => ({ body: { status: 'in_progress' } }) },
  'POST /ops/invoice/detail': { request: async (fx) => ({ body: { id: await application(fx) } }) },
  'POST /ops/invoice/issue': {
    request: async (fx) => ({
      parts: [
        { name: 'id', value: await application(fx) },
        { name: 'invoiceNo', value: 'MATRIX-1' },
        { name: 'invoiceDate', value: new Date().toISOString().slice(0, 10) },
        { name: 'file', value: PDF, filename: 'invoice.pdf', contentType: 'application/pdf' },
      ],
    }),
  },
  'POST /ops/invoice/cancel': { request: async (fx) => ({ body: { id: await application(fx), reason: '矩阵' } }) },
  'GET /ops/invoice/file': { request: async (fx) => ({ query: { id: await application(fx, true) } }) },
  'GET /ops/invoice/statement': { request: async (fx) => ({ query: { id: await application(fx) } }) },
};
