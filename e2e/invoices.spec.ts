import { readFileSync } from 'node:fs';
import { expect as baseExpect, type Page, test } from './fixtures.js';
import { callWithBrowserSession, dismissAnnouncementIfShown, signIn, switchConsoleLanguage } from './helpers.js';
import { expectAccessible } from './quality.js';

/*
 * An ordinary invoice as a customer and staff make it in the browser (docs/invoices.md):
 * two completed orders, applied for on /bill, issued in the back office with a PDF, downloaded by
 * the customer together with the PDF statement.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const ADMIN = 'admin@demo.rrp.local';
const OPS = 'ops@rrp.local';
const OPS_PASSWORD = 'Ops#2026pass';
const RUN = String(Date.now()).slice(-8);
/** A small but real PDF: what staff download from the tax platform. */
const INVOICE_PDF = Buffer.from(
  `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF ${RUN}\n`,
  'latin1',
);

type Call = Awaited<ReturnType<typeof callWithBrowserSession>>;
const ok = (r: Call, what: string) => expect(r.body.success, `${what}: ${r.body.msg}`).toBe(true);

/** Two offline orders of the demo company, paid by transfer and confirmed by staff through the API (the commerce spec covers doing it by hand). */
async function twoCompletedOrders(page: Page, ops: Page, baseURL: string): Promise<string[]> {
  const nos: string[] = [];
  for (const quantity of [1, 2]) {
    const o = await callWithBrowserSession<{ orderNo: string }>(page.context(), baseURL, '/merchandiseOrder/create', {
      productType: 0,
      quantity,
      payMethod: 'offline',
    });
    ok(o, 'order');
    ok(
      await callWithBrowserSession(page.context(), baseURL, '/merchandiseOrder/remittance/confirm', {
        orderNo: o.body.obj.orderNo,
        bankTransactionNo: `INV${RUN}${quantity}`,
      }),
      'transfer',
    );
    ok(await callWithBrowserSession(ops.context(), baseURL, '/ops/remittance/confirm', { orderNo: o.body.obj.orderNo }), 'confirmation');
    nos.push(o.body.obj.orderNo);
  }
  await expect
    .poll(async () => {
      const list = await callWithBrowserSession<{ list: { orderNo: string }[] }>(page.context(), baseURL, '/receipt/order/list', { pageSize: 100 });
      return nos.every((n) => list.body.obj.list.some((o) => o.orderNo === n));
    })
    .toBe(true);
  return nos;
}

test('applies for an ordinary invoice over two orders; staff issue it with a PDF; the customer downloads it and the statement', async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL as string;
  await signIn(page, ADMIN);
  await dismissAnnouncementIfShown(page);
  await switchConsoleLanguage(page, 'zh-CN');
  const opsContext = await browser.newContext();
  const ops = await opsContext.newPage();
  await signIn(ops, OPS, OPS_PASSWORD, /\/ops\//);
  const orders = await twoCompletedOrders(page, ops, base);

  // a header titled with the company's name, so the orders' payer name matches
  const account = await callWithBrowserSession<{ companyName: string }>(page.context(), base, '/account/query');
  ok(account, 'account');
  const companyName = account.body.obj.companyName;
  ok(
    await callWithBrowserSession(page.context(), base, '/receipt/addOrUpdate', {
      title: companyName,
      taxpayerId: '91310000MA1FL0001X',
      bank: '招商银行上海分行',
      bankAccount: '6225 8800 1234 5678',
      registeredAddress: '上海市浦东新区世纪大道 100 号',
      registeredPhone: '021-55550000',
      isDefault: true,
    }),
    'header',
  );
  ok(
    await callWithBrowserSession(page.context(), base, '/receipt/recipient/addOrUpdate', {
      name: '李会计',
      phone: '13812345678',
      address: '上海市浦东新区世纪大道 100 号',
      email: `finance${RUN}@demo.rrp.local`,
      isDefault: true,
    }),
    'recipient',
  );

  // step 1: the two orders, ordinary electronic invoice
  await page.goto('/bill');
  await expect(page.getByTestId('invoice-step-orders')).toBeVisible();
  for (const no of orders) await page.getByTestId(`invoiceable-check-${no}`).check();
  await expect(page.getByTestId('invoice-selected-count')).toContainText('已选 2');
  await expectAccessible(page, 'invoice apply, orders step');
  await page.getByTestId('invoice-next').click();

  // step 2: the default header and recipient are chosen; submit
  await expect(page.getByTestId('invoice-step-parties')).toBeVisible();
  await expect(page.getByTestId('invoice-apply-title')).toContainText(companyName);
  await expect(page.getByTestId('invoice-title-facts')).toContainText('91310000MA1FL0001X');
  await expect(page.getByTestId('invoice-payer-mismatch')).toHaveCount(0);
  await page.getByTestId('invoice-submit').click();

  // step 3: the work order number
  const result = page.getByTestId('invoice-result');
  await expect(result).toBeVisible();
  const ticketNo = ((await page.getByTestId('invoice-result-ticket').textContent()) ?? '').match(/WO\d{20}/)?.[0] as string;
  expect(ticketNo).toBeTruthy();
  await expect(page.getByTestId('invoice-result-expected')).toContainText('2 个工作日');

  // staff find it in the queue and issues it with the file
  await ops.goto('/ops/invoices');
  const search = ops.getByRole('searchbox', { name: '工单号 / 公司 / 发票抬头' });
  await search.fill(ticketNo);
  await search.press('Enter');
  await ops.getByTestId(`ops-invoice-${ticketNo}`).click();
  await expect(ops.getByText(companyName).first()).toBeVisible();
  await expectAccessible(ops, 'back-office invoice drawer');
  await ops.getByTestId('ops-invoice-issue').click();
  const invoiceNo = `2431${RUN}`;
  await ops.getByTestId('ops-invoice-no').fill(invoiceNo);
  await ops.locator('input[type=file]').setInputFiles({ name: 'fapiao.pdf', mimeType: 'application/pdf', buffer: INVOICE_PDF });
  await ops.getByTestId('ops-invoice-issue-submit').click();
  await expect(ops.getByTestId('ops-invoice-issue-submit')).toBeHidden();
  await opsContext.close();

  // the customer's record shows it issued; the file and the statement download
  await page.getByTestId('invoice-result-view').click();
  const detail = page.getByTestId('invoice-detail');
  await expect(detail).toContainText(invoiceNo);
  await expect(detail).toContainText('已开票');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-download-file').click()]);
  expect(file.suggestedFilename()).toBe(`发票_${invoiceNo}.pdf`);
  expect(readFileSync(await file.path()).equals(INVOICE_PDF)).toBe(true);
  const [statement] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-download-statement').click()]);
  expect(statement.suggestedFilename()).toBe(`开票申请单_${ticketNo}.pdf`);
  const pdf = readFileSync(await statement.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectAccessible(page, 'invoice work order');
});
