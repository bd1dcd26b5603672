import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { startSession } from '../lib/session';
import { MERCHANDISE, offlineOrder } from '../test/orders';
import { type ApiHandler, mockApi, renderApp, resetState } from '../test/utils';

const SUBMITTED = offlineOrder({ companyName: '待对账公司', remittanceState: 'submitted', bankTransactionNo: '20261121ICBC0001' });
const CODES = ['OPS_ORDERS', 'OPS_PRICES', 'OPS_AUDIT'];

function staff() {
  startSession({ principal: 'staff', token: 't', secretKey: 's', permissionsList: CODES, deductionSource: 0 });
}

function opsApi(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    '/api/v1/ops/account/query': () => ({ userId: 'o1', name: '运营', email: 'ops@rrp.local', locale: 'zh-CN', permissionsList: CODES }),
    '/api/v1/ops/order/list': (body) => {
      const queue = (body as { remittanceState?: string }).remittanceState === 'submitted';
      return { total: 1, list: [queue ? SUBMITTED : offlineOrder()], awaitingReconciliation: 1 };
    },
    '/api/v1/ops/order/detail': () => SUBMITTED,
    '/api/v1/ops/remittance/confirm': () => ({ ...SUBMITTED, status: 'completed', remittanceState: 'confirmed' }),
    '/api/v1/ops/remittance/reject': () => ({ ...SUBMITTED, remittanceState: 'rejected' }),
    '/api/v1/ops/merchandise/list': () => MERCHANDISE,
    '/api/v1/ops/merchandise/update': () => null,
    ...extra,
  });
}

beforeEach(() => {
  resetState();
  staff();
});

describe('back office: orders and reconciliation', () => {
  test('the queue lists the reported transfers with their count; confirming names amount and code, then sends the order number', async () => {
    const a = opsApi();
    renderApp('/ops/orders');
    expect(await screen.findByTestId('ops-menu-orders')).toBeTruthy();
    expect(screen.getByTestId('ops-menu-prices')).toBeTruthy();
    await screen.findByText('待对账公司');
    expect(a.callsTo('/ops/order/list')[0].body).toEqual({ remittanceState: 'submitted', pageNum: 1, pageSize: 20 });
    expect(within(screen.getByTestId('ops-orders-awaiting')).getByText('1')).toBeTruthy();

    await userEvent.click(screen.getByTestId(`ops-remit-confirm-${SUBMITTED.orderNo}`));
    const text = await screen.findByTestId('ops-remit-confirm-text');
    expect(text.textContent).toContain('金额 ¥419.30，汇款识别码 RM7K2Q9X，银行流水号 20261121ICBC0001。');
    expect(text.textContent).toContain('待对账公司');
    expect(a.callsTo('/ops/remittance/confirm')).toHaveLength(0);
    const dialog = text.closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(dialog).getByRole('button', { name: '确认到账' }));
    await waitFor(() => expect(a.callsTo('/ops/remittance/confirm')).toHaveLength(1));
    expect(a.callsTo('/ops/remittance/confirm')[0].body).toEqual({ orderNo: SUBMITTED.orderNo });
  });

  test('rejecting needs a reason; it is sent with the order number', async () => {
    const a = opsApi();
    renderApp('/ops/orders');
    await userEvent.click(await screen.findByTestId(`ops-remit-reject-${SUBMITTED.orderNo}`));
    await userEvent.click(await screen.findByTestId('ops-remit-reject-confirm'));
    expect(await screen.findByText('请填写驳回原因')).toBeTruthy();
    expect(a.callsTo('/ops/remittance/reject')).toHaveLength(0);
    await userEvent.type(screen.getByTestId('ops-remit-reject-reason'), '未查到该笔入账');
    await userEvent.click(screen.getByTestId('ops-remit-reject-confirm'));
    await waitFor(() => expect(a.callsTo('/ops/remittance/reject')).toHaveLength(1));
    expect(a.callsTo('/ops/remittance/reject')[0].body).toEqual({ orderNo: SUBMITTED.orderNo, reason: '未查到该笔入账' });
  });

  test('the all-orders tab searches by keyword; the detail drawer offers the same actions', async () => {
    const a = opsApi();
    renderApp('/ops/orders');
    await screen.findByText('待对账公司');
    await userEvent.click(screen.getByRole('tab', { name: /全部订单/ }));
    await waitFor(() => userEvent.click(screen.getByLabelText('订单号 / 识别码 / 流水号 / 公司')), { timeout: 5000 });
    await userEvent.keyboard('RM7K2Q9X{Enter}');
    await waitFor(() => expect(a.callsTo('/ops/order/list').some((c) => (c.body as { keyword?: string }).keyword === 'RM7K2Q9X')).toBe(true));
    await userEvent.click(screen.getByRole('tab', { name: /待对账/ }));
    // the pane takes pointer events again only when the tab switch's motion ends (slow on a busy machine)
    await waitFor(() => userEvent.click(screen.getByTestId(`ops-order-${SUBMITTED.orderNo}`)), { timeout: 5000 });
    const facts = await screen.findByTestId('order-facts');
    expect(within(facts).getByText('20261121ICBC0001')).toBeTruthy();
    const drawer = facts.closest('.ant-drawer-section, .ant-drawer-content, [role="dialog"]') as HTMLElement;
    expect(within(drawer).getByRole('button', { name: '确认到账' })).toBeTruthy();
  });
});

describe('back office: prices', () => {
  test('lists the prices; a promotional price must be below the unit price; saving sends yuan and the UTC end', async () => {
    const a = opsApi();
    renderApp('/ops/prices');
    const table = await screen.findByTestId('ops-prices');
    await within(table).findByText('¥69.90');
    expect(within(table).getByText('2026-12-31 16:00')).toBeTruthy();

    await userEvent.click(within(table).getByTestId('ops-price-edit-1'));
    const unit = await screen.findByTestId('ops-price-unit');
    const promo = screen.getByTestId('ops-price-promo');
    await userEvent.type(promo, '12');
    await userEvent.click(screen.getByTestId('ops-price-save'));
    expect(await screen.findByText('促销价须低于单价')).toBeTruthy();
    expect(a.callsTo('/ops/merchandise/update')).toHaveLength(0);

    await userEvent.clear(unit);
    await userEvent.type(unit, '12.5');
    await userEvent.click(screen.getByTestId('ops-price-save'));
    await waitFor(() => expect(a.callsTo('/ops/merchandise/update')).toHaveLength(1));
    expect(a.callsTo('/ops/merchandise/update')[0].body).toEqual({ productType: 1, unitPrice: 12.5, promoPrice: 12, promoUntil: null });
  });
});
