import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect as baseExpect, type Page, test } from './fixtures.js';
import { chooseOption, dismissAnnouncementIfShown, mailedCode, pngBytes, signIn, switchConsoleLanguage, writeWorkbook } from './helpers.js';
import { mailUrl } from './server.js';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const ADMIN = 'admin@demo.rrp.local';
const OPS = 'ops@rrp.local';
const OPS_PASSWORD = 'Ops#2026pass';
const RUN = String(Date.now()).slice(-8);

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'rrp-e2e-org-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function signInAs(page: Page, account: string, password?: string) {
  await signIn(page, account, password);
  await dismissAnnouncementIfShown(page);
  await switchConsoleLanguage(page, 'zh-CN');
}

/** The newest mail to an address once the catcher holds `nth` of them. */
async function mailTo(to: string, nth = 1): Promise<{ text: string; html?: string }> {
  for (let i = 0; i < 60; i++) {
    const list = (await (await fetch(`${mailUrl()}/messages?to=${encodeURIComponent(to)}`)).json()) as { text: string; html?: string }[];
    if (list.length >= nth) return list[0];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to}`);
}

test('a new company certifies; staff approve it in the back office; 50 Licenses and 5 GB arrive', async ({ page, browser }) => {
  const email = `cert${RUN}@acme-org.example`;
  // register, as a new customer does
  await page.goto('/register');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-send-code').click();
  await page.getByTestId('register-code').fill(await mailedCode(email));
  await page.getByTestId('register-phone').fill(`137${RUN}`);
  await page.getByTestId('register-job').fill('CEO');
  await page.getByTestId('register-password').fill('Acme#2026go');
  await page.getByTestId('register-confirm').fill('Acme#2026go');
  await page.getByTestId('register-country').click();
  await page.keyboard.type('中国');
  await page.keyboard.press('Enter');
  await page.getByTestId('register-company').fill(`认证测试${RUN}`);
  await page.getByTestId('register-address').fill('上海市浦东新区 100 号');
  await page.getByTestId('register-agreement').check();
  await page.getByTestId('register-submit').click();
  await page.getByTestId('register-to-login').click();
  await signInAs(page, email, 'Acme#2026go');

  // the home card leads to the certification form
  await page.getByTestId('home-cert-link').click();
  await expect(page).toHaveURL(/\/account#certification$/);
  await expect(page.getByTestId('cert-state')).toHaveAttribute('data-state', 'none');
  await page.getByTestId('cert-companyName').fill(`认证测试${RUN}`);
  await page.getByTestId('cert-address').fill('上海市浦东新区世纪大道 100 号');
  await chooseOption(page, 'cert-deviceQuantity', '101–500');
  await page.getByTestId('cert-licenseNo').fill('91310000MA1FL0001X');
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('cert-image').click();
  await (await chooser).setFiles({ name: 'licence.png', mimeType: 'image/png', buffer: pngBytes() });
  await page.getByTestId('cert-contactName').fill('张三');
  await page.getByTestId('cert-contactPhone').fill('13912345678');
  // a personal mailbox is refused before anything is sent
  await page.getByTestId('cert-contactEmail').fill('zhang@qq.com');
  await page.getByTestId('cert-submit').click();
  await expect(page.getByText('请使用企业邮箱，不支持个人邮箱')).toBeVisible();
  await page.getByTestId('cert-contactEmail').fill('zhang@acme-org.example');
  await page.getByTestId('cert-submit').click();
  await expect(page.getByTestId('cert-state')).toHaveAttribute('data-state', 'review');

  // the staff member signs in on the same page and lands in the back office
  const ops = await browser.newPage();
  await signIn(ops, OPS, OPS_PASSWORD).catch(() => undefined);
  await expect(ops).toHaveURL(/\/ops\/certifications$/);
  await ops
    .getByTestId('ops-cert-row')
    .filter({ hasText: `认证测试${RUN}` })
    .click();
  await expect(ops.getByTestId('signed-image')).toBeVisible();
  await ops.getByTestId('ops-approve').click();
  await ops
    .getByRole('button', { name: /确\s*定|OK/ })
    .last()
    .click();
  await expect(ops.getByTestId('ops-cert-state')).toHaveText('已认证');
  // a customer page by its address sends the staff member back to the back office
  await ops.goto('/device-list');
  await expect(ops).toHaveURL(/\/ops\//);
  await ops.close();

  // the customer is told by e-mail, and sees the grant
  expect((await mailTo(email, 2)).text).toMatch(/认证|certif/i);
  await page.goto('/home');
  await expect(page.locator('.stat-card').first()).toBeVisible();
  await expect(page.getByText('50', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/5\.1\s*GB|5,220|5220/).first()).toBeVisible();
  await page.goto('/account#certification');
  await expect(page.getByTestId('cert-state')).toHaveAttribute('data-state', 'verified');
});

test('invites a member with a custom role, who sets a password and sees only what the role allows', async ({ page, browser }) => {
  const role = `巡检${RUN.slice(-4)}`;
  const mail = `inspector${RUN}@demo-org.example`;
  await signInAs(page, ADMIN);
  await page.goto('/role');
  await page.getByTestId('role-add').click();
  // an 11-character name is refused before it is sent
  await page.getByTestId('role-name').fill('一二三四五六七八九十一');
  await page.getByTestId('role-submit').click();
  await expect(page.getByText('最多 10 个字符')).toBeVisible();
  await page.getByTestId('role-name').fill(role);
  await page.getByTestId('role-tree').getByText('设备列表', { exact: true }).click();
  await page.getByTestId('role-submit').click();
  await expect(page.getByRole('cell', { name: role })).toBeVisible();

  await page.goto('/user');
  await page.getByTestId('member-add').click();
  await page.getByTestId('member-name').fill('巡检员小王');
  await page.getByTestId('member-phone').fill(`136${RUN}`);
  await page.getByTestId('member-mail').fill(mail);
  await page.getByTestId('member-roles').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: role }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('member-submit').click();
  await expect(page.getByRole('cell', { name: mail })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: mail })).toContainText('待接受邀请');

  // the invitation link from the mail
  const invitation = await mailTo(mail);
  const link = /https?:\/\/\S+\/invite\?token=[\w%-]+/.exec(invitation.text)?.[0];
  expect(link).toBeTruthy();
  const member = await browser.newPage();
  await member.goto(new URL(link as string).pathname + new URL(link as string).search);
  await expect(member.getByText('巡检员小王')).toBeVisible();
  await member.getByTestId('invite-password').fill('Insp#2026ok');
  await member.getByTestId('invite-confirm').fill('Insp#2026ok');
  await member.getByTestId('invite-submit').click();
  await expect(member).toHaveURL(/\/login/);
  await signInAs(member, mail, 'Insp#2026ok');
  const menu = member.getByTestId('side-menu');
  await expect(menu.getByText('设备列表', { exact: true })).toBeVisible();
  for (const hidden of ['设备导入', '成员管理', '角色管理', '公司列表', '账户管理']) await expect(menu.getByText(hidden, { exact: true })).toHaveCount(0);
  // the link is used up
  await member.goto(new URL(link as string).pathname + new URL(link as string).search);
  await expect(member.getByTestId('invite-invalid')).toBeVisible();
  await member.close();
});

test('creates a sub-company and moves a device to it, chosen from the tree', async ({ page }) => {
  const sub = `华南${RUN.slice(-4)}`;
  const imei = `86${RUN}77777`;
  await signInAs(page, ADMIN);
  await page.goto('/company/list');
  await page.getByTestId('company-add').click();
  await page.getByTestId('company-name').fill('一'.repeat(33));
  await page.getByTestId('company-submit').click();
  await expect(page.getByText('最多 32 个字符')).toBeVisible();
  await page.getByTestId('company-name').fill(sub);
  await page.getByTestId('company-submit').click();
  await expect(page.getByRole('cell', { name: sub })).toBeVisible();

  // one device of the demo company
  const file = await writeWorkbook(dir, `org-${RUN}.xlsx`, ['IMEI', '设备名称'], [[imei, '迁移测试']]);
  await page.goto('/device');
  await chooseOption(page, 'import-region', '中国大陆');
  const chooser = page.waitForEvent('filechooser');
  await page.locator('.ant-upload-drag', { has: page.getByTestId('import-file') }).click();
  await (await chooser).setFiles(file);
  await page.getByTestId('import-submit').click();
  await expect(page.getByText('导入完成').first()).toBeVisible({ timeout: 30_000 });

  await page.goto(`/device-list?imei=${imei}`);
  await page.getByTestId('device-migrate-open').click();
  await page.getByTestId('migrate-imeis').fill(imei);
  await page.getByTestId('migrate-company').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: sub }).click();
  await page.getByRole('dialog').getByRole('button', { name: '迁移' }).click();
  await expect(page.getByText(/已迁移|迁移成功/).first()).toBeVisible();

  // the sub-company's dashboard counts it
  await page.goto('/company/list');
  await page.getByRole('cell', { name: sub }).getByText(sub).click();
  await expect(page.getByTestId('company-dashboard')).toContainText(sub);
  await expect(page.getByTestId('company-dashboard').locator('.ant-statistic-content-value').first()).toHaveText('1');
});
