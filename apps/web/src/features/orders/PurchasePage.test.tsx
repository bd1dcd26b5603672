import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { changeLocale } from '../../i18n';
import { MERCHANDISE, ORDER_NO, offlineOrder, orderDetail } from '../../test/orders';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';

const BUYER = ['MERCHANDISE', 'MERCHANDISE_BUY_LICENSE', 'MERCHANDISE_BUY_DATA', 'ACCOUNT', 'ACCOUNT_ORDER'];

beforeEach(() => {
  resetState();
  signIn(BUYER);
});
afterEach(async () => {
  await changeLocale('zh-CN');
});

async function setQuantity(value: string) {
  const input = await screen.findByTestId('purchase-quantity');
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
  return input;
}

describe('purchase pages', () => {
  test('the three pages sit under value-added services, with their permission codes', async () => {
    mockApi({ '/merchandise/list': () => MERCHANDISE });
    renderApp('/license');
    const menu = await screen.findByTestId('side-menu');
    expect(within(menu).getByText('增值服务')).toBeTruthy();
    expect(within(menu).getByText('购买 License')).toBeTruthy();
    expect(within(menu).getByText('流量充值')).toBeTruthy();
    expect(within(menu).getByText('购买 AC License')).toBeTruthy();
  });

  test('a member without the purchase codes (billed by the parent company) cannot open them', async () => {
    resetState();
    // the purchase codes are dropped at sign-in for a company whose parent pays (spec section 6)
    signIn(BUYER, { deductionSource: 1 });
    mockApi({ '/merchandise/list': () => MERCHANDISE });
    const { router } = renderApp('/volume');
    await waitFor(() => expect(router.state.location.pathname).toBe('/401'));
  });

  test('License: the promotional price, the total computed in fen, what is delivered; the order goes to the WeChat dialog', async () => {
    const a = mockApi({
      '/merchandise/list': () => MERCHANDISE,
      '/merchandiseOrder/create': () => orderDetail(),
      '/merchandiseOrder/wechat/prepay': () => ({
        codeUrl: 'weixin://wxpay/bizpayurl?pr=abc123',
        expiresAt: new Date(Date.now() + 2 * 3600_000).toISOString(),
        simulatorPayUrl: null,
      }),
      '/merchandiseOrder/payment/state': () => ({ status: 'pending_payment', delivered: null }),
    });
    renderApp('/license');
    const price = await screen.findByTestId('product-price');
    expect(within(price).getByText('¥59.90 / 个')).toBeTruthy();
    expect(within(price).getByText('¥69.90')).toBeTruthy();
    expect(within(price).getByText('促销中')).toBeTruthy();
    expect(within(price).getByText('¥59.90 · 截至 2026-12-31 16:00（UTC）')).toBeTruthy();

    expect(screen.getByTestId('purchase-total').textContent).toBe('¥59.90');
    await setQuantity('7');
    // 59.9 × 7 in floating point is 419.29999999999995; in fen it is 41930
    await waitFor(() => expect(screen.getByTestId('purchase-total').textContent).toBe('¥419.30'));
    expect(screen.getByTestId('purchase-delivery').textContent).toContain('7 个 License，每个含 1 年服务期，使用时赠送 100 MB 流量');
    expect(document.body.textContent).toContain('选填，默认为公司名称（示例科技）。发票抬头须与付款方名称一致，否则无法开票。');

    await userEvent.click(screen.getByTestId('purchase-submit'));
    await waitFor(() => expect(a.callsTo('/merchandiseOrder/create')).toHaveLength(1));
    // no payer name typed: left out, so the server uses the company's name
    expect(a.callsTo('/merchandiseOrder/create')[0].body).toEqual({ productType: 0, quantity: 7, payMethod: 'wechat' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('微信支付')).toBeTruthy();
    expect(within(dialog).getByTestId('wechat-amount').textContent).toBe('¥419.30');
    await waitFor(() => expect(a.callsTo('/merchandiseOrder/wechat/prepay')[0].body).toEqual({ orderNo: ORDER_NO }));
  });

  test('data top-up: a missing traffic size is refused and nothing is sent', async () => {
    const a = mockApi({ '/merchandise/list': () => MERCHANDISE });
    renderApp('/volume');
    await screen.findByTestId('purchase-1');
    expect(screen.getByTestId('purchase-total').textContent).toBe('¥0.00');
    await userEvent.click(screen.getByTestId('purchase-submit'));
    expect(await screen.findByText('请输入流量大小')).toBeTruthy();
    expect(a.callsTo('/merchandiseOrder/create')).toHaveLength(0);
  });

  test('data top-up by offline remittance, with a payer name: the remittance dialog opens with the bank account', async () => {
    const order = offlineOrder({ productType: 1, productName: '流量充值', unitPrice: 10, quantity: 10, totalAmount: 100, payerName: '示例科技（上海）' });
    const a = mockApi({
      '/merchandise/list': () => MERCHANDISE,
      '/merchandiseOrder/create': () => order,
      '/merchandiseOrder/detail': () => order,
    });
    renderApp('/volume');
    await setQuantity('10');
    await waitFor(() => expect(screen.getByTestId('purchase-total').textContent).toBe('¥100.00'));
    expect(screen.getByTestId('purchase-delivery').textContent).toContain('10 GB 流量，永久有效，充入流量池');
    await userEvent.click(screen.getByText('线下汇款'));
    await userEvent.type(screen.getByTestId('purchase-payer'), '  示例科技（上海） ');
    await userEvent.click(screen.getByTestId('purchase-submit'));
    await waitFor(() => expect(a.callsTo('/merchandiseOrder/create')).toHaveLength(1));
    expect(a.callsTo('/merchandiseOrder/create')[0].body).toEqual({ productType: 1, quantity: 10, payMethod: 'offline', payerName: '示例科技（上海）' });
    const details = await screen.findByTestId('remittance-details');
    expect(within(details).getByText('1219 0000 0000 8888')).toBeTruthy();
    expect(within(details).getByTestId('remittance-code').textContent).toContain('RM7K2Q9X');
    expect(within(details).getByText('请务必填写在转账附言（备注）中，以便对账')).toBeTruthy();
  });

  test('AC Licenses in English: one per AC imported', async () => {
    await changeLocale('en');
    mockApi({ '/merchandise/list': () => MERCHANDISE });
    renderApp('/ac-download');
    await setQuantity('3');
    await waitFor(() => expect(screen.getByTestId('purchase-total').textContent).toBe('¥16.50'));
    expect(screen.getByTestId('purchase-delivery').textContent).toContain('3 AC Licenses, one per AC imported');
  });
});
