import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { ORDER_NO, orderDetail } from '../../test/orders';
import { mockApi, renderApp, resetState, signIn } from '../../test/utils';

const PREPAY = {
  codeUrl: 'weixin://wxpay/bizpayurl?pr=abc123',
  simulatorPayUrl: 'http://127.0.0.1:8090/pay/R20261120000000000001',
};

beforeEach(() => {
  resetState();
  signIn(['ACCOUNT', 'ACCOUNT_ORDER', 'MERCHANDISE', 'MERCHANDISE_BUY_LICENSE']);
});

async function openPayment(states: string[]) {
  let polls = 0;
  const a = mockApi({
    '/merchandiseOrder/query/list': () => ({ total: 1, list: [orderDetail()] }),
    '/merchandiseOrder/wechat/prepay': () => ({ ...PREPAY, expiresAt: new Date(Date.now() + 2 * 3600_000 - 5_000).toISOString() }),
    '/merchandiseOrder/payment/state': () => {
      const status = states[Math.min(polls++, states.length - 1)];
      return { status, delivered: status === 'completed' ? { licenses: 7 } : null };
    },
    '/merchandiseOrder/detail': () =>
      orderDetail({ status: 'completed', paidAt: '2026-11-20T08:05:00Z', completedAt: '2026-11-20T08:05:01Z', delivered: { licenses: 7 } }),
  });
  const view = renderApp('/order');
  await userEvent.click(await screen.findByTestId(`order-pay-${ORDER_NO}`));
  const dialog = await screen.findByRole('dialog');
  return { a, dialog, ...view };
}

describe('WeChat payment dialog', () => {
  test('shows the QR code, the amount, the time left and the simulator link; polls until completed, then the success page', async () => {
    const { a, dialog, router } = await openPayment(['pending_payment', 'completed']);
    const qr = await within(dialog).findByRole('img', { name: '微信支付二维码，金额 ¥419.30' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(dialog).getByTestId('wechat-amount').textContent).toBe('¥419.30');
    expect(within(dialog).getByRole('timer').textContent).toMatch(/^二维码 1:59:\d\d 后失效$/);
    const simulator = within(dialog).getByTestId('wechat-simulator');
    expect(simulator.getAttribute('href')).toBe(PREPAY.simulatorPayUrl);
    expect(simulator.getAttribute('target')).toBe('_blank');
    expect(simulator.textContent).toContain('在支付模拟器中打开');

    // the first answer says pending; the next one, ORDER_TIMING.pollMs later, completed
    await waitFor(() => expect(a.callsTo('/merchandiseOrder/payment/state').length).toBeGreaterThanOrEqual(2), { timeout: 8000 });
    expect(a.callsTo('/merchandiseOrder/payment/state')[0].body).toEqual({ orderNo: ORDER_NO });
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/success'));
    expect(router.state.location.search).toBe(`?orderNo=${ORDER_NO}`);
    expect(await screen.findByText('支付成功', { selector: '.ant-result-title' })).toBeTruthy();
    expect(within(screen.getByTestId('success-delivered')).getByText('7 个 License 已入库')).toBeTruthy();
    expect(screen.getByTestId('success-licenses')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('an expired order says so, and the polling stops', async () => {
    const { a, dialog } = await openPayment(['expired']);
    expect(await within(dialog).findByText('订单已过期')).toBeTruthy();
    expect(within(dialog).getByText('请重新下单')).toBeTruthy();
    expect(within(dialog).queryByRole('img', { name: /二维码/ })).toBeNull();
    const polls = a.callsTo('/merchandiseOrder/payment/state').length;
    await new Promise((r) => setTimeout(r, 3500));
    expect(a.callsTo('/merchandiseOrder/payment/state').length).toBe(polls);
  });
});
