import { expect as baseExpect, type Locator, type Page, test } from './fixtures.js';
import { callWithBrowserSession, dismissAnnouncementIfShown, signIn, switchConsoleLanguage } from './helpers.js';
import { expectAccessible } from './quality.js';

/*
 * The purchase loop as a customer and staff do it in the browser (docs/commerce.md):
 * Licenses paid by WeChat Pay on the embedded simulator's page, delivered by its notification;
 * data paid by offline remittance, confirmed by staff in the back office.
 */

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ADMIN = 'admin@demo.rrp.local';
const OPS = 'ops@rrp.local';
const OPS_PASSWORD = 'Ops#2026pass';
const RUN = String(Date.now()).slice(-8);
const ORDER_NO = /R\d{20}/;

async function signInAs(page: Page, account: string) {
  await signIn(page, account);
  await dismissAnnouncementIfShown(page);
  await switchConsoleLanguage(page, 'zh-CN');
}

/** Opens a console page from the side menu: its section first, then the page. */
async function openFromMenu(page: Page, section: string, item: string) {
  const menu = page.getByTestId('side-menu');
  const entry = menu.getByRole('menuitem', { name: item });
  if (!(await entry.isVisible())) await menu.getByRole('menuitem', { name: section }).click();
  await entry.click();
}

/** The order number a dialog or page names ("订单号：R…"). */
async function orderNoIn(where: Locator): Promise<string> {
  const text = await where
    .getByText(/订单号：R\d{20}/)
    .first()
    .textContent();
  const no = ORDER_NO.exec(text ?? '')?.[0];
  expect(no, `no order number in "${text}"`).toBeTruthy();
  return no as string;
}

/** The number a statistic of the License stock card shows, by its title. */
function statistic(page: Page, title: string): Locator {
  return page
    .getByTestId('license-stock')
    .locator('.ant-statistic')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('.ant-statistic-content-value');
}

/** axe-core finds no serious or critical violation, once the entrance animations have ended (contrast is measured on the final colours). */
async function accessible(page: Page, where: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY));
  await expectAccessible(page, where);
}

const grouped = (n: number) => new Intl.NumberFormat('en').format(n);

test('buys 10 Licenses by WeChat Pay, paid on the simulator’s page; they arrive in the stock', async ({ page, context, baseURL }) => {
  await signInAs(page, ADMIN);
  const before = await callWithBrowserSession<{ stock: number }>(context, baseURL as string, '/license/query/count');
  expect(before.body.success).toBe(true);
  const stock = before.body.obj.stock;

  await openFromMenu(page, '增值服务', '购买 License');
  await expect(page).toHaveURL(/\/license$/);
  await page.getByRole('spinbutton', { name: '购买数量' }).fill('10');
  await page.getByRole('radio', { name: /^微信支付/ }).check();
  const summary = page.getByRole('region', { name: '订单金额' });
  await expect(summary).toContainText('10 个');
  const total = ((await summary.getByRole('status').textContent()) ?? '').trim();
  expect(total).toMatch(/^¥[\d,]+\.\d{2}$/);
  expect(total).not.toBe('¥0.00');
  await page.getByRole('button', { name: '提交订单并支付' }).click();

  // the WeChat Pay dialog: the amount, the code as an image, the link to the simulator
  const dialog = page.getByRole('dialog', { name: '微信支付' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(total);
  const orderNo = await orderNoIn(dialog);
  await expect(dialog.getByRole('img', { name: `微信支付二维码，金额 ${total}` })).toBeVisible();
  await expect(dialog.getByRole('timer')).toContainText('后失效');
  const simulatorLink = dialog.getByRole('link', { name: /在支付模拟器中打开/ });
  await expect(simulatorLink).toHaveAttribute('href', /\/pay\?pr=/);
  const simulator = new URL((await simulatorLink.getAttribute('href')) as string).origin;
  await accessible(page, 'WeChat Pay dialog');

  // the simulator's page opens in a new tab, where the payer presses pay
  const [sim] = await Promise.all([context.waitForEvent('page'), simulatorLink.click()]);
  await sim.waitForLoadState();
  await expect(sim.getByRole('heading', { name: /微信支付（模拟）/ })).toBeVisible();
  await expect(sim.locator('main')).toContainText(orderNo);
  await expect(sim.locator('main')).toContainText(total.replace(/,/g, ''));
  await sim.getByRole('button', { name: /确认支付/ }).click();
  await expect(sim.getByRole('status')).toContainText('已支付');
  await sim.close();
  // WeChat Pay's notification reaches the server's notify address and is accepted
  type SimOrder = { trade_state: string; notify_url: string; notifications: { delivered: boolean }[] };
  const simOrder = async () => (await (await fetch(`${simulator}/sim/orders/${orderNo}`)).json()) as SimOrder;
  await expect.poll(async () => (await simOrder()).notifications.some((n) => n.delivered)).toBe(true);
  expect(await simOrder()).toMatchObject({ trade_state: 'SUCCESS', notify_url: `${baseURL}/api/v1/pay/wechat/notify` });

  // back on the console, the dialog's polling sees the payment and moves on
  await expect(page).toHaveURL(new RegExp(`/order/success\\?orderNo=${orderNo}$`), { timeout: 30_000 });
  await expect(dialog).toBeHidden();
  await expect(page.getByText('支付成功', { exact: true }).last()).toBeVisible();
  await expect(page.getByTestId('success-delivered').getByRole('listitem')).toHaveText('10 个 License 已入库');
  await accessible(page, 'payment success page');

  // License management counts them
  await page.getByRole('button', { name: 'License 管理' }).click();
  await expect(page).toHaveURL(/\/licenseManagement$/);
  await expect(statistic(page, '库存')).toHaveText(grouped(stock + 10));
  const after = await callWithBrowserSession<{ stock: number }>(context, baseURL as string, '/license/query/count');
  expect(after.body.obj.stock).toBe(stock + 10);

  // and My orders shows the order completed
  await openFromMenu(page, '账户管理', '我的订单');
  await expect(page).toHaveURL(/\/order$/);
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText('已完成');
  await expect(row).toContainText('微信支付');
  await expect(row).toContainText(total);
});

test('tops up 5 GB by offline remittance; staff confirm the transfer; the data pool grows by 5 GB', async ({ page, context, baseURL, browser }) => {
  type Overview = { dataTotalMb: number; dataRemainingMb: number };
  await signInAs(page, ADMIN);
  const before = (await callWithBrowserSession<Overview>(context, baseURL as string, '/account/overview')).body.obj;

  await openFromMenu(page, '增值服务', '流量充值');
  await expect(page).toHaveURL(/\/volume$/);
  await page.getByRole('spinbutton', { name: '流量大小（GB）' }).fill('5');
  await page.getByRole('radio', { name: /^线下汇款/ }).check();
  const summary = page.getByRole('region', { name: '订单金额' });
  await expect(summary).toContainText('5 GB');
  const total = ((await summary.getByRole('status').textContent()) ?? '').trim();
  expect(total).toMatch(/^¥[\d,]+\.\d{2}$/);
  await page.getByRole('button', { name: '提交订单并支付' }).click();

  // the remittance dialog: where to transfer, how much, and the code for the remark
  const dialog = page.getByRole('dialog', { name: '线下汇款' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row', { name: /收款户名/ })).toContainText('RRP 物联网科技有限公司');
  await expect(dialog.getByRole('row', { name: /开户银行/ })).toContainText('招商银行');
  await expect(dialog.getByRole('row', { name: /银行账号/ })).toContainText('7559 2803 1110 901');
  await expect(dialog.getByRole('row', { name: /转账金额/ })).toContainText(total);
  const codeRow = dialog.getByRole('row', { name: /汇款识别码/ });
  await expect(codeRow).toContainText(/[A-Z0-9]{8}/);
  const remittanceCode = /\b[A-Z0-9]{8}\b/.exec((await codeRow.textContent()) ?? '')?.[0] as string;
  expect(remittanceCode).toBeTruthy();
  await accessible(page, 'remittance dialog');

  // the customer reports the transfer with the bank's transaction number
  const bankNo = `BANK${RUN}0001`;
  await dialog.getByRole('textbox', { name: '银行流水号' }).fill(bankNo);
  await dialog.getByRole('button', { name: '我已转账，提交流水号' }).click();
  await expect(dialog).toContainText(`已提交银行流水号 ${bankNo}`);
  await dialog.getByRole('button', { name: '关闭' }).last().click();
  await expect(dialog).toBeHidden();

  await openFromMenu(page, '账户管理', '我的订单');
  const row = page.getByRole('row').filter({ hasText: bankNo });
  await expect(row).toContainText('待支付');
  await expect(row).toContainText('待对账');
  const orderNo = ORDER_NO.exec((await row.textContent()) ?? '')?.[0] as string;
  expect(orderNo).toBeTruthy();

  // a staff member, in a browser of their own, finds it in the reconciliation queue and confirms it
  const opsContext = await browser.newContext();
  const ops = await opsContext.newPage();
  await signIn(ops, OPS, OPS_PASSWORD, /\/ops\//);
  await ops.getByRole('menuitem', { name: '订单与对账' }).click();
  await expect(ops).toHaveURL(/\/ops\/orders$/);
  await expect(ops.getByRole('tab', { name: /待对账/ })).toHaveAttribute('aria-selected', 'true');
  await ops.getByRole('searchbox', { name: '订单号 / 识别码 / 流水号 / 公司' }).fill(remittanceCode);
  await ops.getByRole('searchbox', { name: '订单号 / 识别码 / 流水号 / 公司' }).press('Enter');
  const queued = ops.getByRole('row').filter({ hasText: orderNo });
  await expect(queued).toContainText(bankNo);
  await expect(queued).toContainText(total);
  await expect(ops.getByRole('row').filter({ hasText: /R\d{20}/ })).toHaveCount(1);
  await queued.getByRole('button', { name: '确认到账' }).click();
  const confirm = ops.getByRole('dialog', { name: '确认已收到这笔汇款？' });
  await expect(confirm).toContainText(remittanceCode);
  await expect(confirm).toContainText(bankNo);
  await accessible(ops, 'reconciliation confirmation');
  await confirm.getByRole('button', { name: '确认到账' }).click();
  await expect(ops.getByText('已确认到账，订单已发货')).toBeVisible();
  await expect(ops.getByRole('row').filter({ hasText: orderNo })).toHaveCount(0);
  await opsContext.close();

  // the customer's order is completed and the data pool holds 5 GB more
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: orderNo })).toContainText('已完成');
  await expect
    .poll(async () => (await callWithBrowserSession<Overview>(context, baseURL as string, '/account/overview')).body.obj.dataTotalMb)
    .toBe(before.dataTotalMb + 5 * 1024);
  const after = (await callWithBrowserSession<Overview>(context, baseURL as string, '/account/overview')).body.obj;
  expect(after.dataRemainingMb).toBeCloseTo(before.dataRemainingMb + 5 * 1024, 1);
});
