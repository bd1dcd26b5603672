import { expect, test } from './fixtures.js';
import { chooseOption, dismissAnnouncementIfShown, signIn, switchConsoleLanguage } from './helpers.js';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ADMIN = 'admin@demo.rrp.local';
const OPS = 'ops@rrp.local';
const OPS_PASSWORD = 'Ops#2026pass';

test('staff change the support contact in the back office; members read it on home and in the widget, in their language', async ({ page, browser }) => {
  const ops = await browser.newPage();
  await signIn(ops, OPS, OPS_PASSWORD).catch(() => undefined);
  await expect(ops).toHaveURL(/\/ops\//);
  await ops.getByTestId('ops-menu-settings').click();
  await expect(ops.getByTestId('ops-contact-state')).toContainText('尚未保存');
  await expect(ops.getByTestId('ops-contact-preview')).toHaveText('周一至周五 09:00–18:00（UTC+8）');

  await ops.getByTestId('ops-contact-to').fill('08:00');
  await ops.getByTestId('ops-contact-save').click();
  await expect(ops.getByText('结束时间须晚于开始时间')).toBeVisible();

  await ops.getByTestId('ops-contact-phone').fill('+86 21 5555 0100');
  await ops.getByTestId('ops-contact-email').fill('help@corp.example');
  await ops.getByTestId('ops-contact-site').fill('https://www.corp.example');
  await ops.getByTestId('ops-contact-days').getByText('周六').click();
  await ops.getByTestId('ops-contact-to').fill('20:30');
  await chooseOption(ops, 'ops-contact-offset', 'UTC+5:30');
  await expect(ops.getByTestId('ops-contact-preview')).toHaveText('周一至周六 09:00–20:30（UTC+5:30）');
  await ops.screenshot({ path: test.info().outputPath('ops-settings-zh.png'), fullPage: true });
  await ops.getByTestId('ops-contact-save').click();
  await expect(ops.getByTestId('ops-contact-state')).toContainText('平台运营人员');
  await ops.close();

  await signIn(page, ADMIN);
  await dismissAnnouncementIfShown(page);
  await switchConsoleLanguage(page, 'zh-CN');
  const card = page.getByTestId('home-contact');
  await expect(card).toContainText('+86 21 5555 0100');
  await expect(card).toContainText('help@corp.example');
  await expect(card).toContainText('周一至周六 09:00–20:30（UTC+5:30）');
  await page.getByTestId('service-open').click();
  const widget = page.getByTestId('service-channels');
  await expect(widget).toContainText('+86 21 5555 0100');
  await expect(widget).toContainText('周一至周六 09:00–20:30（UTC+5:30）');
  await page.screenshot({ path: test.info().outputPath('home-zh.png'), fullPage: true });

  await switchConsoleLanguage(page, 'en');
  await expect(card).toContainText('Mon–Sat 09:00–20:30 (UTC+5:30)');
  await expect(card).not.toContainText('周');
  await page.screenshot({ path: test.info().outputPath('home-en.png'), fullPage: true });
  await switchConsoleLanguage(page, 'zh-CN');
});
