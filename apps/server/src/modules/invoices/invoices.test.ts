import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, ops } from '../../../test/companies.js';
import { companyIdOf, signedUpload } from '../../../test/devices.js';
import { api, buildTestApp, call, DEMO, login, mailHarness, OPS_PASSWORD, type Session, type TestApp } from '../../../test/helper.js';
import { PDF, png } from '../../../test/images.js';
import { completedOrder, invoiceCount, ofdFile, savedHeaderAndRecipient } from '../../../test/invoices.js';
import type { Count, Row } from '../../db/row.js';

let t: TestApp;
let admin: Session;
let staff: Session;
let demo: { id: string; name: string };
let ids: { titleId: string; recipientId: string };
let mail: Awaited<ReturnType<typeof mailHarness>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, DEMO.admin);
  staff = await login(t.app, DEMO.ops, OPS_PASSWORD);
  const c = await companyIdOf(t.database, DEMO.admin);
  const [row] = await t.database.rows<Row<'companies', 'name'>>(sql`SELECT name FROM companies WHERE id = ${c.id}`);
  demo = { id: c.id, name: row.name };
  ids = await savedHeaderAndRecipient(t, admin, demo.name);
  mail = await mailHarness(t.database);
});
afterAll(async () => {
  await mail.close();
  await t.close();
});

type Envelope = { success: boolean; code: number; msg: string; obj: Record<string, unknown> & { list?: Record<string, unknown>[] } };
const body = (r: { json(): unknown }) => r.json() as Envelope;
const apply = (b: Record<string, unknown>, s = admin, lang = 'zh-CN') => call(t.app, s, api('/receipt/add'), { ...ids, ...b }, { lang }).then(body);
const issueUrl = '/api/v1/ops/invoice/issue';
const issue = (fields: Record<string, string>, file?: { value: Buffer; filename: string; contentType?: string }) =>
  signedUpload(t.app, staff, issueUrl, [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'file', value: file.value, filename: file.filename, contentType: file.contentType ?? 'application/pdf' }] : []),
  ]).then(body);
const today = () => new Date().toISOString().slice(0, 10);
const orderInvoice = async (orderNo: string) =>
  (await t.database.rows<Row<'orders', 'invoice_id'>>(sql`SELECT invoice_id FROM orders WHERE order_no = ${orderNo}`))[0].invoice_id;

describe('headers and recipients', () => {
  it('keeps one default, edits in place and audits each save', async () => {
    const second = body(
      await call(t.app, admin, api('/receipt/addOrUpdate'), {
        title: '另一家公司',
        taxpayerId: '91440300MA5XXXXX2B',
        bank: '工商银行深圳分行',
        bankAccount: '4000-0000-0000',
        registeredAddress: '深圳市南山区',
        registeredPhone: '0755-88886666',
        isDefault: true,
      }),
    );
    expect(second.success).toBe(true);
    const list = body(await call(t.app, admin, api('/receipt/title'))).obj.list ?? [];
    expect(list.filter((h) => h.isDefault).map((h) => h.title)).toEqual(['另一家公司']);
    const edited = body(
      await call(t.app, admin, api('/receipt/addOrUpdate'), { ...list[1], id: ids.titleId, title: demo.name, bank: '招商银行北京分行', isDefault: true }),
    );
    expect(edited.obj).toMatchObject({ id: ids.titleId, bank: '招商银行北京分行', isDefault: true });
    const events = await auditOf(t.database, 'invoice.title.save');
    expect(events.at(-1)?.changes).toMatchObject({ bank: ['招商银行上海分行', '招商银行北京分行'], isDefault: [false, true] });
    expect(body(await call(t.app, admin, api('/receipt/title/delete'), { id: second.obj.id })).success).toBe(true);
    expect((body(await call(t.app, admin, api('/receipt/title'))).obj.list ?? []).map((h) => h.id)).toEqual([ids.titleId]);
  });

  it('refuses a 41-character title, a bad e-mail and a bad phone, naming the field, and saves nothing', async () => {
    const before = (body(await call(t.app, admin, api('/receipt/title'))).obj.list ?? []).length;
    const r = body(
      await call(t.app, admin, api('/receipt/addOrUpdate'), {
        title: '甲'.repeat(41),
        taxpayerId: 'X1',
        bank: 'b',
        bankAccount: '1',
        registeredAddress: 'a',
        registeredPhone: '021-55550000',
      }),
    );
    expect(r.code).toBe(28002);
    expect(r.msg).toContain('发票抬头');
    expect((body(await call(t.app, admin, api('/receipt/title'))).obj.list ?? []).length).toBe(before);
    const e = body(await call(t.app, admin, api('/receipt/recipient/addOrUpdate'), { name: 'x', phone: '13812345678', email: 'not-an-email' }, { lang: 'en' }));
    expect(e.code).toBe(28002);
    expect(e.msg).toContain('receiving e-mail');
    const p = body(await call(t.app, admin, api('/receipt/recipient/addOrUpdate'), { name: 'x', phone: 'call me', email: 'a@b.cn' }, { lang: 'en' }));
    expect(p.msg).toContain('recipient phone');
  });

  it('does not reach another company’s header (31001)', async () => {
    const other = await login(t.app, DEMO.subAdmin);
    const r = body(await call(t.app, other, api('/receipt/title/delete'), { id: ids.titleId }));
    expect(r.code).toBe(31001);
  });
});

describe('applying', () => {
  it('invoices two orders: ticket number, net/tax/total in fen, orders no longer invoiceable, audited', async () => {
    const a = await completedOrder(t, admin, { payMethod: 'wechat', quantity: 1 });
    const b = await completedOrder(t, admin, { payMethod: 'offline', productType: 1, quantity: 3 });
    const amount = body(await call(t.app, admin, api('/receipt/amount'))).obj;
    expect(amount.amount).toBeGreaterThanOrEqual(a.totalAmount + b.totalAmount);
    const listed = body(await call(t.app, admin, api('/receipt/order/list'), { type: 'special' })).obj.list ?? [];
    expect(listed.map((o) => o.orderNo)).toContain(b.orderNo);
    expect(listed.map((o) => o.orderNo)).not.toContain(a.orderNo);

    const r = await apply({ type: 'ordinary', orderNos: [a.orderNo, b.orderNo] });
    expect(r.success).toBe(true);
    // 49 + 30 = 79.00 yuan including 6 % VAT: net 74.53 (7900 / 1.06 = 7452.83 → 7453 fen), tax 4.47
    expect(r.obj).toMatchObject({ status: 'in_progress', total: 79, net: 74.53, tax: 4.47, expectedWorkingDays: 2 });
    expect(r.obj.ticketNo).toMatch(/^WO\d{20}$/);
    expect(r.obj.orderNos).toEqual([a.orderNo, b.orderNo].sort());
    expect(await orderInvoice(a.orderNo)).toBe(r.obj.id);
    const after = body(await call(t.app, admin, api('/receipt/amount'))).obj;
    expect(after.amount).toBeCloseTo((amount.amount as number) - 79, 2);
    const [event] = (await auditOf(t.database, 'invoice.apply')).slice(-1);
    expect(event).toMatchObject({ target_label: r.obj.ticketNo, company_id: demo.id });
  });

  it('refuses a payer name that differs from the title, naming the order, and changes nothing', async () => {
    const o = await completedOrder(t, admin, { payMethod: 'offline', payerName: '别的付款方有限公司' });
    const before = await invoiceCount(t.database);
    const r = await apply({ type: 'ordinary', orderNos: [o.orderNo] });
    expect(r.code).toBe(31004);
    expect(r.msg).toContain(o.orderNo);
    expect(r.msg).toContain(demo.name);
    expect(await invoiceCount(t.database)).toBe(before);
    expect(await orderInvoice(o.orderNo)).toBeNull();
  });

  it('reads full-width brackets and spacing in a payer name as the same name', async () => {
    const o = await completedOrder(t, admin, { payMethod: 'wechat', payerName: ` ${demo.name.replace(/\(/g, '（').replace(/\)/g, '）')} ` });
    expect((await apply({ type: 'ordinary', orderNos: [o.orderNo] })).success).toBe(true);
  });

  it('refuses a special invoice over a WeChat order (31005), allows it over offline orders', async () => {
    const w = await completedOrder(t, admin, { payMethod: 'wechat' });
    const off = await completedOrder(t, admin, { payMethod: 'offline' });
    const r = await apply({ type: 'special', orderNos: [w.orderNo, off.orderNo] }, admin, 'en');
    expect(r.code).toBe(31005);
    expect(r.msg).toContain(w.orderNo);
    expect(r.msg).not.toContain(off.orderNo);
    const ok = await apply({ type: 'special', orderNos: [off.orderNo] });
    expect(ok.obj).toMatchObject({ type: 'special', expectedWorkingDays: 3 });
  });

  it('refuses an order already invoiced, not completed or unknown (31006: amount above the invoiceable)', async () => {
    const o = await completedOrder(t, admin, { payMethod: 'wechat' });
    expect((await apply({ type: 'ordinary', orderNos: [o.orderNo] })).success).toBe(true);
    const again = await apply({ type: 'ordinary', orderNos: [o.orderNo] });
    expect(again.code).toBe(31006);
    const pending = (await call(t.app, admin, api('/merchandiseOrder/create'), { productType: 0, quantity: 1, payMethod: 'wechat' })).json().obj.orderNo;
    expect((await apply({ type: 'ordinary', orderNos: [pending] })).code).toBe(31006);
    expect((await apply({ type: 'ordinary', orderNos: ['R20990101000000000000'] })).code).toBe(31006);
  });

  it('accepts exactly one of 50 concurrent applications over the same orders', async () => {
    const a = await completedOrder(t, admin, { payMethod: 'offline' });
    const b = await completedOrder(t, admin, { payMethod: 'offline' });
    const before = await invoiceCount(t.database);
    const results = await Promise.all(Array.from({ length: 50 }, () => apply({ type: 'ordinary', orderNos: [a.orderNo, b.orderNo] })));
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(new Set(results.filter((r) => !r.success).map((r) => r.code))).toEqual(new Set([31006]));
    expect(await invoiceCount(t.database)).toBe(before + 1);
    const [lines] = await t.database.rows<Count>(sql`SELECT count(*)::int AS n FROM invoice_orders WHERE order_no IN (${a.orderNo}, ${b.orderNo})`);
    expect(lines.n).toBe(2);
  });

  it('needs a postal address for a paper invoice (31010)', async () => {
    const noAddress = body(
      await call(t.app, admin, api('/receipt/recipient/addOrUpdate'), { name: '王出纳', phone: '13900000000', address: '', email: 'cashier@demo.rrp.local' }),
    );
    const o = await completedOrder(t, admin, { payMethod: 'offline' });
    const r = await apply({ type: 'special', orderNos: [o.orderNo], recipientId: noAddress.obj.id });
    expect(r.code).toBe(31010);
  });

  it('lets the member cancel an application in progress; its orders can be applied for again', async () => {
    const o = await completedOrder(t, admin, { payMethod: 'wechat' });
    const first = await apply({ type: 'ordinary', orderNos: [o.orderNo] });
    const c = body(await call(t.app, admin, api('/receipt/cancel'), { id: first.obj.id, reason: '抬头填错' }));
    expect(c.obj).toMatchObject({ status: 'cancelled', cancelReason: '抬头填错' });
    expect(await orderInvoice(o.orderNo)).toBeNull();
    expect((await apply({ type: 'ordinary', orderNos: [o.orderNo] })).success).toBe(true);
    // the cancelled application keeps its orders in its record
    const detail = body(await call(t.app, admin, api('/receipt/detail'), { id: first.obj.id })).obj;
    expect(detail.orderNos).toEqual([o.orderNo]);
    expect((detail.timeline as { kind: string }[]).map((e) => e.kind)).toEqual(['applied', 'cancelled']);
    expect(body(await call(t.app, admin, api('/receipt/cancel'), { id: first.obj.id, reason: 'again' })).code).toBe(31007);
  });

  it('lists records with filters and paging', async () => {
    const all = body(await call(t.app, admin, api('/receipt/list'), { pageSize: 100 })).obj;
    expect(all.total as number).toBeGreaterThanOrEqual(5);
    const cancelled = body(await call(t.app, admin, api('/receipt/list'), { status: 'cancelled' })).obj;
    expect((cancelled.list ?? []).every((i) => i.status === 'cancelled')).toBe(true);
    const special = body(await call(t.app, admin, api('/receipt/list'), { type: 'special', from: today(), to: today() })).obj;
    expect((special.list ?? []).length).toBeGreaterThan(0);
    expect((special.list ?? []).every((i) => i.type === 'special')).toBe(true);
    const none = body(await call(t.app, admin, api('/receipt/list'), { from: '2000-01-01', to: '2000-01-02' })).obj;
    expect(none.total).toBe(0);
  });
});

describe('issuing in the back office', () => {
  let invoiceId: string;
  beforeAll(async () => {
    const o = await completedOrder(t, admin, { payMethod: 'wechat', quantity: 2 });
    invoiceId = (await apply({ type: 'ordinary', orderNos: [o.orderNo] })).obj.id as string;
  });

  it('refuses a "PDF" that is a PNG (31008), a missing file (31013) and a future date, and changes nothing', async () => {
    const fields = { id: invoiceId, invoiceNo: '24312000000012345678', invoiceDate: today() };
    const fake = await issue(fields, { value: png(), filename: 'invoice.pdf' });
    expect(fake.code).toBe(31008);
    expect(fake.msg).toContain('发票');
    expect((await issue(fields)).code).toBe(31013);
    expect((await issue({ ...fields, invoiceDate: '2999-01-01' }, { value: PDF, filename: 'x.pdf' })).code).toBe(28002);
    const still = body(await call(t.app, staff, ops('/invoice/detail'), { id: invoiceId })).obj;
    expect(still.status).toBe('in_progress');
  });

  it('issues with the file: the customer downloads the same bytes and is e-mailed with it attached', async () => {
    const r = await issue({ id: invoiceId, invoiceNo: '24312000000012345678', invoiceDate: today() }, { value: PDF, filename: 'fapiao.pdf' });
    expect(r.obj).toMatchObject({ status: 'issued', invoiceNo: '24312000000012345678', fileName: '发票_24312000000012345678.pdf' });
    const file = await call(t.app, admin, `${api('/receipt/file')}?id=${invoiceId}`, {}, { method: 'GET' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(Buffer.compare(file.rawPayload, PDF)).toBe(0);
    await mail.deliver();
    const m = mail.catcher.messages.find((x) => x.to.includes('finance@demo.rrp.local') && x.subject.includes('已开具'));
    expect(m?.attachments).toEqual([expect.objectContaining({ filename: '发票_24312000000012345678.pdf', contentType: 'application/pdf', size: PDF.length })]);
    expect(m?.text).toContain('24312000000012345678');
    // recording the same invoice again answers it unchanged; another number is refused
    expect((await issue({ id: invoiceId, invoiceNo: '24312000000012345678', invoiceDate: today() }, { value: PDF, filename: 'x.pdf' })).success).toBe(true);
    expect((await issue({ id: invoiceId, invoiceNo: '99999999', invoiceDate: today() }, { value: PDF, filename: 'x.pdf' })).code).toBe(31007);
    expect((await auditOf(t.database, 'invoice.issue')).length).toBe(1);
  });

  it('accepts an OFD package for an electronic invoice', async () => {
    const o = await completedOrder(t, admin, { payMethod: 'wechat' });
    const id = (await apply({ type: 'ordinary', orderNos: [o.orderNo] })).obj.id as string;
    const r = await issue(
      { id, invoiceNo: 'OFD-0001', invoiceDate: today() },
      { value: await ofdFile(), filename: 'fapiao.ofd', contentType: 'application/octet-stream' },
    );
    expect(r.obj).toMatchObject({ status: 'issued', fileName: '发票_OFD-0001.ofd' });
  });

  it('issues a paper invoice with its tracking note, which the e-mail carries', async () => {
    const o = await completedOrder(t, admin, { payMethod: 'offline' });
    const id = (await apply({ type: 'special', orderNos: [o.orderNo] })).obj.id as string;
    expect((await issue({ id, invoiceNo: '0451234', invoiceDate: today() })).code).toBe(28002);
    const r = await issue({ id, invoiceNo: '0451234', invoiceDate: today(), trackingNote: '顺丰速运 SF1234567890' });
    expect(r.obj).toMatchObject({ status: 'issued', trackingNote: '顺丰速运 SF1234567890', fileName: null });
    await mail.deliver();
    expect(mail.catcher.messages.some((m) => m.text.includes('SF1234567890') && m.attachments.length === 0)).toBe(true);
  });

  it('cancels with a reason: the orders are released and the customer is told', async () => {
    const o = await completedOrder(t, admin, { payMethod: 'wechat' });
    const id = (await apply({ type: 'ordinary', orderNos: [o.orderNo] })).obj.id as string;
    const r = body(await call(t.app, staff, ops('/invoice/cancel'), { id, reason: '税号与工商登记不符' }));
    expect(r.obj).toMatchObject({ status: 'cancelled', cancelReason: '税号与工商登记不符' });
    expect(await orderInvoice(o.orderNo)).toBeNull();
    await mail.deliver();
    expect(mail.catcher.messages.some((m) => m.text.includes('税号与工商登记不符'))).toBe(true);
    const list = body(await call(t.app, staff, ops('/invoice/list'), { status: 'in_progress' })).obj;
    expect((list.counts as Record<string, number>).cancelled).toBeGreaterThanOrEqual(1);
    expect((list.list ?? []).every((i) => i.status === 'in_progress')).toBe(true);
  });

  it('keeps another company out of the file and the work order (31003)', async () => {
    const other = await login(t.app, DEMO.subAdmin);
    expect(body(await call(t.app, other, api('/receipt/detail'), { id: invoiceId })).code).toBe(31003);
    const f = await call(t.app, other, `${api('/receipt/file')}?id=${invoiceId}`, {}, { method: 'GET' });
    expect(f.json().code).toBe(31003);
  });
});

describe('the PDF statement', () => {
  it('is a PDF in the reader’s language with the orders, amounts and the not-a-tax-invoice note', async () => {
    const o = await completedOrder(t, admin, { payMethod: 'offline', quantity: 3 });
    const inv = (await apply({ type: 'special', orderNos: [o.orderNo] })).obj;
    const zh = await call(t.app, admin, `${api('/receipt/statement')}?id=${inv.id}`, {}, { method: 'GET' });
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toContain('application/pdf');
    expect(decodeURIComponent(String(zh.headers['content-disposition']))).toContain(`开票申请单_${inv.ticketNo}.pdf`);
    const text = await pdfText(zh.rawPayload);
    expect(text).toContain('开票申请单');
    expect(text).toContain('不是税务发票');
    expect(text).toContain(inv.ticketNo as string);
    expect(text).toContain(o.orderNo);
    expect(text).toContain((inv.total as number).toFixed(2));
    expect(text).toContain('增值税纸质专用发票');
    const en = await call(t.app, admin, `${api('/receipt/statement')}?id=${inv.id}`, {}, { method: 'GET', lang: 'en' });
    const enText = await pdfText(en.rawPayload);
    expect(enText).toContain('It is not a tax invoice');
    expect(enText).toContain('VAT (6%)');
  });
});

/** The text of a PDF, read back with pdf.js. */
async function pdfText(data: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false }).promise;
  let out = '';
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const content = await page.getTextContent();
    out += `${content.items.map((i) => ('str' in i ? i.str : '')).join('')}\n`;
  }
  return out.replace(/\s+/g, ' ');
}
